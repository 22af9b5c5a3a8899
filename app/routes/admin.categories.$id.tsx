import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CategoryForm } from "~/components/admin/category-form";
import { AdminCard, AdminHeader, dangerButton } from "~/components/admin/ui";
import { errorBoundary } from "~/components/error-state";
import { Toaster } from "~/components/toaster";
import { parseId } from "~/lib/ids";
import { CATALOGUE_MESSAGES, CategoryUpdateSchema } from "~/lib/schemas/admin-catalogue";
import { rootSeo, seoMeta } from "~/lib/seo";
import { actorOf } from "~/services/audit.server";
import { deleteCategory, getAdminCategory, updateCategory } from "~/services/admin/categories.server";
import { ConflictError, NotFoundError, ValidationError } from "~/services/errors";
import { readCategoryForm } from "~/http/pages/admin-catalogue.server";
import { formFailure, type FormFailure, buttonError } from "~/http/pages/forms.server";
import { privatePageHeaders, requireAdmin } from "~/http/pages/guards.server";
import { toasts } from "~/http/pages/toast.server";
import { StaffChanges } from "~/components/admin/staff-changes";

export const meta: MetaFunction<typeof loader> = ({ matches, data, params }) =>
  seoMeta(rootSeo(matches), {
    title: data ? `Category: ${data.category.name}` : "Category not found",
    path: `/admin/categories/${params.id}`,
    noindex: true,
  });

export const headers = privatePageHeaders;

const notFound = () => json({ message: CATALOGUE_MESSAGES.categoryNotFound }, { status: 404 });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const id = parseId(params.id);
  const category = id ? await getAdminCategory(context.app.db, id) : null;
  if (!category) throw notFound();
  return json({ category }, { headers: { "Cache-Control": "private, no-store" } });
}

/** `intent=update` (the edit form, multipart with its image) or `intent=delete`. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { app } = context;
  const viewer = await requireAdmin(app, request);
  const actor = actorOf(viewer);
  const id = parseId(params.id);
  if (!id) throw notFound();
  const here = `/admin/categories/${id}`;
  const toast = toasts(app.env, request);
  const { values, input, errors } = await readCategoryForm(app, request, actor, CategoryUpdateSchema);

  if (values.intent === "delete") {
    try {
      const removed = await deleteCategory(app.db, actor, id);
      return toast.redirectWithSuccess("/admin/categories", `Category "${removed.name}" deleted.`);
    } catch (error) {
      // Still in use: back to the category, saying how many products hold it.
      if (error instanceof NotFoundError) return toast.redirectWithError("/admin/categories", error.message);
      return buttonError(error, { toast, here });
    }
  }

  if (!input) return formFailure(errors, CATALOGUE_MESSAGES.formErrors, values);
  try {
    const category = await updateCategory(app.db, actor, id, input);
    return toast.redirectWithSuccess(here, `Category "${category.name}" saved.`);
  } catch (error) {
    if (error instanceof ConflictError) {
      // A slug in use: under the slug. A stale form: the message alone (the form keeps what was typed).
      const field: Record<string, string[]> =
        error.message === CATALOGUE_MESSAGES.staleCategory ? {} : { slug: [error.message] };
      return formFailure(field, error.message, values, { status: 409 });
    }
    if (error instanceof ValidationError) return formFailure(error.errors, CATALOGUE_MESSAGES.formErrors, values);
    if (error instanceof NotFoundError) throw notFound();
    throw error;
  }
}

export default function AdminCategory() {
  const { category } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const inUse = category.active_products + category.archived_products;
  return (
    <section aria-labelledby="admin-title">
      <Toaster toast={failure?.toast ?? null} listen={false} />
      <Link to="/admin/categories" className="text-sm font-medium text-bloom-700 underline">
        Back to categories
      </Link>
      <div className="mt-3">
        <AdminHeader
          title={category.name}
          description={
            <>
              {category.active_products} on sale, {category.archived_products} archived ·{" "}
              {category.is_active ? (
                <a href={`/categories/${category.slug}`} className="text-bloom-700 underline">
                  See it in the shop
                </a>
              ) : (
                "Hidden from the shop"
              )}
            </>
          }
        />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <AdminCard id="edit-heading" title="Edit category">
          <CategoryForm
            category={category}
            typed={failure?.values}
            errors={failure?.errors}
            submitLabel="Save category"
            intent="update"
          />
        </AdminCard>

        <div className="grid h-fit gap-6">
          <AdminCard id="delete-heading" title="Delete">
            <p className="mt-3 text-sm text-gray-700">
              {inUse > 0
                ? `${inUse} ${inUse === 1 ? "product uses" : "products use"} this category (archived ones count too): move them to another category first. To take it out of the shop meanwhile, untick "Shown in the shop".`
                : "No product uses this category: it can be deleted. This cannot be undone."}
            </p>
            <Form method="post" encType="multipart/form-data" noValidate className="mt-3">
              <input type="hidden" name="intent" value="delete" />
              <button type="submit" className={dangerButton} disabled={busy}>
                Delete category
              </button>
            </Form>
          </AdminCard>

          <StaffChanges entries={category.audit} empty="No staff changes yet." />
        </div>
      </div>
    </section>
  );
}

export const ErrorBoundary = errorBoundary({
  notFound: {
    title: "Category not found",
    message: "It may have been deleted.",
    link: { to: "/admin/categories", label: "Back to categories" },
  },
  failed: { title: "Could not load this category", message: "Please try again in a moment.", link: "retry" },
});
