import { featureFlags } from "../../lib/features";
import {
  accountShown,
  BOOT_SCRIPT_ID,
  cartCountLabel,
  cartPanelHtml,
  escapeHtml,
  heart,
  likeButton,
  scriptJson,
  PERSONAL_GLOBAL,
  type PersonalPatch,
  type PersonalViewer,
} from "../../lib/personal";
import { currencyFromSettings } from "../../lib/site";
import { compileKeptTemplate, fillKeptTemplate, type KeptFill, type KeptTemplate } from "../../lib/kept-template";
import type { Currency } from "../../lib/money";
import { OWN_REVIEW_STATUS, type ReviewStatus } from "../../lib/reviews";
import { countBlogView } from "../views.server";
import { isAdmin, verifyToken } from "../../services/auth.server";
import { priceCartRows, type Cart, type CartProductRow } from "../../services/cart.server";
import type { CartLine } from "../../lib/cart";
import { savedProductIds } from "../../services/wishlist.server";
import type { SettingsByGroup } from "../../services/settings.server";
import { cachedData } from "../cache-entries.server";
import type { AppContext } from "../context.server";
import { readCartLines } from "./cart-cookie.server";
import { readCookie } from "../cookies.server";
import { clearSessionCookie, csrfToken, getSession, SESSION_COOKIE } from "../session.server";
import { visitorFor } from "../visitor.server";

/**
 * What belongs to the visitor on every page (the root loader's part that differs between two
 * visitors of the same URL): their cart, who they are, their CSRF token, the hearts they filled.
 * The root loader returns it; the Worker computes the same for a page the edge kept whole and
 * fills it in (docs/decisions/017).
 */
export interface RootPersonal {
  cart: Cart;
  viewer: PersonalViewer | null;
  csrf: string | null;
  /** The ids of the products the viewer saved (none for a guest, or with the wishlist off). */
  wishlist: number[];
  /** A session cookie that expired or was revoked is cleared: the shopper browses on as a guest. */
  setCookies: string[];
  /** The signed-in user's id (not sent to the browser). */
  userId: number | null;
}

export async function rootPersonal(
  app: AppContext,
  request: Request,
  settings: SettingsByGroup,
): Promise<RootPersonal> {
  // The header's cart, priced from its products through the cache (none when the cart is empty), and
  // who is logged in (one read, only when a session cookie came).
  const [cart, session] = await Promise.all([
    readCartLines(app.env, request).then((lines) => cachedCart(app, lines)),
    getSession(app, request),
  ]);
  const setCookies = session.stale ? [clearSessionCookie(app.env, request)] : [];
  const user = session.viewer?.user;
  // The hearts' state: the products this shopper saved (one read, only for a signed-in viewer while
  // the wishlist is on, and not in the back office, which has no hearts). Per-user: never part of
  // the cached public data.
  const hearts =
    user && featureFlags(settings.features).wishlist && !/^\/admin(\/|$)/.test(new URL(request.url).pathname);
  const [wishlist, csrf] = await Promise.all([
    hearts ? savedProductIds(app.db, user.id) : [],
    session.viewer ? csrfToken(app.env, session.viewer.sessionId) : null,
  ]);
  const viewer = user ? { name: user.name, email: user.email, isAdmin: isAdmin(user) } : null;
  return { cart, viewer, csrf, wishlist, setCookies, userId: user?.id ?? null };
}

/**
 * The products of a cart's lines, read through the cache: each is tagged by its product, which
 * every write to it bumps (an edit, a price, an order taking its stock), so a cart is exactly as
 * fresh as the product's own page. Placing an order prices from the database again.
 */
export function cachedCartRows(app: AppContext, lines: CartLine[]): Promise<CartProductRow[]> {
  return lines.length > 0
    ? app.cache.read(cachedData.cartProducts(lines.map((line) => line.productId)))
    : Promise.resolve([]);
}

async function cachedCart(app: AppContext, lines: CartLine[]): Promise<Cart> {
  return priceCartRows(lines, await cachedCartRows(app, lines));
}

