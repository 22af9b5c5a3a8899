import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ProductForm } from "~/components/admin/product-form";
import { AdminHeader } from "~/components/admin/ui";
import { errorBoundary } from "~/components/error-state";
import { Toaster } from "~/components/toaster";
import { rootSeo, seoMeta } from "~/lib/seo";
import { actorOf } from "~/services/audit.server";
import { productFormData } from "~/services/admin/products.server";
import type { FormFailure } from "~/http/pages/forms.server";
import { privatePageHeaders, requireAdmin } from "~/http/pages/guards.server";
import { saveProductForm } from "~/http/pages/product-form.server";
import { readStaffForm } from "~/http/pages/uploads.server";
import { toasts } from "~/http/pages/toast.server";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), { title: "New product", path: "/admin/products/new", noindex: true });

export const headers = privatePageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const { categories } = await productFormData(context.app.db);
  return json({ categories }, { headers: { "Cache-Control": "private, no-store" } });
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
    <section aria-labelledby="admin-title">
      <Toaster toast={failure?.toast ?? null} listen={false} />
      <Link to="/admin/products" className="text-sm font-medium text-bloom-700 underline">
        Back to products
      </Link>
      <div className="mt-3">
        <AdminHeader title="New product" description="Name, SKU and price are required; everything else can follow." />
      </div>
      <ProductForm
        key={failure?.toast.id ?? "new"}
        product={null}
        categories={categories}
        errors={failure?.errors}
        typed={failure?.values}
        submitLabel="Create product"
      />
    </section>
  );
}

export const ErrorBoundary = errorBoundary({
  failed: { title: "Could not load the form", message: "Please try again in a moment.", link: "retry" },
});
