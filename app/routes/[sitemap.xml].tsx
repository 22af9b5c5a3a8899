import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { cachedData } from "~/http/cache-entries.server";
import { xmlResponse } from "~/services/sitemap.server";

/** /sitemap.xml: the sitemap index (its files under /sitemaps/), absolute URLs on the address it was asked for. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return xmlResponse(await context.app.cache.read(cachedData.sitemapIndex(new URL(request.url).origin)));
}
