import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { tablePageError, tablePageMeta, tablePageRoute } from "~/components/admin/checkout-table";
import { shippingPage } from "~/components/admin/checkout-tables";
import { checkoutTableAction, checkoutTableLoader } from "~/http/pages/admin-catalogue.server";
import { shippingTable } from "~/services/admin/checkout-tables.server";

export const meta = tablePageMeta(shippingPage);

export const loader = (args: LoaderFunctionArgs) => checkoutTableLoader(args, shippingTable);

export const action = (args: ActionFunctionArgs) => checkoutTableAction(args, shippingTable, shippingPage);

export default tablePageRoute(shippingPage);

export const ErrorBoundary = tablePageError(shippingPage);
