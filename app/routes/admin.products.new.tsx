import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage, adminPageMeta, adminPageError } from "~/components/admin/admin-page";
import { ProductForm } from "~/components/admin/product-form";
import { productFormData } from "~/services/admin/products.server";
import type { FormFailure } from "~/http/pages/forms.server";
import { adminAction, loadAdminPage } from "~/http/pages/admin-pages.server";
import { saveProductForm } from "~/http/pages/product-form.server";
import { readStaffForm } from "~/http/pages/uploads.server";

export const meta = adminPageMeta("New product", "/admin/products/new");

export const loader = (args: LoaderFunctionArgs) =>
  loadAdminPage(args, async (db) => ({ categories: (await productFormData(db)).categories }));

/** Creates the product, then shows it (post/redirect/get); a refusal shows the form again with its messages and what was typed. */
export async function action(args: ActionFunctionArgs) {
  const { app, actor, toast } = await adminAction(args);
  const saved = await saveProductForm(app, actor, await readStaffForm(args.request));
  if (!saved.ok) return saved.response;
  return toast.redirectWithSuccess(`/admin/products/${saved.product.id}`, `Product ${saved.product.name} created.`);
}

export default function NewProduct() {
  const { categories } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  return (
    <AdminPage
      toast={failure?.toast ?? null}
      back={{ to: "/admin/products", label: "Back to products" }}
      title="New product"
      description="Name, SKU and price are required; everything else can follow."
    >
      <ProductForm
        key={failure?.toast.id ?? "new"}
        product={null}
        categories={categories}
        errors={failure?.errors}
        typed={failure?.values}
        submitLabel="Create product"
      />
    </AdminPage>
  );
}

export const ErrorBoundary = adminPageError("Could not load the form");
