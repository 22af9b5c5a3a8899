import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { tablePageError, tablePageMeta, tablePageRoute } from "~/components/admin/checkout-table";
import { taxPage } from "~/components/admin/checkout-tables";
import { checkoutTableAction, checkoutTableLoader } from "~/http/pages/admin-catalogue.server";
import { taxTable } from "~/services/admin/checkout-tables.server";

export const meta = tablePageMeta(taxPage);

export const loader = (args: LoaderFunctionArgs) => checkoutTableLoader(args, taxTable);

export const action = (args: ActionFunctionArgs) => checkoutTableAction(args, taxTable, taxPage);

export default tablePageRoute(taxPage);

export const ErrorBoundary = tablePageError(taxPage);
