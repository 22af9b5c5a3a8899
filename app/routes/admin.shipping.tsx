import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CheckoutTablePage, tablePageError, tablePageMeta } from "~/components/admin/checkout-table";
import { shippingPage } from "~/components/admin/checkout-tables";
import { checkoutTableAction, checkoutTableLoader } from "~/http/pages/admin-catalogue.server";
import { privatePageHeaders } from "~/http/pages/guards.server";
import { shippingTable } from "~/services/admin/checkout-tables.server";

export const meta = tablePageMeta(shippingPage);

export const headers = privatePageHeaders;

export const loader = (args: LoaderFunctionArgs) => checkoutTableLoader(args, shippingTable);

export const action = (args: ActionFunctionArgs) => checkoutTableAction(args, shippingTable, shippingPage);

export default function AdminShipping() {
  return <CheckoutTablePage page={shippingPage} data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = tablePageError(shippingPage);
