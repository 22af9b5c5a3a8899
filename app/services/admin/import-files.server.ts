import type { ImportReport } from "./product-import.server";

/**
 * Where an import's file waits between its preview and its commit (docs/decisions/034): in R2 (the
 * shop's bucket, under `imports/products/`, never served: `/uploads/` serves only image keys), for
 * a day. The commit replaces it with its report, which the same page then shows.
 */

const PREFIX = "imports/products/";
/** How long a previewed file can still be imported. */
export const IMPORT_TTL_MS = 86_400_000;
/** How long a done import's report stays readable on its page. */
export const IMPORT_REPORT_TTL_MS = 30 * 86_400_000;
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

/**
 * The daily clean-up (the `uploads-cleanup` job): removes the files previewed more than a day ago
 * and never imported, and the reports of imports done more than 30 days ago. Answers how many.
 */
export async function removeOldImportFiles(bucket: R2Bucket | undefined, now = new Date()): Promise<number> {
  if (!bucket) return 0;
  const old: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: PREFIX, cursor, limit: 1000 });
    for (const object of page.objects) {
      const kept = object.key.endsWith(".csv") ? IMPORT_TTL_MS : IMPORT_REPORT_TTL_MS;
      if (now.getTime() - object.uploaded.getTime() > kept) old.push(object.key);
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  for (let i = 0; i < old.length; i += 1000) await bucket.delete(old.slice(i, i + 1000));
  return old.length;
}
