import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import { parseId } from "../../lib/ids";
import { CATALOGUE_MESSAGES, checkboxesOf, tableForm } from "../../lib/schemas/admin-catalogue";
import { fieldErrors } from "../../lib/schemas/query";
import { actorOf, type Actor } from "../../services/audit.server";
import type { CheckoutTable } from "../../services/admin/checkout-tables.server";
import { ConflictError, NotFoundError, ValidationError } from "../../services/errors";
import type { AppContext } from "../context.server";
import { formFailure, readForm } from "./forms.server";
import { requireAdmin } from "./guards.server";
import { toasts } from "./toast.server";
import { imageFieldFrom, readStaffForm } from "./uploads.server";

/**
 * A category form as posted (multipart, with its image): the typed values (the image's field set
 * to the image now chosen, so a form sent back shows it), and the input its schema read, or the
 * messages per field (an upload refused with 413/415 under the image's file input).
 */
export async function readCategoryForm<S extends z.ZodType>(
  app: AppContext,
  request: Request,
  actor: Actor,
  schema: S,
): Promise<{ values: Record<string, string>; input: z.output<S> | null; errors: Record<string, string[]> }> {
  const { values, form } = await readStaffForm(request);
  const image = await imageFieldFrom(app, form, "image", actor);
  values.image = image.url ?? "";
  delete values.image_remove;
  const parsed = schema.safeParse({ ...values, is_active: values.is_active === "on" });
  const errors: Record<string, string[]> = parsed.success ? {} : fieldErrors(parsed.error);
  if (image.error) errors.image_file = [image.error];
  return { values, input: parsed.success && !image.error ? parsed.data : null, errors };
}

/** A checkout table's form (urlencoded): its checkboxes read as true or false. */
function withCheckboxes(values: Record<string, string>, names: string[]): Record<string, unknown> {
  const read: Record<string, unknown> = { ...values };
  for (const name of names) read[name] = values[name] === "on";
  return read;
}

/** What a checkout table's page says in its toasts: where its list is, a row's name, a delete. */
interface TablePageToasts<Row, Removed> {
  path: string;
  toastName: (row: Row) => string;
  deleted: (removed: { id: number } & Removed) => string;
}

/** A checkout table's page: every row and its form; `?edit={id}` opens one in the edit form. */
export async function checkoutTableLoader<Row, Input, Removed>(
  { request, context }: LoaderFunctionArgs,
  table: CheckoutTable<Row, Input, Removed>,
) {
  const { app } = context;
  await requireAdmin(app, request);
  const editId = parseId(new URL(request.url).searchParams.get("edit"));
  const [rows, editing] = await Promise.all([table.list(app.db), editId ? table.get(app.db, editId) : null]);
  const form = tableForm(table.fields, editing ? table.json(editing) : null);
  return json({ rows, editing, form }, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * The action of a checkout table's page (coupons, shipping, tax): `intent=create`, `intent=update`
 * (with `id`) or `intent=delete` (with `id`). Success goes back to the list with a toast; mistakes
 * come back with the messages under the fields, a toast and the typed values; a conflict (a code in
 * use) under the table's conflict field; an unknown row, back to the list saying so.
 */
export async function checkoutTableAction<Row, Input, Removed>(
  { request, context }: ActionFunctionArgs,
  table: CheckoutTable<Row, Input, Removed>,
  page: TablePageToasts<Row, Removed>,
) {
  const { app } = context;
  const actor = actorOf(await requireAdmin(app, request));
  const toast = toasts(app.env, request);
  const values = await readForm(request);
  const id = parseId(values.id);
  try {
    if (values.intent === "delete" && id) {
      const removed = await table.remove(app.db, actor, id);
      return toast.redirectWithSuccess(page.path, page.deleted(removed));
    }
    if (values.intent !== "create" && !(values.intent === "update" && id))
      return toast.redirectWithError(page.path, "That action is not available.");
    const schema = values.intent === "create" ? table.fields.create : table.fields.update;
    const parsed = schema.safeParse(withCheckboxes(values, checkboxesOf(table.fields)));
    if (!parsed.success) return formFailure(fieldErrors(parsed.error), CATALOGUE_MESSAGES.formErrors, values);
    const row =
      values.intent === "create"
        ? await table.create(app.db, actor, parsed.data)
        : await table.update(app.db, actor, id!, parsed.data);
    return toast.redirectWithSuccess(
      page.path,
      `${table.fields.Noun} ${page.toastName(row)} ${values.intent === "create" ? "created" : "saved"}.`,
    );
  } catch (error) {
    if (error instanceof ConflictError)
      return formFailure({ [table.conflictField]: [error.message] }, error.message, values, { status: 409 });
    if (error instanceof ValidationError) return formFailure(error.errors, CATALOGUE_MESSAGES.formErrors, values);
    if (error instanceof NotFoundError) return toast.redirectWithError(page.path, error.message);
    throw error;
  }
}
