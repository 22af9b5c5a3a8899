import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN } from "../fixtures/accounts";
import { apiClient, apiToken, loggedIn } from "./fixtures";
import { CookieJar, csrfMeta, decode, get, ownQueryCount, postForm, shown, visibleText, visit } from "./helpers";
import { withoutOptions } from "../fixtures/checkout";

// Pages the edge keeps whole (docs/decisions/017): the shared HTML is rendered once without cookies
// and kept while what it shows is unchanged; each visitor's parts (cart, account links, CSRF token,
// hearts, like, review form) are filled in, rendered alone by the components that render them. What a visitor sees must be
// exactly theirs, and exactly what a full render would show them.

let counter = 0;
const tag = () => `${++counter}-${crypto.randomUUID().slice(0, 8)}`;
const newIp = () => `198.51.100.${(++counter % 250) + 1}`;
const { call } = apiClient(newIp);
const PASSWORD = "Petals2024";

type Row = { id: number; name: string; slug: string; price_cents: number; category_slug: string };
let products: Row[];
let blogSlug: string;

const hit = (response: Response) => (response.headers.get("Server-Timing") ?? "").includes('cache;desc="hit"');
const cartCount = (html: string) => Number(/data-testid="cart-count"[^>]*>(\d+)</.exec(html)?.[1]);
const header = (html: string) => shown(html.slice(html.indexOf("<header"), html.indexOf("</header>")));
const scriptNonces = (html: string) => [
  ...new Set([...html.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((m) => m[1])),
];

/** Where two pages first differ, with some context; null when they are the same. */
function firstDifference(a: string, b: string): string | null {
  if (a === b) return null;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}: kept «${a.slice(Math.max(0, i - 120), i + 120)}» rendered «${b.slice(Math.max(0, i - 120), i + 120)}»`;
}

async function newShopper(first = "Kept") {
  const jar = new CookieJar();
  const email = `kept-${tag()}@example.com`;
  const fields = {
    firstName: first,
    lastName: "Visitor",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    terms: "on",
  };
  expect((await postForm(jar, "/register", fields, { "CF-Connecting-IP": newIp() })).status).toBe(302);
  await visit(jar, "/");
  return { jar, email, name: `${first} Visitor` };
}

async function addToCart(jar: CookieJar, productId: number, quantity: number) {
  expect(
    (await postForm(jar, "/cart", { intent: "add", product_id: String(productId), quantity: String(quantity) })).status,
  ).toBe(302);
  // The toast of the add, shown once.
  await visit(jar, "/cart");
}

/** A page as the visitor's browser gets it, after a first request has kept it. */
async function keptFor(jar: CookieJar | null, path: string) {
  const response = await get(path, { headers: jar ? { Cookie: jar.header() } : {}, redirect: "manual" });
  jar?.store(response);
  return { response, html: await response.text() };
}

beforeAll(async () => {
  const rows = await env.DB.prepare(
    `SELECT p.id, p.name, p.slug, p.price_cents, c.slug AS category_slug FROM products p JOIN categories c ON c.id = p.category_id
     WHERE p.is_active = 1 AND p.stock > 20 AND ${withoutOptions("p")} ORDER BY p.created_at DESC, p.id DESC LIMIT 4`,
  ).all<Row>();
  products = rows.results;
  blogSlug = (await env.DB.prepare(
    "SELECT slug FROM blogs WHERE status = 'published' ORDER BY published_at DESC LIMIT 1",
  ).first<{ slug: string }>())!.slug;
});

describe("a kept page", () => {
  it("is rendered once and then served from the cache, with each request's own nonce and no cookie", async () => {
    await get("/about");
    const a = await get("/about");
    const b = await get("/about");
    expect(hit(a) && hit(b)).toBe(true);
    expect(ownQueryCount(b)).toBe(0);
    const [htmlA, htmlB] = [await a.text(), await b.text()];
    const [nonceA, nonceB] = [scriptNonces(htmlA), scriptNonces(htmlB)];
    expect(nonceA).toHaveLength(1);
    expect(nonceB).toHaveLength(1);
    expect(nonceA[0]).not.toBe(nonceB[0]);
    expect(b.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonceB[0]}'`);
    expect(b.headers.getSetCookie()).toEqual([]);
    expect(b.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(htmlB.replaceAll(nonceB[0]!, "N")).toBe(htmlA.replaceAll(nonceA[0]!, "N"));
  });

  it("keeps one page per normalised URL: parameters in another order or with tracking parameters are the same page", async () => {
    await get("/products?sort=name&category=wedding");
    const same = await get("/products?utm_source=mail&category=wedding&sort=name");
    expect(hit(same)).toBe(true);
    const other = await get("/products?category=wedding&sort=price");
    expect(visibleText(await other.text())).toContain("Shop All Bouquets");
  });

  it("shows two visitors their own cart count, account links and CSRF token, never the other's", async () => {
    const ann = await newShopper("Annabel");
    const guest = new CookieJar();
    await addToCart(ann.jar, products[0]!.id, 2);
    await addToCart(guest, products[1]!.id, 1);
    const admin = await loggedIn(ADMIN, newIp());
    const path = `/product/${products[2]!.slug}`;
    await get(path);
    // Interleaved, each twice: nothing of one request's visitor may stay for the next.
    for (let round = 0; round < 2; round++) {
      const [forAnn, forGuest, forAnonymous, forAdmin] = [
        await keptFor(ann.jar, path),
        await keptFor(guest, path),
        await keptFor(null, path),
        await keptFor(admin, path),
      ];
      for (const page of [forAnn, forGuest, forAnonymous, forAdmin]) expect(hit(page.response)).toBe(true);

      expect(cartCount(forAnn.html)).toBe(2);
      expect(header(forAnn.html)).toContain('href="/profile"');
      expect(header(forAnn.html)).not.toContain('href="/login"');
      expect(header(forAnn.html)).not.toContain('href="/admin"');
      expect(shown(forAnn.html)).toContain(decode(products[0]!.name).replace(/&/g, "&amp;"));
      const annCsrf = csrfMeta(forAnn.html);
      expect(annCsrf).toBeTruthy();
      expect(forAnn.html).toContain(ann.email);

      expect(cartCount(forGuest.html)).toBe(1);
      expect(header(forGuest.html)).toContain('href="/login"');
      expect(header(forGuest.html)).not.toContain('href="/profile"');
      expect(csrfMeta(forGuest.html)).toBeNull();
      expect(forGuest.html).not.toContain(ann.email);

      expect(cartCount(forAnonymous.html)).toBe(0);
      expect(visibleText(forAnonymous.html)).toContain("Your cart is empty");
      expect(header(forAnonymous.html)).toContain('href="/login"');
      expect(csrfMeta(forAnonymous.html)).toBeNull();
      expect(forAnonymous.html).not.toContain(ann.email);
      expect(forAnonymous.html).not.toContain("__personal");

      expect(cartCount(forAdmin.html)).toBe(0);
      expect(header(forAdmin.html)).toContain('href="/admin"');
      expect(csrfMeta(forAdmin.html)).not.toBe(annCsrf);
      expect(forAdmin.html).not.toContain(ann.email);
      expect(forAdmin.html).not.toContain(products[0]!.slug + '">' + products[0]!.name);
    }
  });

  it("is, filled in, the very page React renders for that visitor: every part, for a member, an admin and a guest with a cart", async () => {
    const shopper = await newShopper("Exact");
    await addToCart(shopper.jar, products[0]!.id, 1);
    await addToCart(shopper.jar, products[3]!.id, 2);
    // A saved product on the list's first page: its heart is filled.
    expect(
      (
        await postForm(shopper.jar, "/wishlist", {
          intent: "add",
          product_id: String(products[1]!.id),
          redirectTo: "/products",
        })
      ).status,
    ).toBe(302);
    await visit(shopper.jar, "/wishlist");
    // A review written (its status shows where the form was) and a tutorial liked.
    const reviewed = `/product/${products[2]!.slug}`;
    expect(
      (
        await postForm(shopper.jar, reviewed, {
          intent: "review",
          rating: "4",
          title: "Exact",
          body: "The same page, byte for byte, for every visitor.",
        })
      ).status,
    ).toBe(302);
    await visit(shopper.jar, reviewed);
    const article = `/blog/${blogSlug}`;
    const blogId = /name="blog_id" value="(\d+)"/.exec(await (await visit(shopper.jar, article)).text())![1]!;
    expect((await postForm(shopper.jar, article, { blog_id: blogId, liked: "true" })).status).toBe(302);
    await visit(shopper.jar, article);
    const admin = await loggedIn(ADMIN, newIp());
    const guest = new CookieJar();
    await addToCart(guest, products[1]!.id, 3);
    // Each visitor's first view of the tutorial is counted after its answer leaves: let each be
    // counted before the comparison, so that no view lands between a kept page and its render.
    const views = async () =>
      (await env.DB.prepare("SELECT view_count FROM blogs WHERE id = ?").bind(blogId).first<{ view_count: number }>())!
        .view_count;
    for (const jar of [admin, guest]) {
      const before = await views();
      await keptFor(jar, article);
      for (let tries = 0; tries < 50 && (await views()) === before; tries++)
        await new Promise((r) => setTimeout(r, 20));
    }

    const normalise = (html: string) =>
      html
        .replaceAll(scriptNonces(html)[0]!, "N")
        .replace(/;window\.__personal=[\s\S]*?<\/script>/, "</script>")
        .replace(/window\.__remixContext = [\s\S]*?<\/script>/, "</script>")
        .replace(/(\?|&amp;|&)_t=full/g, "");
    const pages = [
      "/",
      "/products",
      `/product/${products[1]!.slug}`,
      reviewed,
      `/categories/${products[0]!.category_slug}`,
      "/blog",
      article,
    ];
    for (const [who, jar] of [
      ["member", shopper.jar],
      ["admin", admin],
      ["guest with a cart", guest],
    ] as const) {
      for (const path of pages) {
        // A view counted makes the tutorial's page (it shows the count) stale: the page is kept
        // again on the next visit.
        let kept = await keptFor(jar, path);
        for (let tries = 0; tries < 3 && !hit(kept.response); tries++) kept = await keptFor(jar, path);
        expect(hit(kept.response), `${who} ${path}`).toBe(true);
        const full = await get(`${path}${path.includes("?") ? "&" : "?"}_t=full`, {
          headers: { Cookie: jar.header() },
        });
        expect(hit(full)).toBe(false);
        expect(firstDifference(normalise(kept.html), normalise(await full.text())), `${who} ${path}`).toBeNull();
      }
    }
    // What the pages compared hold: each part as this visitor sees it.
    const member = (await keptFor(shopper.jar, "/products")).html;
    expect(cartCount(member)).toBe(3);
    expect(member).toContain('<meta name="csrf-token"');
    expect(header(member)).toContain('href="/profile"');
    const heart = new RegExp(`<form[^>]*data-heart="${products[1]!.id}"[\\s\\S]*?</form>`).exec(member)![0];
    expect(heart).toContain('aria-pressed="true"');
    expect(heart).toContain('value="remove"');
    expect(member).toMatch(new RegExp(`window\\.__personal=\\{"root":\\{[^<]*"wishlist":\\[${products[1]!.id}\\]`));
    expect(visibleText((await keptFor(shopper.jar, reviewed)).html)).toContain("You have reviewed this product");
    expect(shown((await keptFor(shopper.jar, `/product/${products[1]!.slug}`)).html)).toContain('name="rating"');
    const like = /<form[^>]*data-like[\s\S]*?<\/form>/.exec((await keptFor(shopper.jar, article)).html)![0];
    expect(like).toContain('aria-pressed="true"');
    expect(header((await keptFor(admin, "/")).html)).toContain('href="/admin"');
    const guestPage = (await keptFor(guest, "/")).html;
    expect(cartCount(guestPage)).toBe(3);
    expect(header(guestPage)).toContain('href="/login"');
    expect(guestPage).not.toContain('<meta name="csrf-token"');
  });

  it("never keeps a toast: it shows once for the shopper it was for, and to nobody else", async () => {
    const jar = new CookieJar();
    await get("/products");
    expect(
      (
        await postForm(jar, "/cart", {
          intent: "add",
          product_id: String(products[2]!.id),
          quantity: "1",
          redirectTo: "/products",
        })
      ).status,
    ).toBe(302);
    const withToast = await keptFor(jar, "/products");
    expect(hit(withToast.response)).toBe(false);
    expect(withToast.html).toContain("added to cart!");
    expect(withToast.response.headers.getSetCookie().some((cookie) => cookie.startsWith("toast="))).toBe(true);
    const after = await keptFor(jar, "/products");
    expect(hit(after.response)).toBe(true);
    expect(after.html).not.toContain("added to cart!");
    const other = await keptFor(null, "/products");
    expect(other.html).not.toContain("added to cart!");
    expect(other.response.headers.getSetCookie()).toEqual([]);
  });

  it("is made anew after a price change, on every page that shows the price", async () => {
    const product = products[3]!;
    const pages = ["/products", `/product/${product.slug}`, `/categories/${product.category_slug}`];
    for (const path of pages) {
      await get(path);
      expect(hit(await get(path))).toBe(true);
    }
    const token = await apiToken(newIp(), ADMIN);
    const newCents = product.price_cents + 1100;
    const changed = await call("PUT", `/api/admin/products/${product.id}`, {
      token,
      body: { price: newCents / 100, sale_price: null },
    });
    expect(changed.status).toBe(200);
    const price = `$${(newCents / 100).toFixed(2)}`;
    for (const path of pages) {
      const page = await get(path);
      expect(hit(page), path).toBe(false);
      expect(visibleText(await page.text()), path).toContain(price);
      expect(hit(await get(path)), path).toBe(true);
    }
  });

  it("never sends a cookie from the kept body: a tutorial's first visit gets its own visitor id, a stale session is cleared", async () => {
    const path = `/blog/${blogSlug}`;
    await get(path);
    const first = await keptFor(null, path);
    const second = await keptFor(null, path);
    const visitorOf = (response: Response) =>
      response.headers.getSetCookie().find((cookie) => cookie.startsWith("visitor="));
    expect(visitorOf(first.response)).toBeTruthy();
    expect(visitorOf(second.response)).toBeTruthy();
    expect(visitorOf(first.response)).not.toBe(visitorOf(second.response));
    const stale = new CookieJar();
    stale.set("session", "not-a-token");
    const cleared = await keptFor(stale, "/");
    expect(
      cleared.response.headers
        .getSetCookie()
        .some((cookie) => /^session=;/.test(cookie) || /^session=.*Max-Age=0/i.test(cookie)),
    ).toBe(true);
    expect(header(cleared.html)).toContain('href="/login"');
  });

  it("fills in a tutorial's like for the visitor who gave it, and counts it for everyone", async () => {
    const path = `/blog/${blogSlug}`;
    const fan = new CookieJar();
    await visit(fan, path);
    const id = /name="blog_id" value="(\d+)"/.exec(await (await visit(fan, path)).text())![1]!;
    const before = Number(/data-testid="like-button-count">(\d+)/.exec(await (await get(path)).text())![1]);
    expect((await postForm(fan, path, { blog_id: id, liked: "true" })).status).toBe(302);
    await visit(fan, path);
    const mine = await keptFor(fan, path);
    const theirs = await keptFor(null, path);
    const button = (html: string) => /<form[^>]*data-like[\s\S]*?<\/form>/.exec(html)![0];
    expect(button(mine.html)).toContain('aria-pressed="true"');
    expect(visibleText(button(mine.html))).toContain("Liked");
    expect(button(theirs.html)).toContain('aria-pressed="false"');
    expect(visibleText(button(theirs.html))).toContain("Like");
    for (const html of [mine.html, theirs.html])
      expect(Number(/data-testid="like-button-count">(\d+)/.exec(html)![1])).toBe(before + 1);
  });

  it("shows the review form, the shopper's own review's status or the login link, to whom it belongs", async () => {
    const product = products[2]!;
    const path = `/product/${product.slug}`;
    const reviewer = await newShopper("Reviewer");
    const browser = await newShopper("Browser");
    const posted = await postForm(reviewer.jar, path, {
      intent: "review",
      rating: "5",
      title: "Lovely",
      body: "It never wilts and the colours are bright.",
    });
    expect(posted.status).toBe(302);
    await visit(reviewer.jar, path);
    const [mine, theirs, guest] = [
      await keptFor(reviewer.jar, path),
      await keptFor(browser.jar, path),
      await keptFor(null, path),
    ];
    expect(visibleText(mine.html)).toContain("Your review is waiting for approval.");
    expect(shown(mine.html)).not.toContain('name="rating"');
    expect(shown(theirs.html)).toContain('name="rating"');
    expect(visibleText(theirs.html)).not.toContain("You have reviewed this product");
    expect(shown(guest.html)).not.toContain('name="rating"');
    expect(visibleText(guest.html)).toContain("Log in to write a review");
  });

  it("is never used for the pages that are personal by nature", async () => {
    const shopper = await newShopper("Private");
    for (const path of ["/cart", "/checkout", "/profile", "/orders", "/wishlist", "/login", "/contact"]) {
      await visit(shopper.jar, path);
      expect(hit(await visit(shopper.jar, path)), path).toBe(false);
    }
  });
});
