import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { subjectError } from "~/components/admin/admin-page";
import { PackingSlip, paperHandle, paperLinks, paperMeta } from "~/components/order-papers";
import { ADMIN_ORDERS } from "~/lib/admin-list";
import { privatePageHeaders } from "~/http/pages/guards.server";
import { adminOrderPaper } from "~/http/pages/papers.server";

export const handle = paperHandle;
export const links = paperLinks;
export const headers = privatePageHeaders;
export const meta = paperMeta((order) => `Packing slip ${order.order_number}`);

/** Staff only, like the order's page; an unknown order is its 404. */
export const loader = (args: LoaderFunctionArgs) => adminOrderPaper(args);

export default function PackingSlipPage() {
  const { order } = useLoaderData<typeof loader>();
  return <PackingSlip order={order} />;
}

export const ErrorBoundary = subjectError(ADMIN_ORDERS, {
  gone: "There is no order with this number.",
  failed: "Could not load this order",
});
