import { and, eq, lt, notExists, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import {
  blogs,
  categories,
  homeSections,
  orderItems,
  productImages,
  products,
  settings,
  uploads,
} from "../../db/schema";
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES, UPLOADS_PATH } from "../lib/constants";
import { auditEntry, type Actor } from "./audit.server";
import { DomainError, PayloadTooLargeError, UnsupportedMediaTypeError } from "./errors";
import { subqueries } from "./sql";

export type ImageType = (typeof UPLOAD_TYPES)[number];

const EXTENSIONS: Record<ImageType, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };
const TYPE_OF_EXTENSION = Object.fromEntries(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type])) as Record<
  string,
  ImageType
>;

/** A key is the SHA-256 of the bytes and the type's extension: nothing else is ever served. */
const KEY_PATTERN = /^[0-9a-f]{64}\.(jpg|png|webp)$/;

export const UPLOAD_TOO_LARGE_MESSAGE = `The file may not be greater than ${UPLOAD_MAX_BYTES} bytes (5 MB).`;
export const UPLOAD_WRONG_TYPE_MESSAGE = `The file must be an image of type ${UPLOAD_TYPES.slice(0, -1).join(", ")} or ${UPLOAD_TYPES.at(-1)}.`;
export const UPLOAD_MISSING_MESSAGE = "Choose an image to upload.";

/** The uploads bucket is not bound (an operator's mistake, never the uploader's): a 503 that says so. */
export class UploadsNotConfiguredError extends DomainError {
  constructor() {
    super("Image uploads are not configured: bind an R2 bucket as UPLOADS (README, Deploying).", 503);
  }
}

/**
 * The image type the bytes are, by their signature (never by the file's name or the type the
 * browser claims): JPEG `FF D8 FF`, PNG's eight-byte signature, WebP `RIFF....WEBP`.
 */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export interface StoredUpload {
  url: string;
  key: string;
  size: number;
  type: ImageType;
}

/** Whether a form's or a body's value is a file that was actually chosen (browsers send an empty one otherwise). */
export function isChosenFile(value: unknown): value is File {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as File).arrayBuffer === "function" &&
    (value as File).size > 0
  );
}

/**
 * Checks and stores one image: over 5,242,880 bytes is a 413, anything that is not JPEG, PNG or
 * WebP by its first bytes a 415, and nothing is stored in either case. The key is the content's
 * hash, so the same image uploaded twice is one object (and one row, whose date is renewed so the
 * clean-up leaves it alone). Recorded in the audit log.
 */
export async function storeUpload(
  db: Database,
  bucket: R2Bucket | undefined,
  file: Blob,
  actor: Actor,
): Promise<StoredUpload> {
  if (file.size > UPLOAD_MAX_BYTES) throw new PayloadTooLargeError(UPLOAD_TOO_LARGE_MESSAGE);
  const bytes = new Uint8Array(await file.arrayBuffer()) as Uint8Array<ArrayBuffer>;
  if (bytes.byteLength > UPLOAD_MAX_BYTES) throw new PayloadTooLargeError(UPLOAD_TOO_LARGE_MESSAGE);
  const type = imageTypeOf(bytes);
  if (!type) throw new UnsupportedMediaTypeError(UPLOAD_WRONG_TYPE_MESSAGE);
  if (!bucket) throw new UploadsNotConfiguredError();
  const key = `${await sha256Hex(bytes)}.${EXTENSIONS[type]}`;
  // Written every time (same key, same bytes): an object the clean-up removed a moment ago comes back.
  await bucket.put(key, bytes, { httpMetadata: { contentType: type, cacheControl: IMMUTABLE } });
  await db.batch([
    db
      .insert(uploads)
      .values({ key, contentType: type, size: bytes.byteLength, uploadedBy: actor.id })
      .onConflictDoUpdate({ target: uploads.key, set: { createdAt: sql`(unixepoch())` } }),
    auditEntry(db, actor, {
      action: "upload",
      entity: "upload",
      entityId: key,
      summary: `Uploaded an image (${type}, ${bytes.byteLength} bytes)`,
    }),
  ]);
  return { url: `${UPLOADS_PATH}${key}`, key, size: bytes.byteLength, type };
}

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The answer to `GET /uploads/{key}`: the image with its type and a year's immutable caching (the
 * key is the content's hash, so it never changes), 304 to a browser that has it, 404 otherwise.
 */
