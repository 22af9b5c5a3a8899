import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CheckoutTablePage, tablePageError, tablePageMeta } from "~/components/admin/checkout-table";
import { couponsPage } from "~/components/admin/checkout-tables";
import { checkoutTableAction, checkoutTableLoader } from "~/http/pages/admin-catalogue.server";
import { privatePageHeaders } from "~/http/pages/guards.server";
import { couponsTable } from "~/services/admin/checkout-tables.server";

export const meta = tablePageMeta(couponsPage);

export const headers = privatePageHeaders;

export const loader = (args: LoaderFunctionArgs) => checkoutTableLoader(args, couponsTable);

export const action = (args: ActionFunctionArgs) => checkoutTableAction(args, couponsTable, couponsPage);

export default function AdminCoupons() {
  return <CheckoutTablePage page={couponsPage} data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = tablePageError(couponsPage);
