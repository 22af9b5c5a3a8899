import {
  accountShown,
  cartCountLabel,
  cartPanelHtml,
  escapeHtml,
  type AccountMark,
  type PanelCart,
  type PersonalViewer,
  type ReviewWriterKind,
} from "./personal";
import type { Currency } from "./money";

/**
 * A kept page (docs/decisions/017) cut, once, at every place a visitor's parts go: the nonce, the
 * end of the boot script (the visitor's data for hydration), after the theme-color meta (the CSRF
 * token), each account link's `hidden`, the header cart's count, words and panel, and the review
 * form's three states. Filling it in for a visitor is then joining strings: no HTML is parsed per
 * request (docs/decisions/019). The markup each place gets is the one the components render (the
 * same functions of `personal.ts`), so a filled-in page is still the page React renders for them.
 *
 * The hearts of saved products and a tutorial's Like are not cut here: the few visitors who have
 * them get them from HTMLRewriter after the fill.
 */
export interface KeptTemplate {
  /** The text between the slots: one more than the slots. */
  texts: string[];
  slots: Slot[];
  /** Whether the page has hearts (product cards, a product page). */
  hearts: boolean;
}

type Slot =
  | { kind: "nonce" }
  | { kind: "boot" }
  | { kind: "csrf" }
  | { kind: "account"; mark: AccountMark }
  | { kind: "cart-count" }
  | { kind: "cart-label" }
  | { kind: "cart-panel" }
  | { kind: "writer"; mark: ReviewWriterKind }
  | { kind: "own-review" };

/** What a visitor's page is filled in with. */
export interface KeptFill {
  nonce: string;
  /** Appended to the boot script (`;window.__personal=...`), or "". */
  boot: string;
  csrf: string | null;
  viewer: PersonalViewer | null;
  cart: (PanelCart & { item_count: number }) | null;
  currency: Currency;
  /** The review form's state on a product page, when the visitor's differs from a guest's. */
  writer: { kind: ReviewWriterKind; status: string | null } | null;
}

interface Cut {
  start: number;
  end: number;
  slot: Slot;
}

const ACCOUNT = /<li data-account="(guest|member|admin)"( hidden="")?/g;
const WRITER = / data-writer="(guest|shopper|reviewed)"( hidden="")?/g;
const CART_COUNT = /<span data-testid="cart-count"[^>]*>([^<]*)<\/span>/g;
const CART_LABEL = /<span data-cart-count-label=""[^>]*>([^<]*)<\/span>/g;
const CART_PANEL = /<div data-cart-panel=""[^>]*>/g;
const BOOT = /<script id="boot"[^>]*>[^<]*(?=<\/script>)/g;
const THEME_COLOR = /<meta name="theme-color"[^>]*>/g;

/** The visitor's places in the page (the nonces aside). Null when one is not the shape this expects. */
function cutsOf(text: string, emptyPanel: string): Cut[] | null {
  const cuts: Cut[] = [];
  for (const match of text.matchAll(ACCOUNT)) {
    cuts.push({
      start: match.index!,
      end: match.index! + match[0].length,
      slot: { kind: "account", mark: match[1] as AccountMark },
    });
  }
  for (const match of text.matchAll(WRITER)) {
    const end = match.index! + match[0].length;
    const mark = match[1] as ReviewWriterKind;
    cuts.push({ start: match.index!, end, slot: { kind: "writer", mark } });
    if (mark === "reviewed") {
      // The shopper's own review's status goes inside it: a guest's page has it empty.
      if (!text.startsWith("></p>", end)) return null;
      cuts.push({ start: end + 1, end: end + 1, slot: { kind: "own-review" } });
    }
  }
  for (const [pattern, kind] of [
    [CART_COUNT, "cart-count"],
    [CART_LABEL, "cart-label"],
  ] as const) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index! + match[0].length - "</span>".length - match[1]!.length;
      cuts.push({ start, end: start + match[1]!.length, slot: { kind } });
    }
  }
  for (const match of text.matchAll(CART_PANEL)) {
    const start = match.index! + match[0].length;
    // A kept page is a guest's: its panel is the empty cart's.
    if (!text.startsWith(emptyPanel, start)) return null;
    cuts.push({ start, end: start + emptyPanel.length, slot: { kind: "cart-panel" } });
  }
  for (const match of text.matchAll(BOOT)) {
    const at = match.index! + match[0].length;
    cuts.push({ start: at, end: at, slot: { kind: "boot" } });
  }
  for (const match of text.matchAll(THEME_COLOR)) {
    const at = match.index! + match[0].length;
    cuts.push({ start: at, end: at, slot: { kind: "csrf" } });
  }
  return cuts;
}

/** Stands for the nonce while the page is cut: a character React never writes. */
const NONCE_MARK = "\u0000";

/**
 * Cuts a kept page (its text between its render's nonces) at its visitor's places. Null when a
 * place is not where it is expected (a changed component): the caller then fills the page in with
 * HTMLRewriter, as before.
 */
export function compileKeptTemplate(parts: string[], currency: Currency): KeptTemplate | null {
  if (parts.some((part) => part.includes(NONCE_MARK))) return null;
  // The places are found in the whole page (the nonce is inside the boot script's tag).
  const text = parts.join(NONCE_MARK);
  const cuts = cutsOf(text, cartPanelHtml(null, currency));
  if (!cuts) return null;
  for (let at = text.indexOf(NONCE_MARK); at !== -1; at = text.indexOf(NONCE_MARK, at + 1)) {
    cuts.push({ start: at, end: at + 1, slot: { kind: "nonce" } });
  }
  cuts.sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < cuts.length; i++) if (cuts[i]!.start < cuts[i - 1]!.end) return null;
  // One boot script and one header cart, or this is not a page of this shape.
  if (
    cuts.filter((cut) => cut.slot.kind === "boot").length !== 1 ||
    cuts.filter((cut) => cut.slot.kind === "cart-count").length !== 1
  )
    return null;
  const texts: string[] = [];
  const slots: Slot[] = [];
  let at = 0;
  for (const cut of cuts) {
    texts.push(text.slice(at, cut.start));
    slots.push(cut.slot);
    at = cut.end;
  }
  texts.push(text.slice(at));
  return { texts, slots, hearts: text.includes(" data-heart=") };
}

function slotText(slot: Slot, fill: KeptFill): string {
  switch (slot.kind) {
    case "nonce":
      return fill.nonce;
    case "boot":
      return fill.boot;
    case "csrf":
      return fill.csrf ? `<meta name="csrf-token" content="${escapeHtml(fill.csrf)}"/>` : "";
    case "account":
      return `<li data-account="${slot.mark}"${accountShown(slot.mark, fill.viewer) ? "" : ' hidden=""'}`;
    case "cart-count":
      return String(fill.cart?.item_count ?? 0);
    case "cart-label":
      return cartCountLabel(fill.cart?.item_count ?? 0);
    case "cart-panel":
      return cartPanelHtml(fill.cart, fill.currency);
    case "writer":
      return ` data-writer="${slot.mark}"${slot.mark === (fill.writer?.kind ?? "guest") ? "" : ' hidden=""'}`;
    case "own-review":
      return fill.writer?.kind === "reviewed" && fill.writer.status ? escapeHtml(fill.writer.status) : "";
  }
}

/** The page for this visitor: the kept text with their parts in their places. */
export function fillKeptTemplate(template: KeptTemplate, fill: KeptFill): string {
  const { texts, slots } = template;
  let html = texts[0]!;
  for (let i = 0; i < slots.length; i++) html += slotText(slots[i]!, fill) + texts[i + 1]!;
  return html;
}
