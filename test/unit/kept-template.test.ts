import { describe, expect, it } from "vitest";
import { compileKeptTemplate, fillKeptTemplate, type KeptFill } from "../../app/lib/kept-template";
import { DEFAULT_CURRENCY } from "../../app/lib/money";
import { cartPanelHtml } from "../../app/lib/personal";

// A kept page cut once at its visitor's places and joined for each visitor (docs/decisions/019).
// The worker tests compare a filled-in page with the page React renders for the same visitor; here,
// the cutting itself: what goes where, and the pages it must refuse to cut.

const NONCE = "kept+nonce/0123==";

/** A guest's page as the components render it, with the render's nonce in it. */
function guestPage({ panel = cartPanelHtml(null, DEFAULT_CURRENCY), reviews = true } = {}) {
  return [
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><script id="boot" nonce="${NONCE}">document.documentElement.classList.add('js')</script>`,
    `<meta name="theme-color" content="#be185d"/><title>Shop</title></head><body><header><ul>`,
    `<li data-account="guest"><a href="/login">Login</a></li><li data-account="member" hidden=""><a href="/orders">My Orders</a></li>`,
    `<li data-account="admin" hidden=""><a href="/admin">Admin</a></li></ul>`,
    `<span data-testid="cart-count" class="ml-1">0</span><span data-cart-count-label="" class="sr-only">items</span>`,
    `<div data-cart-panel="" class="absolute">${panel}</div></header><main>`,
    reviews
      ? `<div data-writer="guest"><a href="/login">Log in</a></div><p class="mt-2" data-testid="own-review" data-writer="reviewed" hidden=""></p><div data-writer="shopper" hidden=""><form></form></div>`
      : "",
    `<p>Fern &amp; Rose</p></main><script nonce="${NONCE}">window.__remixContext = {};</script></body></html>`,
  ].join("");
}

const compile = (html: string) => compileKeptTemplate(html.split(NONCE), DEFAULT_CURRENCY);

const guest: KeptFill = {
  nonce: "n2",
  boot: "",
  csrf: null,
  viewer: null,
  cart: null,
  currency: DEFAULT_CURRENCY,
  writer: null,
};

describe("a kept page's template", () => {
  it("gives a guest back the page as it was kept, with their own nonce", () => {
    const html = guestPage();
    const template = compile(html)!;
    expect(template).not.toBeNull();
    expect(fillKeptTemplate(template, { ...guest, nonce: NONCE })).toBe(html);
    expect(fillKeptTemplate(template, guest)).toBe(html.split(NONCE).join("n2"));
  });

  it("fills in a member's links, CSRF token, cart, data and review status in their places", () => {
    const cart = {
      items: [
        { product_id: 7, quantity: 2, product: { slug: "fern-rose", name: "Fern & Rose", unit_price_cents: 1250 } },
      ],
      subtotal_cents: 2500,
      item_count: 2,
    };
    const html = fillKeptTemplate(compile(guestPage())!, {
      ...guest,
      boot: ";window.__personal={}",
      csrf: "tok<en>",
      viewer: { name: "Ada", email: "ada@example.com", isAdmin: false },
      cart,
      writer: { kind: "reviewed", status: "Your review is waiting for approval" },
    });
    expect(html).toContain(`classList.add('js');window.__personal={}</script>`);
    expect(html).toContain(
      `<meta name="theme-color" content="#be185d"/><meta name="csrf-token" content="tok&lt;en&gt;"/>`,
    );
    expect(html).toContain(`<li data-account="guest" hidden=""><a href="/login">`);
    expect(html).toContain(`<li data-account="member"><a href="/orders">`);
    expect(html).toContain(`<li data-account="admin" hidden=""><a href="/admin">`);
    expect(html).toContain(
      `<span data-testid="cart-count" class="ml-1">2</span><span data-cart-count-label="" class="sr-only">items</span>`,
    );
    expect(html).toContain(`<div data-cart-panel="" class="absolute">${cartPanelHtml(cart, DEFAULT_CURRENCY)}</div>`);
    expect(html).toContain(`<div data-writer="guest" hidden="">`);
    expect(html).toContain(`data-writer="reviewed">Your review is waiting for approval</p>`);
    expect(html).toContain(`<div data-writer="shopper" hidden="">`);
    // The rest of the page is untouched.
    expect(html).toContain("<p>Fern &amp; Rose</p>");
  });

  it("shows an admin the Admin link, and a shopper who has not reviewed the form", () => {
    const html = fillKeptTemplate(compile(guestPage())!, {
      ...guest,
      viewer: { name: "Ola", email: "o@example.com", isAdmin: true },
      writer: { kind: "shopper", status: null },
    });
    expect(html).toContain(`<li data-account="admin"><a href="/admin">`);
    expect(html).toContain(`<div data-writer="shopper"><form>`);
    expect(html).toContain(`data-writer="reviewed" hidden=""></p>`);
  });

  it("knows a page without a review form, and says whether the page has hearts", () => {
    const template = compile(guestPage({ reviews: false }))!;
    expect(template.slots.some((slot) => slot.kind === "writer")).toBe(false);
    expect(template.hearts).toBe(false);
    expect(compile(guestPage().replace("<main>", `<main><form data-heart="7"></form>`))!.hearts).toBe(true);
  });

  it("refuses to cut a page whose places are not as the components render them", () => {
    // A panel that is not the empty cart's, a second header cart, no boot script.
    expect(compile(guestPage({ panel: "<p>Something else</p>" }))).toBeNull();
    expect(
      compile(guestPage().replace("</header>", `<span data-testid="cart-count" class="x">0</span></header>`)),
    ).toBeNull();
    expect(compile(guestPage().replace(`id="boot"`, `id="start"`))).toBeNull();
  });
});
