import { z } from "zod";
import { parseId } from "../../../app/lib/ids";
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
import { NotFoundError } from "../../../app/services/errors";
import {
  adminCategoryDetailJson,
  AdminCategoryDetailSchema,
  adminCategoryJson,
  AdminCategorySchema,
  categoryStatsJson,
  CategoryStatsSchema,
} from "../../../app/services/serializers/admin-category";
import { ok, parseBody, type ApiContext } from "../http";
import { apiApp, errors, json, jsonOrForm, mount, success } from "../openapi";
import { actor, STAFF_READ, STAFF_WRITE } from "./staff";

const tags = ["Admin"];
const params = z.object({ id: z.string() });

/** The category of the path: an id that is not one is simply not found. */
function categoryId(c: ApiContext): number {
  const id = parseId(c.req.param("id"));
  if (id === null) throw new NotFoundError(CATALOGUE_MESSAGES.categoryNotFound);
  return id;
}

/**
 * /api/admin/categories: every category with its product counts (on sale and archived apart),
 * create, change (guarded by `version`), delete while no product uses it (else 409), and counts.
 * The shop's category pages, lists and product cards show a change at once.
 */
export const adminCategoriesApi = mount(
  apiApp(),
  {
    method: "get",
    path: "/",
    tags,
    summary: "Every category (hidden ones too) with its product counts",
    security: STAFF_READ,
    responses: { 200: json(success(z.array(AdminCategorySchema)), "In the shop's order."), ...errors(401, 403) },
  },
  async (c) => ok(c, (await listAdminCategories(c.var.app.db)).map(adminCategoryJson)),
);

mount(
  adminCategoriesApi,
  {
    method: "post",
    path: "/",
    tags,
    summary: "Create a category",
    description: "A missing or empty `slug` is made from the name; a slug already in use is a 409.",
    security: STAFF_WRITE,
    request: { body: jsonOrForm(CategoryCreateSchema) },
    responses: {
      201: json(success(AdminCategoryDetailSchema, { message: z.string() }), "Created."),
      ...errors(401, 403, 409, 422),
    },
  },
  async (c) => {
    const input = await parseBody(c, CategoryCreateSchema);
    const category = await createCategory(c.var.app.db, actor(c), input);
    return c.json({ success: true, data: adminCategoryDetailJson(category), message: "Category created." }, 201);
  },
);

mount(
  adminCategoriesApi,
  {
    method: "get",
    path: "/stats",
    tags,
    summary: "How many categories: in all, shown, hidden, with products, empty",
    security: STAFF_READ,
    responses: { 200: json(success(CategoryStatsSchema), "The counts."), ...errors(401, 403) },
  },
  async (c) => ok(c, categoryStatsJson(await categoryStats(c.var.app.db))),
);

mount(
  adminCategoriesApi,
  {
    method: "get",
    path: "/{id}",
    tags,
    summary: "One category with its product counts and its latest staff changes",
    security: STAFF_READ,
    request: { params },
    responses: { 200: json(success(AdminCategoryDetailSchema), "The category."), ...errors(401, 403, 404) },
  },
  async (c) => {
    const category = await getAdminCategory(c.var.app.db, categoryId(c));
    if (!category) throw new NotFoundError(CATALOGUE_MESSAGES.categoryNotFound);
    return ok(c, adminCategoryDetailJson(category));
  },
);

mount(
  adminCategoriesApi,
  {
    method: "put",
    path: "/{id}",
    tags,
    summary: "Change a category",
    description:
      "Only the fields sent change. An empty `slug` makes one from the name; a slug in use is a 409. With `version`, a category changed since that version is a 409, not overwritten.",
    security: STAFF_WRITE,
    request: { params, body: jsonOrForm(CategoryUpdateSchema) },
    responses: {
      200: json(success(AdminCategoryDetailSchema, { message: z.string() }), "The changed category."),
      ...errors(401, 403, 404, 409, 422),
    },
  },
  async (c) => {
    const id = categoryId(c);
    const input = await parseBody(c, CategoryUpdateSchema);
    const category = await updateCategory(c.var.app.db, actor(c), id, input);
    return ok(c, adminCategoryDetailJson(category), { message: "Category updated." });
  },
);

mount(
  adminCategoriesApi,
  {
    method: "delete",
    path: "/{id}",
    tags,
    summary: "Delete a category no product uses",
    description: "While any product (on sale or archived) uses it: 409, with a message naming how many.",
    security: STAFF_WRITE,
    request: { params },
    responses: {
      200: json(success(z.object({ id: z.number().int() }), { message: z.string() }), "Deleted."),
      ...errors(401, 403, 404, 409),
    },
  },
  async (c) => {
    const removed = await deleteCategory(c.var.app.db, actor(c), categoryId(c));
    return ok(c, { id: removed.id }, { message: `Category "${removed.name}" deleted.` });
  },
);
