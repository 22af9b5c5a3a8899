import {
  PRODUCT_FIELDS,
  ProductCreateSchema,
  ProductUpdateSchema,
  PRODUCT_MESSAGES,
} from "../../lib/schemas/admin-products";
import { fieldErrors } from "../../lib/schemas/query";
import type { Actor } from "../../services/audit.server";
import { createProduct, DuplicateFieldError, updateProduct } from "../../services/admin/products.server";
import type { AdminProduct } from "../../services/serializers/admin-product";
import { ConflictError, ValidationError } from "../../services/errors";
import { UPLOAD_TOO_LARGE_MESSAGE } from "../../services/uploads.server";
import type { AppContext } from "../context.server";
import { formFailure } from "./forms.server";
import { uploadChosenFiles, type readStaffForm } from "./uploads.server";

/** The file input of the product form (several images at once). */
export const NEW_IMAGES_FIELD = "image_files";

/**
 * The product form's images, as staff left them: the current ones (`images`, in the order shown)
 * with their position numbers (`image_order`) and "Remove" boxes (`image_remove`, by URL).
 */
function arrangedImages(form: FormData): string[] {
  const urls = form.getAll("images").filter((url): url is string => typeof url === "string" && url.trim() !== "");
  const positions = form.getAll("image_order").map((value) => Number(value));
  const removed = new Set(form.getAll("image_remove"));
  return urls
    .map((url, index) => ({
      url: url.trim(),
      index,
      position: Number.isFinite(positions[index]) ? positions[index]! : index + 1,
    }))
    .filter((image) => !removed.has(image.url))
    .sort((a, b) => a.position - b.position || a.index - b.index)
    .map((image) => image.url);
}

/** The form's fields as the API's body (the same schema parses both): a field the form left out is blank. */
function bodyOf(values: Record<string, string>, images: string[]) {
  return {
    ...Object.fromEntries(PRODUCT_FIELDS.map((name) => [name, values[name] ?? ""])),
    images,
    version: values.version ?? "",
  };
}

export type ProductFormResult = { ok: true; product: AdminProduct } | { ok: false; response: Response };

type Failed = (errors: Record<string, string[]>, message: string, status?: number) => ProductFormResult;

/**
 * A product save the service refused, as the form's answer: a slug or SKU in use (409) under its
 * field, a stale save (409) above the form, the rules (422) under theirs; anything else is rethrown.
 */
export function productRefusal(error: unknown, failed: Failed): ProductFormResult {
  if (error instanceof DuplicateFieldError) return failed({ [error.field]: [error.message] }, error.message, 409);
  if (error instanceof ConflictError) return failed({ _form: [error.message] }, error.message, 409);
  if (error instanceof ValidationError) return failed(error.errors, PRODUCT_MESSAGES.formErrors);
  throw error;
}

/**
 * Saves the product form (a create when `id` is undefined): uploads the chosen images first (a
 * refused file answers its 413/415 message under the file field, the rest of the form kept), then
 * creates or updates through the service. A refusal answers the form again with the messages under
 * the fields, a toast and everything typed (the images as arranged, uploads included).
 */
export async function saveProductForm(
  app: AppContext,
  actor: Actor,
  { values, form }: Awaited<ReturnType<typeof readStaffForm>>,
  id?: number,
): Promise<ProductFormResult> {
  let images = arrangedImages(form);
  const failed: Failed = (errors, message, status = 422) => ({
    ok: false,
    response: formFailure(errors, message, { ...values, images: images.join("\n") }, { status }),
  });
  const uploaded = await uploadChosenFiles(app, form, NEW_IMAGES_FIELD, actor);
  images = [...images, ...uploaded.urls];
  if (uploaded.error)
    return failed(
      { [NEW_IMAGES_FIELD]: [uploaded.error] },
      uploaded.error,
      uploaded.error === UPLOAD_TOO_LARGE_MESSAGE ? 413 : 415,
    );

  const body = bodyOf(values, images);
  const parsed = id === undefined ? ProductCreateSchema.safeParse(body) : ProductUpdateSchema.safeParse(body);
  if (!parsed.success) return failed(fieldErrors(parsed.error), PRODUCT_MESSAGES.formErrors);
  try {
    const product =
      id === undefined
        ? await createProduct(app.db, actor, parsed.data as Parameters<typeof createProduct>[2])
        : await updateProduct(app.db, actor, id, parsed.data);
    return { ok: true, product };
  } catch (error) {
    return productRefusal(error, failed);
  }
}
