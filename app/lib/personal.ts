import { formatMoney, type Currency } from "./money";

/**
 * The per-visitor parts of a page the edge keeps whole (docs/decisions/017): how each looks for a
 * given visitor, written once here and used twice: by the React components that render them, and
 * by the Worker that fills them into the kept page for the visitor without rendering React. So a
 * filled-in page is exactly the page React would have rendered for that visitor, and the browser's
 * hydration (given the same data, `mergePersonal`) finds what it expects.
 */

/** Who is looking, as the header shows it. */
export interface PersonalViewer {
  name: string;
  email: string;
  isAdmin: boolean;
}

/**
 * The account links are all in every page, each marked with who sees it; the others carry
 * `hidden`. `guest`: Login, Register. `member`: Profile, My Orders, Log out. `admin`: Admin.
 */
export type AccountMark = "guest" | "member" | "admin";

export function accountShown(mark: AccountMark, viewer: PersonalViewer | null | undefined): boolean {
  if (mark === "guest") return !viewer;
  if (mark === "member") return Boolean(viewer);
  return Boolean(viewer?.isAdmin);
}

/** The header cart's words beside the count. */
export const cartCountLabel = (count: number) => (count === 1 ? "item" : "items");

/** What the header's cart panel needs of a cart (the root loader's priced cart). */
export interface PanelCart {
  items: Array<{
    product_id: number;
    quantity: number;
    product: { slug: string; name: string; unit_price_cents: number } | null;
  }>;
  subtotal_cents: number;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
/** Text or an attribute's value, escaped as React escapes it. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A price as `Price` renders it (no sale shown in the cart panel). */
function priceHtml(cents: number, currency: Currency): string {
  return `<span class="inline-flex items-baseline gap-2 "><span class="font-semibold text-gray-900">${escapeHtml(formatMoney(cents, currency))}</span></span>`;
}

/**
 * The header cart's panel: its lines and total (or "Your cart is empty") and the two links. The
 * links are plain anchors; the component sends their clicks through the client router.
 */
export function cartPanelHtml(cart: PanelCart | null | undefined, currency: Currency): string {
  const items = (cart?.items ?? []).filter((item) => item.product && item.quantity > 0);
  const lines =
    items.length === 0 || !cart
      ? `<p class="py-4 text-center text-sm text-gray-600">Your cart is empty</p>`
      : `<ul class="max-h-72 divide-y divide-bloom-50 overflow-y-auto">${items
          .map(
            (item) =>
              `<li class="flex justify-between gap-3 py-2 text-sm"><a class="flex-1 text-gray-900 hover:text-bloom-700" href="/product/${escapeHtml(encodeURIComponent(item.product!.slug))}">${escapeHtml(item.product!.name)}</a><span class="whitespace-nowrap text-gray-700">${item.quantity} × ${priceHtml(item.product!.unit_price_cents, currency)}</span></li>`,
          )
          .join(
            "",
          )}</ul><p class="mt-3 flex justify-between border-t border-bloom-100 pt-3 text-sm font-semibold"><span>Total</span>${priceHtml(cart.subtotal_cents, currency)}</p>`;
  return `${lines}<div class="mt-4 grid grid-cols-2 gap-2 text-sm font-medium"><a class="rounded-full border border-bloom-300 px-3 py-2 text-center text-bloom-700 hover:bg-bloom-50" href="/cart">View Cart</a><a class="rounded-full bg-bloom-600 px-3 py-2 text-center text-white hover:bg-bloom-700" href="/checkout">Checkout</a></div>`;
}

/** The heart of a product (cards, Quick View, product page), saved or not. */
export const heart = {
  intent: (saved: boolean) => (saved ? "remove" : "add"),
  label: (saved: boolean, productName: string) =>
    saved ? `Remove ${productName} from your wishlist` : `Save ${productName} to your wishlist`,
  buttonClass: (saved: boolean) =>
    `flex items-center justify-center rounded-full border bg-white/90 p-2 shadow-sm transition hover:border-bloom-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600 ${
      saved ? "border-bloom-300 text-bloom-600" : "border-gray-200 text-gray-700"
    }`,
  fill: (saved: boolean) => (saved ? "currentColor" : "none"),
};

/** A tutorial's Like button, liked by this visitor or not. */
export const likeButton = {
  /** What pressing it asks for. */
  next: (liked: boolean) => (liked ? "false" : "true"),
  className: (liked: boolean) =>
    `inline-flex items-center gap-2 rounded-full border px-5 py-2 font-medium ${liked ? "border-bloom-600 bg-bloom-600 text-white hover:bg-bloom-700" : "border-bloom-300 text-bloom-700 hover:bg-bloom-50"}`,
  mark: (liked: boolean) => (liked ? "♥" : "♡"),
  text: (liked: boolean) => (liked ? "Liked" : "Like"),
};

/** Where the product page's review form stands, by who is looking. */
export type ReviewWriterKind = "guest" | "shopper" | "reviewed";

/**
 * The data a kept page's visitor gets on top of the page's own, by route id (`root`, `routes/...`),
 * merged into Remix's hydration data before the browser hydrates (entry.client), so React renders
 * what the Worker filled in.
 */
export type PersonalPatch = Record<string, Record<string, unknown>>;
/** Where the Worker puts the patch for entry.client: the page's first script (`BOOT_SCRIPT_ID`). */
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
