import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GuestOrderError, Invoice, paperHandle, paperLinks, paperMeta } from "~/components/order-papers";
import { GUEST_ORDER_HEADERS, signedOrder } from "~/http/pages/papers.server";

export const handle = paperHandle;
export const links = paperLinks;
export const headers: HeadersFunction = () => GUEST_ORDER_HEADERS;
export const meta = paperMeta((order) => `Invoice ${order.invoice_number ?? order.order_number}`);

/** A guest's invoice: the confirmation page's signed link (`sig`) opens it, nothing else does. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { order } = await signedOrder(context.app, request, params.number ?? "");
  return json({ order }, { headers: GUEST_ORDER_HEADERS });
}

export default function GuestInvoicePage() {
  const { order } = useLoaderData<typeof loader>();
  return <Invoice order={order} />;
}

export const ErrorBoundary = GuestOrderError;
