import { featureFlags } from "../../lib/features";
import type { ReviewWriter } from "../../lib/personal";
import type { SettingsByGroup } from "../../services/settings.server";
import { cachedData } from "../cache-entries.server";
import type { AppContext } from "../context.server";
import { hasCookie, readCookie, TOAST_COOKIE } from "../cookies.server";
import { countBlogView } from "../views.server";
import { visitorFor } from "../visitor.server";
import { toasts } from "./toast.server";

/** A kept page's own per-visitor part: what its route adds to the visitor's parts and hydration data. */
export interface RoutePersonal {
  writer?: ReviewWriter;
  liked?: boolean;
  /** `path → value` in the route's loader data (`mergePersonal`). */
  patch: Record<string, unknown>;
  setCookies?: string[];
}

interface KeptRoute {
  /** The page's path; `:slug` stands for one segment. */
  path: `/${string}`;
  /**
   * The query parameters the page reads, when it names them: only these make its key, and a
   * request with any other (tracking parameters aside) is rendered for its visitor, never kept.
   */
  parameters?: string[];
  /** The page's route, when it has a part of its own that differs by visitor. */
  routeId?: string;
  /**
   * Reads that part for this visitor: what the route's loader would read for them, nothing more.
   * `subject`: the id of the product or post the kept page is about, when it named it (`showsSubject`).
   */
  personal?: (
    app: AppContext,
    request: Request,
    slug: string,
    root: { viewerId: number | null; settings: () => Promise<SettingsByGroup>; subject: number | null },
  ) => Promise<RoutePersonal>;
}

/**
 * The pages the edge keeps whole (docs/decisions/017): those whose HTML is the same for every
 * visitor but for their visitor's parts, which the Worker fills in. The pages that are personal by
 * nature (cart, checkout, account, orders, wishlist, the back office) and the pages with forms that
 * echo what was typed (login, register, contact) are never kept.
 */
const KEPT_ROUTES: KeptRoute[] = [
  { path: "/" },
  { path: "/products" },
  { path: "/categories" },
  { path: "/categories/:slug" },
  {
    // The review form, or the shopper's own review's status, or the guest's "log in" link.
    path: "/product/:slug",
    // The variant shown, the main image, the reviews' page. The options' GET form (one field per
    // option) is answered by a redirect to `?variant=`: never kept, it is sent straight to Remix.
    parameters: ["variant", "image", "reviews_page"],
    routeId: "routes/product.$slug",
    async personal(app, _request, slug, { viewerId, settings, subject }) {
      if (viewerId === null || !featureFlags((await settings()).features).reviews) return { patch: {} };
      const productId = subject ?? (await app.cache.read(cachedData.product(slug))).id;
      const own = await app.cache.read(cachedData.ownReview(viewerId, productId));
      const writer: ReviewWriter = own ? { kind: "reviewed", status: own.status } : { kind: "shopper" };
      return { writer, patch: { "reviews.writer": writer } };
    },
  },
  { path: "/blog" },
  {
    // Whether this visitor liked the tutorial; their view is counted after the answer, and a first
    // visit gets its visitor cookie (likes and views count people).
    path: "/blog/:slug",
    routeId: "routes/blog.$slug",
    async personal(app, request, slug, { viewerId, subject }) {
      const blogId = subject ?? (await app.cache.read(cachedData.blog(slug))).id;
      const visitor = visitorFor(request, app.env, viewerId);
      const liked = visitor.setCookie ? false : await app.cache.read(cachedData.liked(blogId, visitor.key));
      countBlogView(app, blogId, visitor.key);
      return {
        liked,
        patch: liked ? { "blog.liked": true } : {},
        setCookies: visitor.setCookie ? [visitor.setCookie] : [],
      };
    },
  },
  { path: "/about" },
  { path: "/privacy" },
  { path: "/terms" },
];

const SLUG = ":slug";

/** The kept page a path is, and its slug (decoded), or null. */
export function keptRouteOf(pathname: string): { route: KeptRoute; slug: string } | null {
  for (const route of KEPT_ROUTES) {
    if (!route.path.endsWith(SLUG)) {
      if (pathname === route.path) return { route, slug: "" };
      continue;
    }
    const prefix = route.path.slice(0, -SLUG.length);
    const slug = pathname.slice(prefix.length);
    if (!pathname.startsWith(prefix) || slug === "" || slug.includes("/")) continue;
    try {
      return { route, slug: decodeURIComponent(slug) };
    } catch {
      return null;
    }
  }
  return null;
}

/** Query parameters no page reads: the same page, whatever their value. */
const TRACKING_PARAMETERS = /^(?:utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|ref)$/;

/**
 * The key a page is kept under, the normalised URL of its path and query (its parameters sorted by
 * name, tracking parameters dropped), or null when this request must be rendered for its visitor: not a
 * GET, not a kept page, a parameter the page does not read (when it names those it reads), Remix's
 * data requests, the spec's cache-busting `_t`, or a toast to show (a toast is never kept). Cookies are never part of the key: the kept page is rendered without them.
 */
export async function keptPageKey(env: Env, request: Request, url: URL): Promise<string | null> {
  const kept = request.method === "GET" ? keptRouteOf(url.pathname) : null;
  if (!kept) return null;
  if (url.searchParams.has("_data") || url.searchParams.has("_t")) return null;
  const parameters = [...url.searchParams].filter(([name]) => !TRACKING_PARAMETERS.test(name));
  const read = kept.route.parameters;
  if (read && parameters.some(([name]) => !read.includes(name))) return null;
  if (await carriesToast(env, request)) return null;
  // By name only: a repeated parameter's values keep their order (the page's links keep it too).
  parameters.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(parameters).toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * Whether the request's toast cookie holds a toast to show, read as the root loader reads it
 * (remix-toast's own session). remix-toast keeps the cookie once its toast was shown, emptied and
 * signed: the same value for every visitor, so its verdict is remembered (a toast's own cookie is
 * never seen twice: it is rendered for its visitor, who gets the emptied one back).
 */
async function carriesToast(env: Env, request: Request): Promise<boolean> {
  if (!hasCookie(env, request, TOAST_COOKIE)) return false;
  const value = readCookie(env, request, TOAST_COOKIE) ?? "";
  if (emptyToastCookies.has(value)) return false;
  let toast: unknown;
  try {
    ({ toast } = await toasts(env, request).getToast(request));
  } catch {
    // Rendered for the visitor, whose root loader decides.
    return true;
  }
  if (toast === undefined && emptyToastCookies.size < EMPTY_TOAST_COOKIES) emptyToastCookies.add(value);
  return toast !== undefined;
}

/** The toast cookies' values that hold no toast (one per secret in use: the same for everyone). */
const emptyToastCookies = new Set<string>();
const EMPTY_TOAST_COOKIES = 16;