/**
 * The same, for filling in a kept page: read through the cache (near copies, judged by the tags
 * their writes bump, so no fresher or staler than the page itself) instead of the database, so a
 * returning shopper's page costs no database round trip. The JWT is verified as for any request;
 * only the session's row is cached, and every write that ends or changes it bumps its tags.
 */
async function keptRootPersonal(app: AppContext, request: Request, settings: SettingsByGroup): Promise<RootPersonal> {
  const token = readCookie(app.env, request, SESSION_COOKIE);
  const [lines, claims] = await Promise.all([
    readCartLines(app.env, request),
    token ? verifyToken(app.env, token) : null,
  ]);
  const [rows, card] = await Promise.all([
    cachedCartRows(app, lines),
    claims ? app.cache.read(cachedData.session(claims)) : null,
  ]);
  const live = card && card.expiresAt > Date.now() ? card : null;
  const setCookies = token && !live ? [clearSessionCookie(app.env, request)] : [];
  const hearts = live && featureFlags(settings.features).wishlist;
  const [wishlist, csrf] = await Promise.all([
    hearts ? app.cache.read(cachedData.wishlist(live.userId)) : [],
    live && claims ? csrfToken(app.env, claims.sessionId) : null,
  ]);
  return {
    cart: priceCartRows(lines, rows),
    viewer: live ? { name: live.name, email: live.email, isAdmin: live.isAdmin } : null,
    csrf,
    wishlist,
    setCookies,
    userId: live?.userId ?? null,
  };
}

/** A page's own per-visitor part: what to put in its hydration data, and how to fill it into the HTML. */
interface RoutePersonal {
  /** `path → value` in the route's loader data (`mergePersonal`). */
  patch: Record<string, unknown>;
  /** The review form's state, filled into the page's cut places (`KeptTemplate`). */
  writer?: KeptFill["writer"];
  /** What HTMLRewriter fills in when the page could not be cut: everything the route shows. */
  rewrite?: (rewriter: HTMLRewriter) => void;
  /** What HTMLRewriter fills in after the cut places: what they do not hold (a like). */
  rewriteUncut?: (rewriter: HTMLRewriter) => void;
  setCookies?: string[];
}

interface PersonalRoute {
  id: string;
  path: RegExp;
  /** `subject`: the id of the product or post the kept page is about, when it named it (`showsSubject`). */
  personal: (
    app: AppContext,
    request: Request,
    slug: string,
    root: { viewerId: number | null; settings: SettingsByGroup; subject: number | null },
  ) => Promise<RoutePersonal | null>;
}

/** The kept pages with a part of their own that differs by visitor. */
const PERSONAL_ROUTES: PersonalRoute[] = [
  {
    // The review form, or the shopper's own review's status, or the guest's "log in" link.
    id: "routes/product.$slug",
    path: /^\/product\/([^/]+)$/,
    async personal(app, _request, slug, { viewerId, settings, subject }) {
      if (viewerId === null || !featureFlags(settings.features).reviews) return null;
      const productId = subject ?? (await app.cache.read(cachedData.product(slug))).id;
      const own = await app.cache.read(cachedData.ownReview(viewerId, productId));
      const writer = own ? { kind: "reviewed" as const, status: own.status } : { kind: "shopper" as const };
      return {
        patch: { "reviews.writer": writer },
        writer: { kind: writer.kind, status: own ? OWN_REVIEW_STATUS[own.status] : null },
        rewrite: (rewriter) => writerRewrite(rewriter, writer.kind, own?.status),
      };
    },
  },
  {
    // Whether this visitor liked the tutorial; their view is counted after the answer, and a first
    // visit gets its visitor cookie (likes and views count people).
    id: "routes/blog.$slug",
    path: /^\/blog\/([^/]+)$/,
    async personal(app, request, slug, { viewerId, subject }) {
      const blogId = subject ?? (await app.cache.read(cachedData.blog(slug))).id;
      const visitor = visitorFor(request, app.env, viewerId);
      const liked = visitor.setCookie ? false : await app.cache.read(cachedData.liked(blogId, visitor.key));
      countBlogView(app, blogId, visitor.key);
      return {
        patch: liked ? { "blog.liked": true } : {},
        rewrite: liked ? likeRewrite : undefined,
        rewriteUncut: liked ? likeRewrite : undefined,
        setCookies: visitor.setCookie ? [visitor.setCookie] : [],
      };
    },
  },
];

