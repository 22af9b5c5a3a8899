import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { cachedData } from "~/http/cache-entries.server";
import { parseSitemapFileName, xmlResponse } from "~/services/sitemap.server";

/** /sitemaps/{file}.xml: one file of the sitemap index; a name it does not list is a 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const file = parseSitemapFileName(params.file ?? "");
  const xml = file && (await context.app.cache.read(cachedData.sitemapFile(new URL(request.url).origin, file)));
  return xmlResponse(xml);
}
