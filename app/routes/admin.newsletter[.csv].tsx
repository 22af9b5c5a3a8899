import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NewsletterExportQuerySchema } from "~/lib/schemas/newsletter";
import { csvFile } from "~/lib/csv";
import { lenientQuery } from "~/lib/schemas/query";
import { requireAdmin } from "~/http/pages/guards.server";
import { subscribersCsv } from "~/services/newsletter.server";

/**
 * GET /admin/newsletter.csv: the subscribers the list's filters select (all by default), as a CSV
 * file staff download (email, status, subscribed_at, created_at), escaped, with any value that a
 * spreadsheet would run as a formula made plain text. Staff only; never stored by a cache.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const { query } = lenientQuery(NewsletterExportQuerySchema, new URL(request.url).searchParams);
  const csv = await subscribersCsv(context.app.db, query);
  return csvFile(csv, "newsletter-subscribers");
}