function routeOf(pathname: string): { route: PersonalRoute; slug: string } | null {
  for (const route of PERSONAL_ROUTES) {
    const match = route.path.exec(pathname);
    if (match) {
      try {
        return { route, slug: decodeURIComponent(match[1]!) };
      } catch {
        return null;
      }
    }
  }
  return null;
}

function setHidden(element: Element, hidden: boolean): void {
  if (hidden) element.setAttribute("hidden", "");
  else element.removeAttribute("hidden");
}

function writerRewrite(rewriter: HTMLRewriter, kind: "shopper" | "reviewed", status?: ReviewStatus) {
  rewriter.on("[data-writer]", {
    element(element) {
      const mark = element.getAttribute("data-writer");
      setHidden(element, mark !== kind);
      if (mark === "reviewed" && status) element.setInnerContent(OWN_REVIEW_STATUS[status]);
    },
  });
}

function likeRewrite(rewriter: HTMLRewriter) {
  rewriter
    .on('form[data-like] input[name="liked"]', {
      element: (input) => void input.setAttribute("value", likeButton.next(true)),
    })
    .on("form[data-like] button", {
      element(button) {
        button.setAttribute("aria-pressed", "true");
        button.setAttribute("class", likeButton.className(true));
        button.setInnerContent(`<span aria-hidden="true">${likeButton.mark(true)}</span>${likeButton.text(true)}`, {
          html: true,
        });
      },
    });
}

/** The root's parts: account links, CSRF meta, the cart's count and panel, the hearts. */
function rootRewrite(rewriter: HTMLRewriter, personal: RootPersonal, settings: SettingsByGroup) {
  const { viewer, csrf, cart, wishlist } = personal;
  if (viewer) {
    // One selector per mark, so no element's attribute has to be read back.
    for (const mark of ["guest", "member", "admin"] as const) {
      const hidden = !accountShown(mark, viewer);
      // The kept page is a guest's: its admin link is hidden already.
      if (mark === "admin" && hidden) continue;
      rewriter.on(`[data-account="${mark}"]`, { element: (element) => setHidden(element, hidden) });
    }
  }
  if (csrf) {
    rewriter.on('meta[name="theme-color"]', {
      element: (meta) => void meta.after(`<meta name="csrf-token" content="${escapeHtml(csrf)}"/>`, { html: true }),
    });
  }
  if (cart.item_count > 0 || cart.items.length > 0) {
    rewriter
      .on('[data-testid="cart-count"]', { element: (element) => void element.setInnerContent(String(cart.item_count)) })
      .on("[data-cart-count-label]", {
        element: (element) => void element.setInnerContent(cartCountLabel(cart.item_count)),
      })
      .on("[data-cart-panel]", {
        element: (element) =>
          void element.setInnerContent(cartPanelHtml(cart, currencyFromSettings(settings)), { html: true }),
      });
  }
  heartsRewrite(rewriter, wishlist);
}

/** The hearts of the products this shopper saved. */
function heartsRewrite(rewriter: HTMLRewriter, wishlist: number[]) {
  if (wishlist.length > 0) {
    const saved = new Set(wishlist);
    // Elements come in document order: a heart's form, then its input, button and icon.
    let filled = false;
    rewriter
      .on("form[data-heart]", { element: (form) => void (filled = saved.has(Number(form.getAttribute("data-heart")))) })
      .on('form[data-heart] input[name="intent"]', {
        element: (input) => void (filled && input.setAttribute("value", heart.intent(true))),
      })
      .on("form[data-heart] button", {
        element(button) {
          if (!filled) return;
          const label = heart.label(true, decodeAttribute(button.getAttribute("data-name") ?? ""));
          button.setAttribute("aria-pressed", "true");
          button.setAttribute("aria-label", label);
          button.setAttribute("title", label);
          button.setAttribute("class", heart.buttonClass(true));
        },
      })
      .on("form[data-heart] svg", { element: (svg) => void (filled && svg.setAttribute("fill", heart.fill(true))) });
  }
}

