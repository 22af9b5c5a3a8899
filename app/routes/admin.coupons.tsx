import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { tablePageError, tablePageMeta, tablePageRoute } from "~/components/admin/checkout-table";
import { couponsPage } from "~/components/admin/checkout-tables";
import { checkoutTableAction, checkoutTableLoader } from "~/http/pages/admin-catalogue.server";
import { couponsTable } from "~/services/admin/checkout-tables.server";

export const meta = tablePageMeta(couponsPage);

export const loader = (args: LoaderFunctionArgs) => checkoutTableLoader(args, couponsTable);

export const action = (args: ActionFunctionArgs) => checkoutTableAction(args, couponsTable, couponsPage);

export default tablePageRoute(couponsPage);

export const ErrorBoundary = tablePageError(couponsPage);
