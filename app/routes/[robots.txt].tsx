import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS } from "~/lib/constants";
import { renderRobotsTxt } from "~/services/sitemap.server";

/** /robots.txt: allow the shop, keep crawlers out of carts, accounts, admin and the API, and point at the sitemap. */
export function loader({ request }: LoaderFunctionArgs) {
  return new Response(renderRobotsTxt(new URL(request.url).origin), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": `public, max-age=${CACHE_SECONDS.content}`,
    },
  });
}
