import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CategoryForm } from "~/components/admin/category-form";
import { AdminPage, backTo, subjectError, subjectMeta } from "~/components/admin/admin-page";
import { AdminCard, dangerButton } from "~/components/admin/ui";
import type { AdminSubject } from "~/lib/admin-list";
import { parseId } from "~/lib/ids";
import { CATALOGUE_MESSAGES, CategoryUpdateSchema } from "~/lib/schemas/admin-catalogue";
import { deleteCategory, getAdminCategory, updateCategory } from "~/services/admin/categories.server";
import { ConflictError, NotFoundError, ValidationError } from "~/services/errors";
import { readCategoryForm } from "~/http/pages/admin-catalogue.server";
import { formFailure, type FormFailure, buttonError } from "~/http/pages/forms.server";
import { loadSubject, privateJson, subjectAction } from "~/http/pages/admin-pages.server";
import { StaffChanges } from "~/components/admin/staff-changes";

const categories: AdminSubject = {
  path: "/admin/categories",
  back: "Back to categories",
  missing: CATALOGUE_MESSAGES.categoryNotFound,
};

export const meta = subjectMeta<typeof loader>(categories, (data) => `Category: ${data.category.name}`);

export async function loader(args: LoaderFunctionArgs) {
  const { found } = await loadSubject(args, categories, parseId(args.params.id), getAdminCategory);
  return privateJson({ category: found });
}

/** `intent=update` (the edit form, multipart with its image) or `intent=delete`. */
export async function action(args: ActionFunctionArgs) {
  const { app, actor, id, here, toast, notFound } = await subjectAction(args, categories, parseId(args.params.id));
  const { values, input, errors } = await readCategoryForm(app, args.request, actor, CategoryUpdateSchema);

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
    <AdminPage
      toast={failure?.toast ?? null}
      back={backTo(categories)}
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
    >
      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <AdminCard id="edit-heading" title="Edit category">
          <CategoryForm category={category} submitLabel="Save category" intent="update" />
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
    </AdminPage>
  );
}

export const ErrorBoundary = subjectError(categories, {
  gone: "It may have been deleted.",
  failed: "Could not load this category",
});
