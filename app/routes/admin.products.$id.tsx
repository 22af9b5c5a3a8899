import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ProductForm } from "~/components/admin/product-form";
import { AdminHeader, dangerButton, dateTime, secondaryButton } from "~/components/admin/ui";
import { errorBoundary } from "~/components/error-state";
import { Toaster } from "~/components/toaster";
import { parseId } from "~/lib/ids";
import { PRODUCT_MESSAGES } from "~/lib/schemas/admin-products";
import { rootSeo, seoMeta } from "~/lib/seo";
import { actorOf } from "~/services/audit.server";
import { productFormData, setProductArchived } from "~/services/admin/products.server";
import { readStaffForm } from "~/http/pages/uploads.server";
import type { FormFailure } from "~/http/pages/forms.server";
import { privatePageHeaders, requireAdmin } from "~/http/pages/guards.server";
import { saveProductForm } from "~/http/pages/product-form.server";
import { toasts } from "~/http/pages/toast.server";
import { StaffChanges } from "~/components/admin/staff-changes";
import { buttonError } from "~/http/pages/forms.server";

export const meta: MetaFunction<typeof loader> = ({ matches, data, params }) =>
  seoMeta(rootSeo(matches), {
    title: data ? data.product.name : PRODUCT_MESSAGES.notFound,
    path: `/admin/products/${params.id}`,
    noindex: true,
  });

export const headers = privatePageHeaders;

const notFound = () => json({ message: PRODUCT_MESSAGES.notFound }, { status: 404 });

/** One product (archived ones too) with every field, its images, its category's options and its audit trail. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const id = parseId(params.id);
  const { product, categories } = id ? await productFormData(context.app.db, id) : { product: null, categories: [] };
  if (!product) throw notFound();
  return json({ product, categories }, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * `intent=save` (the form, multipart), `intent=archive` or `intent=restore` (a button with the
 * version it showed): each redirects back with a toast; a refused save shows the form again.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { app } = context;
  const viewer = await requireAdmin(app, request);
  const id = parseId(params.id);
  if (!id) throw notFound();
  const here = `/admin/products/${id}`;
  const toast = toasts(app.env, request);
  const submitted = await readStaffForm(request);
  const { values } = submitted;
  const intent = values.intent;
  try {
    if (intent === "archive" || intent === "restore") {
      const version = /^\d+$/.test(values.version ?? "") ? Number(values.version) : undefined;
      const product = await setProductArchived(app.db, actorOf(viewer), id, intent === "archive", version);
      return toast.redirectWithSuccess(
        here,
        intent === "archive"
          ? `${product.name} is archived: it has left the shop.`
          : `${product.name} is restored: it is back in the shop.`,
      );
    }
    if (intent !== "save") return toast.redirectWithError(here, "That action is not available for this product.");
    const saved = await saveProductForm(app, actorOf(viewer), submitted, id);
    if (!saved.ok) return saved.response;
    return toast.redirectWithSuccess(here, `Product ${saved.product.name} saved.`);
  } catch (error) {
    return buttonError(error, { toast, here, notFound });
  }
}

function ArchiveButton({ archived, version }: { archived: boolean; version: number }) {
  const navigation = useNavigation();
  const intent = archived ? "restore" : "archive";
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      <button
        type="submit"
        className={archived ? secondaryButton : dangerButton}
        disabled={navigation.state !== "idle"}
        aria-busy={busy || undefined}
      >
        {archived ? "Restore" : "Archive"}
      </button>
    </Form>
  );
}

export default function AdminProductPage() {
  const { product, categories } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const archived = !product.is_active;
  return (
    <section aria-labelledby="admin-title">
      <Toaster toast={failure?.toast ?? null} listen={false} />
      <Link to="/admin/products" className="text-sm font-medium text-bloom-700 underline">
        Back to products
      </Link>
      <div className="mt-3">
        <AdminHeader
          title={product.name}
          description={
            archived ? (
              <>Archived {dateTime(product.archived_at)}: it is not in the shop; past orders still show it.</>
            ) : (
              <>
                In the shop at{" "}
                <Link to={`/product/${product.slug}`} className="text-bloom-700 underline">
                  /product/{product.slug}
                </Link>
              </>
            )
          }
          actions={<ArchiveButton archived={archived} version={product.version} />}
        />
      </div>
      <div className="mt-2 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <ProductForm
          key={`${product.version}-${failure?.toast.id ?? ""}`}
          product={product}
          categories={categories}
          errors={failure?.errors}
          typed={failure?.values}
          submitLabel="Save product"
        />
        <div className="mt-6 grid h-fit gap-6">
          <StaffChanges
            id="product-audit"
            title="Staff changes"
            entries={product.audit}
            empty="No staff changes yet."
            withEmail
          />
        </div>
      </div>
    </section>
  );
}

export const ErrorBoundary = errorBoundary({
  notFound: {
    title: PRODUCT_MESSAGES.notFound,
    message: "There is no product with this number.",
    link: { to: "/admin/products", label: "Back to products" },
  },
  failed: { title: "Could not load this product", message: "Please try again in a moment.", link: "retry" },
});
