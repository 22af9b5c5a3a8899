import type { Currency } from "./money";
import type { ReviewStatus } from "./reviews";
import type { OptionValues } from "./variants";

/**
 * The per-visitor parts of a page the edge keeps whole (docs/decisions/017): what they are made
 * of, the marker a kept page holds in each part's place, and the data the browser's hydration gets.
 * The parts' markup is React's (app/components/personal-parts.tsx), rendered in the page for a
 * visitor, and alone into a kept page's places by the Worker (app/kept-fill.server.tsx).
 */

/** Who is looking, as the header shows it. */
export interface PersonalViewer {
  name: string;
  email: string;
  isAdmin: boolean;
}

/** Who sees an account link: `guest` (Login, Register), `member` (Profile, My Orders, Log out), `admin` (Admin). */
export type AccountMark = "guest" | "member" | "admin";

export function accountShown(mark: AccountMark, viewer: { isAdmin: boolean } | null | undefined): boolean {
  if (mark === "guest") return !viewer;
  if (mark === "member") return Boolean(viewer);
  return Boolean(viewer?.isAdmin);
}

/** What the header's cart needs of a cart (the root loader's priced cart). */
export interface PanelCart {
  items: Array<{
    product_id: number;
    variant_id: number | null;
    quantity: number;
    product: { slug: string; name: string; unit_price_cents: number; options: OptionValues } | null;
  }>;
  subtotal_cents: number;
  item_count: number;
}

/** Where the product page's review form stands, by who is looking. */
export type ReviewWriter = { kind: "guest" } | { kind: "shopper" } | { kind: "reviewed"; status: ReviewStatus };

/** Everything a visitor's parts show that differs between two visitors of the same kept page. */
export interface VisitorParts {
  viewer: PersonalViewer | null;
  csrf: string | null;
  cart: PanelCart | null;
  /** The ids of the products the viewer saved. */
  wishlist: number[];
  /** The review form's state (a product page). */
  writer: ReviewWriter;
  /** Whether the visitor liked the tutorial (an article). */
  liked: boolean;
}

/** A visitor without cookies: the kept page's places hold what a guest sees. */
export const GUEST: VisitorParts = {
  viewer: null,
  csrf: null,
  cart: null,
  wishlist: [],
  writer: { kind: "guest" },
  liked: false,
};

/** What each part is given besides the visitor's data: known when the page is kept, the same for everyone. */
export interface PartProps {
  csrf: Record<string, never>;
  accountLinks: { pathname: string; menu: "header" | "mobile" };
  cartCount: Record<string, never>;
  cartPanel: { currency: Currency };
  heart: { productId: number; productName: string; className: string; size: number; redirectTo: string };
  like: { blogId: number; action: string };
  reviewWriter: { action: `/${string}`; returnTo: string };
  stockAlert: { action: `/${string}`; variantId: number | null; productName: string };
}
export type PartName = keyof PartProps;

/**
 * What of the visitor each part shows: two visitors with the same data get the same markup, so a
 * part is rendered only for a visitor whose data differs from a guest's. The components are given
 * this data, and nothing else of the visitor (app/components/personal-parts.tsx).
 */
export const PART_DATA = {
  csrf: (visitor) => visitor.csrf,
  accountLinks: (visitor) => (visitor.viewer ? { isAdmin: visitor.viewer.isAdmin } : null),
  cartCount: (visitor) => visitor.cart?.item_count ?? 0,
  cartPanel: (visitor) => (visitor.cart && visitor.cart.items.length > 0 ? visitor.cart : null),
  heart: (visitor, props) => visitor.wishlist.includes(props.productId),
  like: (visitor) => visitor.liked,
  reviewWriter: (visitor) => visitor.writer,
  // A signed-in shopper's address, filled in for them (a guest's field is empty).
  stockAlert: (visitor) => visitor.viewer?.email ?? null,
} satisfies { [N in PartName]: (visitor: VisitorParts, props: PartProps[N]) => unknown };
export type PartData<N extends PartName> = ReturnType<(typeof PART_DATA)[N]>;

/** Renders one part alone, as the page renders it (app/kept-fill.server.tsx). */
export type PartRenderer = <N extends PartName>(name: N, props: PartProps[N], data: PartData<N>) => string;

/**
 * A kept page holds, in each part's place, the render's nonce (which no text of the page can hold:
 * it is 128 random bits, drawn for that render) followed by `MARK name MARK props MARK`, the props
 * URL-encoded so that React escapes nothing in them. The kept page is split at its nonce anyway;
 * a piece that starts with MARK is a part's place.
 */
const MARK = "\u0001";

export function partMarker<N extends PartName>(nonce: string, name: N, props: PartProps[N]): string {
  return marker(nonce, name, props);
}

const marker = (nonce: string, name: string, props: unknown) =>
  `${nonce}${MARK}${name}${MARK}${encodeURIComponent(JSON.stringify(props)).replace(/'/g, "%27")}${MARK}`;

/** The boot script's place: the end of its text, where a visitor's data for hydration goes (not a component). */
export const BOOT_PART = "boot";
export const bootMarker = (nonce: string) => marker(nonce, BOOT_PART, {});

/** A piece of a kept page after its nonce: the part whose place it starts with and the text after it, or null. */
export function readMarker(piece: string): { name: string; props: unknown; rest: string } | null {
  if (!piece.startsWith(MARK)) return null;
  const nameEnd = piece.indexOf(MARK, 1);
  const propsEnd = nameEnd === -1 ? -1 : piece.indexOf(MARK, nameEnd + 1);
  if (propsEnd === -1) return null;
  return {
    name: piece.slice(1, nameEnd),
    props: JSON.parse(decodeURIComponent(piece.slice(nameEnd + 1, propsEnd))) as unknown,
    rest: piece.slice(propsEnd + 1),
  };
}

/**
 * The data a kept page's visitor gets on top of the page's own, by route id (`root`, `routes/...`),
 * merged into Remix's hydration data before the browser hydrates (entry.client), so React renders
 * what the Worker filled in.
 */
export type PersonalPatch = Record<string, Record<string, unknown>>;
/** Where the Worker puts the patch for entry.client: the end of the page's first script. */
export const PERSONAL_GLOBAL = "__personal";
export const BOOT_SCRIPT_ID = "boot";

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Puts a patch into Remix's loader data: `{ "routes/blog.$slug": { "blog.liked": true } }` sets
 * `loaderData["routes/blog.$slug"].blog.liked`. A path whose parent is not there is left alone (the
 * page did not show that part).
 */
export function mergePersonal(loaderData: Record<string, unknown>, patch: PersonalPatch): void {
  for (const [routeId, values] of Object.entries(patch)) {
    for (const [path, value] of Object.entries(values)) {
      const keys = path.split(".");
      let parent: unknown = loaderData[routeId];
      for (const key of keys.slice(0, -1)) parent = isPlainObject(parent) ? parent[key] : undefined;
      if (isPlainObject(parent)) parent[keys[keys.length - 1]!] = value;
    }
  }
}

const SCRIPT_ESCAPES: Record<string, string> = { "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };

/** A value as a script's JSON: nothing in it can close the script or break the line. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
}
