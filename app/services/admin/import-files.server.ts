import type { ImportReport } from "./product-import.server";

/**
 * Where an import's file waits between its preview and its commit (docs/decisions/034): in R2 (the
 * shop's bucket, under `imports/products/`, never served: `/uploads/` serves only image keys), for
 * a day. The commit replaces it with its report, which the same page then shows.
 */

const PREFIX = "imports/products/";
/** How long a previewed file can still be imported. */
export const IMPORT_TTL_MS = 86_400_000;
const ID = /^[0-9a-f-]{36}$/;

const fileKey = (id: string) => `${PREFIX}${id}.csv`;
const reportKey = (id: string) => `${PREFIX}${id}.json`;

/** Keeps the file's text for its preview: its id. */
export async function keepImportFile(bucket: R2Bucket, text: string, name: string): Promise<string> {
  const id = crypto.randomUUID();
  await bucket.put(fileKey(id), text, { customMetadata: { name, at: String(Date.now()) } });
  return id;
}

/** The file of import `id` while it can be previewed and imported: its text and name; null once done, expired or unknown. */
export async function importFile(bucket: R2Bucket, id: string): Promise<{ text: string; name: string } | null> {
  if (!ID.test(id)) return null;
  const object = await bucket.get(fileKey(id));
  if (!object) return null;
  if (Date.now() - Number(object.customMetadata?.at ?? 0) > IMPORT_TTL_MS) {
    await bucket.delete(fileKey(id));
    return null;
  }
  return { text: await object.text(), name: object.customMetadata?.name ?? "products.csv" };
}

/** Keeps the commit's report in the file's place. */
export async function keepImportReport(bucket: R2Bucket, id: string, name: string, report: ImportReport) {
  await bucket.put(reportKey(id), JSON.stringify({ name, report }));
  await bucket.delete(fileKey(id));
}

/** The report of import `id` once it is done; null before. */
export async function importReport(
  bucket: R2Bucket,
  id: string,
): Promise<{ name: string; report: ImportReport } | null> {
  if (!ID.test(id)) return null;
  const object = await bucket.get(reportKey(id));
  return object ? ((await object.json()) as { name: string; report: ImportReport }) : null;
}
