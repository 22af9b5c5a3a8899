import { z } from "zod";
import {
  CATALOGUE_MESSAGES,
  CategoryCreateSchema,
  CategoryUpdateSchema,
} from "../../../app/lib/schemas/admin-catalogue";
import {
  categoryStats,
  createCategory,
  deleteCategory,
  getAdminCategory,
  listAdminCategories,
  updateCategory,
} from "../../../app/services/admin/categories.server";
import {
  adminCategoryDetailJson,
  AdminCategoryDetailSchema,
  adminCategoryJson,
  AdminCategorySchema,
  categoryStatsJson,
  CategoryStatsSchema,
} from "../../../app/services/serializers/admin-category";
import { ok, pathId } from "../http";
import { apiApp, jsonOrForm } from "../openapi";
import { deletedId, idParams as params, staffResource, staffRoute } from "./route";
import { actor } from "./staff";

/**
 * /api/admin/categories: every category with its product counts (on sale and archived apart),
 * create, change (guarded by `version`), delete while no product uses it (else 409), and counts.
 * The shop's category pages, lists and product cards show a change at once.
 */
export const adminCategoriesApi = staffRoute(
  apiApp(),
  {
    method: "get",
    path: "/",
    summary: "Every category (hidden ones too) with its product counts",
    data: z.array(AdminCategorySchema),
    answer: "In the shop's order.",
  },
  async (c) => ok(c, (await listAdminCategories(c.var.app.db)).map(adminCategoryJson)),
);

staffResource(adminCategoriesApi, {
  data: AdminCategoryDetailSchema,
  json: adminCategoryDetailJson,
  notFound: CATALOGUE_MESSAGES.categoryNotFound,
  create: {
    summary: "Create a category",
    description: "A missing or empty `slug` is made from the name; a slug already in use is a 409.",
    body: jsonOrForm(CategoryCreateSchema),
    input: CategoryCreateSchema,
    answer: "Created.",
    message: "Category created.",
    run: createCategory,
  },
  stats: {
    summary: "How many categories: in all, shown, hidden, with products, empty",
    data: CategoryStatsSchema,
    answer: "The counts.",
    count: async (db) => categoryStatsJson(await categoryStats(db)),
  },
  read: {
    summary: "One category with its product counts and its latest staff changes",
    answer: "The category.",
    get: getAdminCategory,
  },
  update: {
    summary: "Change a category",
    description:
      "Only the fields sent change. An empty `slug` makes one from the name; a slug in use is a 409. With `version`, a category changed since that version is a 409, not overwritten.",
    body: jsonOrForm(CategoryUpdateSchema),
    input: CategoryUpdateSchema,
    answer: "The changed category.",
    message: "Category updated.",
    run: updateCategory,
  },
});

staffRoute(
  adminCategoriesApi,
  {
    method: "delete",
    path: "/{id}",
    summary: "Delete a category no product uses",
    description: "While any product (on sale or archived) uses it: 409, with a message naming how many.",
    request: { params },
    data: deletedId,
    answer: "Deleted.",
    refusals: [409],
  },
  async (c) => {
    const removed = await deleteCategory(c.var.app.db, actor(c), pathId(c, CATALOGUE_MESSAGES.categoryNotFound));
    return ok(c, { id: removed.id }, { message: `Category "${removed.name}" deleted.` });
  },
);
