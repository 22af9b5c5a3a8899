import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage, adminPageMeta, adminPageError } from "~/components/admin/admin-page";
import { ProductForm } from "~/components/admin/product-form";
import { Toaster } from "~/components/toaster";
import { actorOf } from "~/services/audit.server";
import { productFormData } from "~/services/admin/products.server";
import type { FormFailure } from "~/http/pages/forms.server";
import { privateJson } from "~/http/pages/admin-pages.server";
import { requireAdmin } from "~/http/pages/guards.server";
import { saveProductForm } from "~/http/pages/product-form.server";
import { readStaffForm } from "~/http/pages/uploads.server";
import { toasts } from "~/http/pages/toast.server";

export const meta = adminPageMeta("New product", "/admin/products/new");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const { categories } = await productFormData(context.app.db);
  return privateJson({ categories });
}

/** Creates the product, then shows it (post/redirect/get); a refusal shows the form again with its messages and what was typed. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const viewer = await requireAdmin(app, request);
  const saved = await saveProductForm(app, actorOf(viewer), await readStaffForm(request));
  if (!saved.ok) return saved.response;
  return toasts(app.env, request).redirectWithSuccess(
    `/admin/products/${saved.product.id}`,
    `Product ${saved.product.name} created.`,
  );
}

export default function NewProduct() {
  const { categories } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  return (
    <AdminPage
      notice={<Toaster toast={failure?.toast ?? null} listen={false} />}
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
