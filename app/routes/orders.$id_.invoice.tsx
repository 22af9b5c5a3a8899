import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Invoice, MyOrderError, paperHandle, paperLinks, paperMeta } from "~/components/order-papers";
import { privatePageHeaders } from "~/http/pages/guards.server";
import { myOrder } from "~/http/pages/papers.server";

export const handle = paperHandle;
export const links = paperLinks;
export const headers = privatePageHeaders;
export const meta = paperMeta((order) => `Invoice ${order.invoice_number ?? order.order_number}`);

/** The invoice of one of the shopper's orders: the order page's rules (log in first; another shopper's is a 404). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const order = await myOrder(context.app, request, params.id);
  return json({ order }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function OrderInvoicePage() {
  const { order } = useLoaderData<typeof loader>();
  return <Invoice order={order} />;
}

export const ErrorBoundary = MyOrderError;
