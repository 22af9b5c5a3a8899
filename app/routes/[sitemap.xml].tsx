import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS } from "~/lib/constants";
import { renderSitemapXml } from "~/services/sitemap.server";
import { cachedData } from "~/http/cache-entries.server";

/** /sitemap.xml: every public page with absolute URLs on the address it was asked for; the entries come through the edge cache. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const entries = await app.cache.read(cachedData.sitemap());
  return new Response(renderSitemapXml(new URL(request.url).origin, entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": `public, max-age=${CACHE_SECONDS.content}`,
    },
  });
}
