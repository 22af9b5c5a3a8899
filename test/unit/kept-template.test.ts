import { describe, expect, it } from "vitest";
import {
  compileKeptTemplate,
  fillKeptTemplate as fillBytes,
  guestPage,
  type KeptTemplate,
} from "../../app/lib/kept-template";
import { DEFAULT_CURRENCY } from "../../app/lib/money";
import { bootMarker, GUEST, partMarker, type PartRenderer, type VisitorParts } from "../../app/lib/personal";
import { renderPart } from "../../app/kept-fill.server";

// A kept page cut once at its places and joined for each visitor (docs/decisions/017, 019). The
// worker tests compare a filled-in page with the page React renders for the same visitor; here,
// the cutting and joining: what goes where, what is rendered for whom, and the pages it refuses.

const NONCE = "kept+nonce/0123==";

/** A kept page as a render to keep it marks it: the nonce in attributes, the parts' places marked. */
function keptPage() {
  return [
    `<!DOCTYPE html><html><head><script id="boot" nonce="${NONCE}">document.documentElement.classList.add('js')${bootMarker(NONCE)}</script>`,
    `<meta name="theme-color" content="#be185d"/>${partMarker(NONCE, "csrf", {})}<title>Shop</title></head><body><header><ul>`,
    partMarker(NONCE, "accountLinks", { pathname: "/products", menu: "header" }),
    `</ul><summary>${partMarker(NONCE, "cartCount", {})}</summary>`,
    `${partMarker(NONCE, "cartPanel", { currency: DEFAULT_CURRENCY })}</header><main>`,
    partMarker(NONCE, "heart", {
      productId: 7,
      productName: `Fern & "Rose"`,
      className: "absolute",
      size: 20,
      redirectTo: "/products?sort=name",
    }),
    partMarker(NONCE, "heart", {
      productId: 8,
      productName: "Tulip",
      className: "",
      size: 24,
      redirectTo: "/products",
    }),
    `<p>Fern &amp; Rose</p></main><script nonce="${NONCE}">window.__remixContext = {};</script></body></html>`,
  ].join("");
}

/** Counts the parts rendered. */
function counting() {
  const rendered: string[] = [];
  const render: PartRenderer = (name, props, data) => {
    rendered.push(name);
    return renderPart(name, props, data);
  };
  return { rendered, render };
}

const text = (chunks: Uint8Array[]) => Buffer.concat(chunks).toString("utf8");
const fillKeptTemplate = (...args: Parameters<typeof fillBytes>) => text(fillBytes(...args));
const guestFor = (template: KeptTemplate, nonce: string) => text(guestPage(template, nonce));

const compile = (render: PartRenderer = renderPart) => compileKeptTemplate(keptPage().split(NONCE), render)!;

const member: VisitorParts = {
  ...GUEST,
  viewer: { name: "Ada", email: "ada@example.com", isAdmin: false },
  csrf: "tok<en>",
  cart: {
    items: [
      {
        product_id: 7,
        variant_id: 70,
        quantity: 2,
        product: { slug: "fern-rose", name: "Fern & Rose", unit_price_cents: 1250, options: {} },
      },
    ],
    subtotal_cents: 2500,
    item_count: 2,
  },
  wishlist: [8],
};

describe("a kept page's template", () => {
  it("renders a guest's parts once per kept copy, and gives a guest the page with their own nonce", () => {
    const { rendered, render } = counting();
    const template = compile(render);
    expect(rendered).toHaveLength(6);
    const page = guestFor(template, "n2");
    expect(page).toContain(`classList.add('js')</script>`);
    expect(page).toContain(`nonce="n2"`);
    expect(page).not.toContain(NONCE);
    expect(page).not.toContain("\u0001");
    expect(page).toMatch(/<li data-account="guest"><a [^>]*href="\/login"/);
    expect(page).not.toContain("/profile");
    expect(page).toContain("Your cart is empty");
    expect(page).not.toContain("csrf-token");
    expect(fillKeptTemplate(template, { nonce: "n2", boot: "", visitor: GUEST }, render)).toBe(page);
    // Filling it in for a guest renders nothing again.
    expect(rendered).toHaveLength(6);
  });

  it("renders for a visitor only the parts that differ from a guest's", () => {
    const { rendered, render } = counting();
    const template = compile(render);
    rendered.length = 0;
    const html = fillKeptTemplate(template, { nonce: "n2", boot: ";window.__personal={}", visitor: member }, render);
    // The heart of product 7 is a guest's: not rendered again.
    expect(rendered.sort()).toEqual(["accountLinks", "cartCount", "cartPanel", "csrf", "heart"]);
    expect(html).toContain(`classList.add('js');window.__personal={}</script>`);
    expect(html).toContain(
      `<meta name="theme-color" content="#be185d"/><meta name="csrf-token" content="tok&lt;en&gt;"/>`,
    );
    expect(html).toMatch(/<li data-account="member"><a [^>]*href="\/profile"/);
    expect(html).not.toContain(`href="/login"`);
    expect(html).not.toContain(`href="/admin"`);
    expect(html).toMatch(/data-testid="cart-count"[^>]*>2</);
    expect(html).toContain("Fern &amp; Rose</a>");
    expect(html).toMatch(/data-heart="8"[\s\S]*?aria-pressed="true"/);
    expect(html).toMatch(/data-heart="7"[\s\S]*?aria-pressed="false"[^>]*aria-label="Save Fern &amp; &quot;Rose&quot;/);
    expect(html).toContain(`value="/products?sort=name"`);
    expect(html).toContain("<p>Fern &amp; Rose</p>");
    // The same visitor again: every part is one the kept copy has rendered already.
    rendered.length = 0;
    expect(fillKeptTemplate(template, { nonce: "n2", boot: ";window.__personal={}", visitor: member }, render)).toBe(
      html,
    );
    expect(rendered).toEqual([]);
  });

  it("shows an admin the Admin link", () => {
    const html = fillKeptTemplate(
      compile(),
      { nonce: "n", boot: "", visitor: { ...member, viewer: { name: "Ola", email: "o@example.com", isAdmin: true } } },
      renderPart,
    );
    expect(html).toMatch(/<li data-account="admin"><a [^>]*href="\/admin"/);
  });

  it("refuses a page with a marker this build does not know, or one it cannot read", () => {
    const page = keptPage();
    expect(
      compileKeptTemplate(page.replace("\u0001csrf\u0001", "\u0001gone\u0001").split(NONCE), renderPart),
    ).toBeNull();
    expect(
      compileKeptTemplate(page.replace("\u0001csrf\u0001", "\u0001csrf\u0001%E0%A4%A").split(NONCE), renderPart),
    ).toBeNull();
  });

  it("leaves alone a text that looks like a marker without the render's nonce (a review, a product's name)", () => {
    const page = keptPage().replace("<p>Fern", "<p>\u0001csrf\u0001%7B%7D\u0001Fern");
    const html = fillKeptTemplate(
      compileKeptTemplate(page.split(NONCE), renderPart)!,
      { nonce: "n", boot: "", visitor: member },
      renderPart,
    );
    expect(html).toContain("<p>\u0001csrf\u0001%7B%7D\u0001Fern");
  });
});