export async function serveUpload(bucket: R2Bucket | undefined, key: string, request: Request): Promise<Response> {
  const notFound = () =>
    new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  if (!KEY_PATTERN.test(key) || !bucket) return notFound();
  const etag = `"${key.slice(0, 64)}"`;
  const headers = {
    "Content-Type": TYPE_OF_EXTENSION[key.split(".")[1]!]!,
    "Cache-Control": IMMUTABLE,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  if (
    request.headers
      .get("If-None-Match")
      ?.split(",")
      .some((tag) => tag.trim().replace(/^W\//, "") === etag)
  ) {
    return new Response(null, { status: 304, headers });
  }
  if (request.method === "HEAD") {
    const head = await bucket.head(key);
    return head ? new Response(null, { headers: { ...headers, "Content-Length": String(head.size) } }) : notFound();
  }
  const object = await bucket.get(key);
  if (!object) return notFound();
  return new Response(object.body, { headers: { ...headers, "Content-Length": String(object.size) } });
}

/** The key of an `/uploads/{key}` path, or null. */
export function uploadKeyOf(path: string): string | null {
  if (!path.startsWith(UPLOADS_PATH)) return null;
  const key = path.slice(UPLOADS_PATH.length);
  return KEY_PATTERN.test(key) ? key : null;
}

/** Whether a URL names an image of ours: an upload, or a file of the shop's own `/images/`. */
export function isOwnImage(url: string): boolean {
  return uploadKeyOf(url) !== null || /^\/images\/[\w./-]+$/.test(url);
}

/**
 * Uploads nothing refers to: no product, product image, category, tutorial (its images or its
 * HTML), setting, home section or past order line names the image. Only those older than
 * `olderThanSeconds`, so an image uploaded into a form that is still being filled in stays.
 */
function unreferenced(olderThanSeconds: number): SQL {
  const url = sql`'${sql.raw(UPLOADS_PATH)}' || ${uploads.key}`;
  const mentions = (column: SQLWrapper) => sql`instr(${column}, ${uploads.key}) > 0`;
  const none = (table: SQLiteTable, condition: SQL) =>
    notExists(
      subqueries
        .select({ one: sql`1` })
        .from(table)
        .where(condition),
    );
  return and(
    lt(uploads.createdAt, sql`unixepoch() - ${olderThanSeconds}`),
    none(products, eq(products.image, url)),
    none(productImages, eq(productImages.url, url)),
    none(categories, eq(categories.image, url)),
    none(
      blogs,
      sql`${eq(blogs.featuredImage, url)} OR ${eq(blogs.ogImage, url)} OR ${eq(blogs.authorAvatar, url)} OR ${mentions(blogs.content)}`,
    ),
    none(settings, mentions(settings.value)),
    none(homeSections, mentions(homeSections.data)),
    none(orderItems, eq(orderItems.productImage, url)),
  )!;
}

/**
 * The scheduled clean-up (a Cron Trigger, docs/decisions/010): deletes the rows of unreferenced
 * uploads older than a day, then their objects. The rows go first and only those the DELETE
 * returns lose their object, so an image referenced again meanwhile keeps both.
 */
export async function removeUnusedUploads(
  db: Database,
  bucket: R2Bucket | undefined,
  olderThanSeconds = 86_400,
): Promise<string[]> {
  if (!bucket) return [];
  const removed = await db.delete(uploads).where(unreferenced(olderThanSeconds)).returning({ key: uploads.key });
  const keys = removed.map((row) => row.key);
  for (let i = 0; i < keys.length; i += 1000) await bucket.delete(keys.slice(i, i + 1000));
  return keys;
}