/** An attribute's value as the HTML parser reads it (the rewriter hands over the source text). */
function decodeAttribute(value: string): string {
  return value.replace(
    /&(amp|lt|gt|quot|#x27|#39);/g,
    (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" })[name]!,
  );
}

/**
 * A kept page for this visitor: the shared HTML with the request's nonce, and, for a visitor the
 * page differs for (a cart, a session, a like, their own review), their parts filled in by
 * HTMLRewriter and their data put where entry.client merges it before hydrating. Reads what the
 * root loader and the page's loader would read for the visitor, nothing more.
 */
export async function keptPageFor(
  app: AppContext,
  request: Request,
  pathname: string,
  parts: string[],
  headers: Headers,
  subject: number | null = null,
): Promise<Response> {
  const found = routeOf(pathname);
  // A visitor without cookies is a guest with an empty cart: the shared page is theirs as it is
  // (a tutorial still counts their view and gives them their visitor cookie).
  const cookies = request.headers.has("Cookie");
  if (!cookies && !found) return new Response(parts.join(app.nonce), { status: 200, headers });
  const settings = await app.cache.read(cachedData.publicSettings());
  const root = cookies ? await keptRootPersonal(app, request, settings) : null;
  const own = found
    ? await found.route.personal(app, request, found.slug, { viewerId: root?.userId ?? null, settings, subject })
    : null;
  for (const cookie of [...(root?.setCookies ?? []), ...(own?.setCookies ?? [])]) headers.append("Set-Cookie", cookie);
  const patch: PersonalPatch = {};
  if (root && (root.viewer || root.cart.items.length > 0)) {
    patch.root = { cart: root.cart, viewer: root.viewer, csrf: root.csrf, wishlist: root.wishlist };
  }
  if (own && found && Object.keys(own.patch).length > 0) patch[found.route.id] = own.patch;
  if (Object.keys(patch).length === 0) return new Response(parts.join(app.nonce), { status: 200, headers });
  const boot = `;window.${PERSONAL_GLOBAL}=${scriptJson(patch)}`;
  const currency = currencyFromSettings(settings);
  const template = templateOf(parts, currency);
  if (template) {
    // Joined at the places cut once for this page; HTMLRewriter only for hearts and a like.
    const html = fillKeptTemplate(template, {
      nonce: app.nonce,
      boot,
      csrf: root?.csrf ?? null,
      viewer: root?.viewer ?? null,
      cart: root?.cart ?? null,
      currency,
      writer: own?.writer ?? null,
    });
    const response = new Response(html, { status: 200, headers });
    const hearts = template.hearts && root !== null && root.wishlist.length > 0;
    if (!hearts && !own?.rewriteUncut) return response;
    const rewriter = new HTMLRewriter();
    if (hearts) heartsRewrite(rewriter, root.wishlist);
    own?.rewriteUncut?.(rewriter);
    return rewriter.transform(response);
  }
  const rewriter = new HTMLRewriter();
  rewriter.on(`script#${BOOT_SCRIPT_ID}`, { element: (script) => void script.append(boot, { html: true }) });
  if (root) rootRewrite(rewriter, root, settings);
  own?.rewrite?.(rewriter);
  return rewriter.transform(new Response(parts.join(app.nonce), { status: 200, headers }));
}

/** Each kept page's cut places, found once per kept copy (the same `parts` while it lives). */
const templates = new WeakMap<string[], KeptTemplate | null>();

function templateOf(parts: string[], currency: Currency): KeptTemplate | null {
  let template = templates.get(parts);
  if (template === undefined) {
    template = compileKeptTemplate(parts, currency);
    // A component that moved a visitor's place: the page is still right (HTMLRewriter), but slower; the tests fail on it.
    if (!template)
      console.error("kept pages: a page's visitor places were not where expected; filled in with HTMLRewriter");
    templates.set(parts, template);
  }
  return template;
}
