import type { AppContext } from "../context.server";
import type { Actor } from "../../services/audit.server";
import { DomainError } from "../../services/errors";
import { isChosenFile, storeUpload } from "../../services/uploads.server";

/**
 * A staff form posted as multipart (it may carry images): its text fields (the first value of each)
 * and the FormData itself, for files and repeated fields (`form.getAll(name)`).
 */
export async function readStaffForm(request: Request): Promise<{ values: Record<string, string>; form: FormData }> {
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in values)) values[key] = value;
  return { values, form };
}

/** Stores the files chosen in `field` (one or several): their URLs in order, or the first file's refusal (413/415 message). */
export async function uploadChosenFiles(
  app: AppContext,
  form: FormData,
  field: string,
  actor: Actor,
): Promise<{ urls: string[]; error?: undefined } | { urls: string[]; error: string }> {
  const urls: string[] = [];
  for (const file of form.getAll(field)) {
    if (!isChosenFile(file)) continue;
    try {
      urls.push((await storeUpload(app.db, app.env.UPLOADS, file, actor)).url);
    } catch (error) {
      if (error instanceof DomainError) return { urls, error: error.message };
      throw error;
    }
  }
  return { urls };
}

/**
 * One image field of a staff form (`ImageField`): `{name}` holds the image shown now (hidden),
 * `{name}_file` a new image, `{name}_remove` the "Remove" box. Answers the URL to save (null for
 * none), or the refusal to show under the field; a file that was refused stores nothing and the
 * current image stays.
 */
export async function imageFieldFrom(
  app: AppContext,
  form: FormData,
  name: string,
  actor: Actor,
): Promise<{ url: string | null; error?: undefined } | { url: string | null; error: string }> {
  const current = form.get(name);
  const kept = typeof current === "string" && current.trim() !== "" ? current.trim() : null;
  const { urls, error } = await uploadChosenFiles(app, form, `${name}_file`, actor);
  if (error) return { url: kept, error };
  if (urls[0]) return { url: urls[0] };
  if (form.get(`${name}_remove`) === "1") return { url: null };
  return { url: kept };
}

export { isOwnImage } from "../../services/uploads.server";
