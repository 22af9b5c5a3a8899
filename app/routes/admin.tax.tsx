import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CheckoutTablePage, tablePageError, tablePageMeta } from "~/components/admin/checkout-table";
import { taxPage } from "~/components/admin/checkout-tables";
import { checkoutTableAction, checkoutTableLoader } from "~/http/pages/admin-catalogue.server";
import { privatePageHeaders } from "~/http/pages/guards.server";
import { taxTable } from "~/services/admin/checkout-tables.server";

export const meta = tablePageMeta(taxPage);

export const headers = privatePageHeaders;

export const loader = (args: LoaderFunctionArgs) => checkoutTableLoader(args, taxTable);

export const action = (args: ActionFunctionArgs) => checkoutTableAction(args, taxTable, taxPage);

export default function AdminTax() {
  return <CheckoutTablePage page={taxPage} data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = tablePageError(taxPage);
