import { log } from "../../services/log.server";
import { featureFlags } from "../../lib/features";
import {
  GUEST,
  PERSONAL_GLOBAL,
  scriptJson,
  type PartRenderer,
  type PersonalPatch,
  type PersonalViewer,
  type VisitorParts,
} from "../../lib/personal";
import { compileKeptTemplate, fillKeptTemplate, guestPage, type KeptTemplate } from "../../lib/kept-template";
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
import { keptRouteOf } from "./kept-pages.server";

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
  return lines.length > 0 ? app.cache.read(cachedData.cartProducts(lines)) : Promise.resolve([]);
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
async function keptRootPersonal(
  app: AppContext,
  request: Request,
  settings: () => Promise<SettingsByGroup>,
): Promise<RootPersonal> {
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
  const hearts = live && featureFlags((await settings()).features).wishlist;
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

/**
 * A kept page for this visitor: the shared HTML with the request's nonce, and, for a visitor the
 * page differs for (a cart, a session, a like, their own review), their parts rendered into their
 * places by the components' own renderer (`render`, from the server build) and their data put where
 * entry.client merges it before hydrating. Reads what the root loader and the page's loader would
 * read for the visitor, nothing more. Null when the kept page's places cannot be read (a build
 * that marks them otherwise): the page is then rendered for the visitor.
 */
export async function keptPageFor(
  app: AppContext,
  request: Request,
  pathname: string,
  pieces: string[],
  headers: Headers,
  subject: number | null,
  render: PartRenderer,
): Promise<Response | null> {
  const template = templateOf(pieces, render);
  if (!template) return null;
  const found = keptRouteOf(pathname);
  // A visitor without cookies is a guest with an empty cart: the shared page is theirs as it is
  // (a tutorial still counts their view and gives them their visitor cookie).
  const cookies = request.headers.has("Cookie");
  const forGuest = () => new Response(new Blob(guestPage(template, app.nonce)), { status: 200, headers });
  if (!cookies && !found?.route.personal) return forGuest();
  // Read only when a part needs them (not for a tutorial's reader without cookies).
  let settingsRead: Promise<SettingsByGroup> | null = null;
  const settings = () => (settingsRead ??= app.cache.read(cachedData.publicSettings()));
  const root = cookies ? await keptRootPersonal(app, request, settings) : null;
  const own = found?.route.personal
    ? await found.route.personal(app, request, found.slug, { viewerId: root?.userId ?? null, settings, subject })
    : null;
  for (const cookie of [...(root?.setCookies ?? []), ...(own?.setCookies ?? [])]) headers.append("Set-Cookie", cookie);
  const patch: PersonalPatch = {};
  if (root && (root.viewer || root.cart.items.length > 0)) {
    patch.root = { cart: root.cart, viewer: root.viewer, csrf: root.csrf, wishlist: root.wishlist };
  }
  if (own && found?.route.routeId && Object.keys(own.patch).length > 0) patch[found.route.routeId] = own.patch;
  if (Object.keys(patch).length === 0) return forGuest();
  const visitor: VisitorParts = {
    viewer: root?.viewer ?? null,
    csrf: root?.csrf ?? null,
    cart: root?.cart ?? null,
    wishlist: root?.wishlist ?? [],
    writer: own?.writer ?? GUEST.writer,
    liked: own?.liked ?? false,
  };
  const boot = `;window.${PERSONAL_GLOBAL}=${scriptJson(patch)}`;
  const html = fillKeptTemplate(template, { nonce: app.nonce, boot, visitor }, render);
  return new Response(new Blob(html), { status: 200, headers });
}

/** Each kept page's places, found once per kept copy (the same `pieces` while it lives). */
const templates = new WeakMap<string[], KeptTemplate | null>();

function templateOf(pieces: string[], render: PartRenderer): KeptTemplate | null {
  let template = templates.get(pieces);
  if (template === undefined) {
    template = compileKeptTemplate(pieces, render);
    // A marker this build does not know: the page is still right (rendered for the visitor), but slower; the tests fail on it.
    if (!template) log.error("kept pages: a kept page's places could not be read; rendered for the visitor");
    templates.set(pieces, template);
  }
  return template;
}
