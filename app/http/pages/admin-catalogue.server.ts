import type { z } from "zod";
import { parseId } from "../../lib/ids";
import { CATALOGUE_MESSAGES } from "../../lib/schemas/admin-catalogue";
import { fieldErrors } from "../../lib/schemas/query";
import type { Actor } from "../../services/admin/audit.server";
import { ConflictError, NotFoundError, ValidationError } from "../../services/errors";
import type { AppContext } from "../context.server";
import { formFailure, readForm } from "./forms.server";
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
export function withCheckboxes(values: Record<string, string>, names: string[]): Record<string, unknown> {
  const read: Record<string, unknown> = { ...values };
  for (const name of names) read[name] = values[name] === "on";
  return read;
}

/**
 * The action of a checkout table's page (coupons, shipping, tax): `intent=create`, `intent=update`
 * (with `id`) or `intent=delete` (with `id`). Success goes back to the list with a toast; mistakes
 * come back with the messages under the fields, a toast and the typed values; a conflict (a code in
 * use) under `conflictField`; an unknown row, back to the list saying so.
 */
export async function checkoutTableAction<Input, Row>(
  request: Request,
  app: AppContext,
  actor: Actor,
  table: {
    list: string;
    noun: string;
    checkboxes: string[];
    conflictField: string;
    createSchema: z.ZodType<Input>;
    updateSchema: z.ZodType<Input>;
    create: (input: Input) => Promise<Row>;
    update: (id: number, input: Input) => Promise<Row>;
    remove: (id: number) => Promise<unknown>;
    label: (row: Row) => string;
    deleted?: (removed: unknown) => string;
  },
) {
  const toast = toasts(app.env, request);
  const values = await readForm(request);
  const id = parseId(values.id);
  try {
    if (values.intent === "delete" && id) {
      const removed = await table.remove(id);
      return toast.redirectWithSuccess(table.list, table.deleted?.(removed) ?? `${table.noun} deleted.`);
    }
    if (values.intent !== "create" && !(values.intent === "update" && id))
      return toast.redirectWithError(table.list, "That action is not available.");
    const schema = values.intent === "create" ? table.createSchema : table.updateSchema;
    const parsed = schema.safeParse(withCheckboxes(values, table.checkboxes));
    if (!parsed.success) return formFailure(fieldErrors(parsed.error), CATALOGUE_MESSAGES.formErrors, values);
    const row = values.intent === "create" ? await table.create(parsed.data) : await table.update(id!, parsed.data);
    return toast.redirectWithSuccess(
      table.list,
      `${table.noun} ${table.label(row)} ${values.intent === "create" ? "created" : "saved"}.`,
    );
  } catch (error) {
    if (error instanceof ConflictError)
      return formFailure({ [table.conflictField]: [error.message] }, error.message, values, { status: 409 });
    if (error instanceof ValidationError) return formFailure(error.errors, CATALOGUE_MESSAGES.formErrors, values);
    if (error instanceof NotFoundError) return toast.redirectWithError(table.list, error.message);
    throw error;
  }
}
