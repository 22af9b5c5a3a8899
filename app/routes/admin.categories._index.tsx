import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminPageMeta, adminPageError } from "~/components/admin/admin-page";
import { AdminListPage } from "~/components/admin/list-page";
import { AdminCard, RowLink } from "~/components/admin/ui";
import { CategoryForm } from "~/components/admin/category-form";
import { Toaster } from "~/components/toaster";
import { CATALOGUE_MESSAGES, CATEGORY_DEFAULTS, CategoryCreateSchema } from "~/lib/schemas/admin-catalogue";
import { categoriesPage, createCategory } from "~/services/admin/categories.server";
import { ConflictError, ValidationError } from "~/services/errors";
import { readCategoryForm } from "~/http/pages/admin-catalogue.server";
import { formFailure, type FormFailure } from "~/http/pages/forms.server";
import { adminAction, loadAdminPage } from "~/http/pages/admin-pages.server";

export const meta = adminPageMeta("Categories", "/admin/categories");

/** Every category (hidden ones too) with its product counts, and the counts above the table. */
export const loader = (args: LoaderFunctionArgs) => loadAdminPage(args, categoriesPage);

/** The create form (multipart, with its image): to the new category's page, or back with the messages. */
export async function action(args: ActionFunctionArgs) {
  const { app, actor, toast } = await adminAction(args);
  const { values, input, errors } = await readCategoryForm(app, args.request, actor, CategoryCreateSchema);
  if (!input) return formFailure(errors, CATALOGUE_MESSAGES.formErrors, values);
  try {
    const category = await createCategory(app.db, actor, input);
    return toast.redirectWithSuccess(`/admin/categories/${category.id}`, `Category "${category.name}" created.`);
  } catch (error) {
    if (error instanceof ConflictError)
      return formFailure({ slug: [error.message] }, error.message, values, { status: 409 });
    if (error instanceof ValidationError)
      return formFailure(
        error.errors,
        error.message === "The given data was invalid." ? CATALOGUE_MESSAGES.formErrors : error.message,
        values,
      );
    throw error;
  }
}

export default function AdminCategories() {
  const { categories, stats } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  return (
    <AdminListPage
      title="Categories"
      description={`${stats.total} categories: ${stats.active} shown in the shop, ${stats.inactive} hidden; ${stats.with_products} with products, ${stats.empty} empty.`}
      intro={<Toaster toast={failure?.toast ?? null} listen={false} />}
      table={{
        caption: "Categories in the shop's order",
        rows: categories,
        empty: "No categories yet. Create the first one below.",
        columns: [
          {
            head: "Category",
            render: (category) => (
              <RowLink to={`/admin/categories/${category.id}`}>
                {category.icon ? <span aria-hidden="true">{category.icon} </span> : null}
                {category.name}
              </RowLink>
            ),
          },
          { head: "Slug", className: "text-gray-700", render: (category) => category.slug },
          {
            head: "In the shop",
            render: (category) =>
              category.is_active ? (
                <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">Shown</span>
              ) : (
                <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800">Hidden</span>
              ),
          },
          { head: "Products on sale", render: (category) => category.active_products },
          { head: "Archived products", render: (category) => category.archived_products },
          { head: "Order", render: (category) => category.sort_order },
        ],
      }}
    >
      <AdminCard id="new-category-heading" title="New category" className="mt-8">
        <CategoryForm category={CATEGORY_DEFAULTS} submitLabel="Create category" intent="create" />
      </AdminCard>
    </AdminListPage>
  );
}

export const ErrorBoundary = adminPageError("Could not load the categories");
