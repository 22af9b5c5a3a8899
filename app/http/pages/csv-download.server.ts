import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { csvFile } from "../../lib/csv";
import type { Database } from "../../../db/client";
import { actorOf, type Actor } from "../../services/audit.server";
import { requireAdmin } from "./guards.server";

/**
 * A back-office CSV download (`/admin/orders.csv`, `/admin/users.csv`, `/admin/products.csv`):
 * admins only (a customer goes home, a visitor to the login), the file `name-YYYY-MM-DD.csv` as a
 * stream `open` makes, never stored by a cache.
 */
export async function csvDownload(
  { request, context }: LoaderFunctionArgs,
  name: string,
  open: (db: Database, actor: Actor) => Promise<ReadableStream<Uint8Array>>,
): Promise<Response> {
  const viewer = await requireAdmin(context.app, request);
  return csvFile(await open(context.app.db, actorOf(viewer)), name);
}
