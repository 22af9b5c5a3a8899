import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { addressesFrom, credentialsOf, CUSTOMER as SEEDED_CUSTOMER } from "../fixtures/accounts";
import { BASE, CookieJar, get, postForm, visit } from "./helpers";
import { WITHOUT_OPTIONS } from "../fixtures/checkout";

// The security headers every answer carries, on the built Worker: pages get a Content-Security-Policy
// whose script-src allows the site and this request's nonce only (never 'unsafe-inline'), and every
// inline script in the page carries that nonce; JSON, redirects and data get `default-src 'none'`;
// every cookie the shop sets is HttpOnly and SameSite=Lax.

const CUSTOMER = credentialsOf(SEEDED_CUSTOMER);

const newAddress = addressesFrom((n) => `192.0.2.${n}`);

/** Every Set-Cookie the shop sent in this file, with where it came from. */
const cookiesSeen: Array<{ from: string; header: string }> = [];

function collect(from: string, response: Response) {
  for (const header of response.headers.getSetCookie()) cookiesSeen.push({ from, header });
  return response;
}

/** The policy as directive name to its sources. */
function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

/** Checks a page's headers and markup; answers its nonce. */
function expectPageSecurity(path: string, response: Response, html: string): string {
  const where = `${path} (${response.status})`;
  expect(response.headers.get("Content-Type"), where).toMatch(/^text\/html/);
  expect(response.headers.get("X-Content-Type-Options"), where).toBe("nosniff");
  expect(response.headers.get("Referrer-Policy"), where).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("X-Frame-Options"), where).toBe("DENY");
  const policy = response.headers.get("Content-Security-Policy");
  expect(policy, where).toBeTruthy();
  const csp = directives(policy!);
  const scriptSrc = csp.get("script-src") ?? csp.get("default-src");
  expect(scriptSrc, `${where}: script-src`).toBeDefined();
  const nonces = scriptSrc!.filter((source) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(source));
  expect(nonces, `${where}: one nonce in script-src`).toHaveLength(1);
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "http:", "https:"]) {
    expect(scriptSrc, `${where}: script-src without ${unsafe}`).not.toContain(unsafe);
  }
  expect(csp.get("frame-ancestors"), where).toEqual(["'none'"]);
  expect(csp.get("object-src"), where).toEqual(["'none'"]);
  expect(csp.get("base-uri"), where).toEqual(["'none'"]);
  const nonce = /^'nonce-(.+)'$/.exec(nonces[0]!)![1]!;

  // Every inline script (not JSON-LD data) carries this request's nonce; scripts by src are our own.
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length, `${where}: the page has scripts`).toBeGreaterThan(0);
  for (const [tag, attributes] of scripts) {
    const type = /\btype="([^"]*)"/i.exec(attributes!)?.[1];
    if (type === "application/ld+json") continue;
    const src = /\bsrc="([^"]*)"/i.exec(attributes!)?.[1];
    if (src !== undefined) {
      expect(src, `${where}: ${tag!.slice(0, 120)}`).toMatch(/^\/(?!\/)/);
      continue;
    }
    expect(attributes, `${where}: inline ${tag!.slice(0, 160)}`).toContain(`nonce="${nonce}"`);
  }
  // No inline event handlers, which the policy would block anyway (and javascript: URLs).
  const handlers = [...html.matchAll(/<[a-z][^>]*\s(on[a-z]+)=/gi)].map((m) => m[1]);
  expect(handlers, `${where}: inline event handlers`).toEqual([]);
  expect(html, where).not.toMatch(/\b(href|src|action)="\s*javascript:/i);
  return nonce;
}

/** JSON, redirects, data and feeds: nothing may run or frame them. */
function expectStrictPolicy(where: string, response: Response) {
  expect(response.headers.get("X-Content-Type-Options"), where).toBe("nosniff");
  expect(response.headers.get("Referrer-Policy"), where).toBe("strict-origin-when-cross-origin");
  const csp = directives(response.headers.get("Content-Security-Policy") ?? "");
  expect(csp.get("default-src"), where).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors"), where).toEqual(["'none'"]);
}

let slugs = { product: "", category: "", blog: "" };
let productId = 0;
/** Logged in as the seeded customer, with a bouquet in the cart. */
const shopper = new CookieJar();

async function shopperVisit(path: string) {
  return collect(path, await visit(shopper, path));
}

beforeAll(async () => {
  const row = await env.DB.prepare(
    `SELECT (SELECT slug FROM products WHERE is_active = 1 AND stock > 5 AND ${WITHOUT_OPTIONS} ORDER BY id LIMIT 1) AS product,
      (SELECT id FROM products WHERE is_active = 1 AND stock > 5 AND ${WITHOUT_OPTIONS} ORDER BY id LIMIT 1) AS product_id,
      (SELECT slug FROM categories WHERE is_active = 1 ORDER BY id LIMIT 1) AS category,
      (SELECT slug FROM blogs WHERE status = 'published' ORDER BY id LIMIT 1) AS blog`,
  ).first<{ product: string; product_id: number; category: string; blog: string }>();
  slugs = { product: row!.product, category: row!.category, blog: row!.blog };
  productId = row!.product_id;

  // A login (session and toast cookies), a toast read (its cookie cleared), an add to cart.
  const login = collect(
    "POST /login",
    await postForm(shopper, "/login", { ...CUSTOMER, remember: "on" }, { "CF-Connecting-IP": newAddress() }),
  );
  expect(login.status).toBe(302);
  expect(shopper.get("session")).toBeDefined();
  await shopperVisit("/");
  const added = collect(
    "POST /cart",
    await postForm(shopper, "/cart", {
      intent: "add",
      product_id: String(productId),
      quantity: "1",
      redirectTo: "/cart",
    }),
  );
  expect(added.status).toBe(302);
  expect(shopper.get("cart")).toBeDefined();
  await shopperVisit("/cart");
});

describe("pages: Content-Security-Policy with a nonce, and the other security headers", () => {
  const guestPages = () => [
    "/",
    "/products",
    "/products?search=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    `/product/${slugs.product}`,
    "/categories",
    `/categories/${slugs.category}`,
    "/blog",
    `/blog/${slugs.blog}`,
    "/cart",
    "/checkout",
    "/login",
    "/register",
    "/about",
    "/privacy",
    "/terms",
    "/contact",
  ];

  it("every guest page", async () => {
    for (const path of guestPages()) {
      const response = collect(path, await get(path, { redirect: "manual" }));
      expect(response.status, path).toBe(200);
      expectPageSecurity(path, response, await response.text());
    }
  });

  it("the 404 page", async () => {
    for (const path of ["/this-page-does-not-exist", `/product/not-a-product-${Date.now()}`, "/blog/not-a-post"]) {
      const response = collect(path, await get(path));
      expect(response.status, path).toBe(404);
      expectPageSecurity(path, response, await response.text());
    }
  });

  it("every page a logged-in shopper with a cart sees, /profile and /orders included", async () => {
    for (const path of [...guestPages().filter((p) => p !== "/login" && p !== "/register"), "/profile", "/orders"]) {
      const response = await shopperVisit(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expectPageSecurity(path, response, html);
      // Logged in: the account menu, not the login link.
      if (path === "/profile" || path === "/orders") expect(html).toContain('action="/logout"');
    }
  });

  it("a new nonce for every request", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const response = await get("/about");
      nonces.add(expectPageSecurity("/about", response, await response.text()));
    }
    expect(nonces.size).toBe(5);
  });
});

describe("non-HTML answers: the strict policy", () => {
  it("every JSON API answer, success, error and cache hit alike", async () => {
    const calls: Array<[string, RequestInit?]> = [
      ["/api/health"],
      ["/api/settings/public"],
      ["/api/products?per_page=2"],
      ["/api/products?per_page=2"],
      [`/api/products/slug/${slugs.product}`],
      ["/api/products/slug/not-a-product"],
      ["/api/products?min_price=abc"],
      ["/api/v1/auth/profile"],
      ["/api/no-such-endpoint"],
      [
        "/api/auth/login",
        {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": newAddress() },
          body: "{",
        },
      ],
      ["/api/orders", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "<script>alert(1)</script>" }],
    ];
    for (const [path, init] of calls) {
      const response = collect(`API ${path}`, await get(path, init));
      const where = `${init?.method ?? "GET"} ${path} (${response.status})`;
      expect(response.status, where).toBeLessThan(500);
      expect(response.headers.get("Content-Type"), where).toMatch(/^application\/json/);
      expectStrictPolicy(where, response);
      await response.arrayBuffer();
    }
  });

  it("redirects, route data, robots.txt and the sitemap", async () => {
    for (const [path, init] of [
      ["/profile", { redirect: "manual" }],
      ["/orders", { redirect: "manual" }],
      ["/products?_data=routes%2Fproducts._index", {}],
      ["/?_data=root", {}],
      ["/robots.txt", {}],
      ["/sitemap.xml", {}],
    ] as Array<[string, RequestInit]>) {
      const response = collect(path, await get(path, init));
      expect(response.status, path).toBeLessThan(500);
      expectStrictPolicy(`${path} (${response.status})`, response);
      await response.arrayBuffer();
    }
  });

  it("a form posted from another site is refused with the strict policy", async () => {
    const response = await postForm(new CookieJar(), "/login", CUSTOMER, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expectStrictPolicy("cross-site POST /login", response);
  });
});

describe("cookies: HttpOnly and SameSite=Lax, every one", () => {
  it("a blog visit gives the visitor cookie, and a blog like keeps to it", async () => {
    const guest = new CookieJar();
    const page = collect("blog visit", await visit(guest, `/blog/${slugs.blog}`));
    expect(page.status).toBe(200);
    expect(guest.get("visitor")).toBeDefined();
    const blog = await env.DB.prepare("SELECT id FROM blogs WHERE slug = ?").bind(slugs.blog).first<{ id: number }>();
    collect("blog like (API)", await get(`/api/blogs/${blog!.id}/like`, { method: "POST" }));
    collect("blog like (page)", await postForm(new CookieJar(), `/blog/${slugs.blog}`, { intent: "like" }));
  });

  it("an add to cart and an error toast as a guest, a logout", async () => {
    const guest = new CookieJar();
    collect(
      "guest add to cart",
      await postForm(guest, "/cart", {
        intent: "add",
        product_id: String(productId),
        quantity: "2",
        redirectTo: "/cart",
      }),
    );
    collect(
      "guest error toast",
      await postForm(guest, "/cart", { intent: "add", product_id: "0", quantity: "500", redirectTo: "/cart" }),
    );
    collect("guest toast read", await visit(guest, "/cart"));
    const leaving = new CookieJar();
    collect("second login", await postForm(leaving, "/login", CUSTOMER, { "CF-Connecting-IP": newAddress() }));
    collect("logout", await postForm(leaving, "/logout", {}));
    // A stale session cookie is cleared as the shopper browses on.
    collect("stale session", await get("/", { headers: { Cookie: `session=${leaving.get("session") ?? "stale"}` } }));
  });

  it("the session, cart, toast and visitor cookies all came, each HttpOnly and SameSite=Lax", () => {
    const names = new Set(cookiesSeen.map(({ header }) => header.slice(0, header.indexOf("=")).trim()));
    for (const name of ["session", "cart", "toast", "visitor"]) expect([...names], name).toContain(name);
    for (const { from, header } of cookiesSeen) {
      const attributes = header
        .split(";")
        .slice(1)
        .map((a) => a.trim().toLowerCase());
      expect(attributes, `${from}: ${header}`).toContain("httponly");
      expect(attributes, `${from}: ${header}`).toContain("samesite=lax");
      expect(
        attributes.some((a) => a === "path=/"),
        `${from}: ${header}`,
      ).toBe(true);
    }
  });

  it("over HTTPS every cookie is Secure as well, and __Host- (docs/decisions/024)", async () => {
    const https = BASE.replace("http:", "https:");
    const headers = {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: https,
      Host: new URL(https).host,
      "CF-Connecting-IP": newAddress(),
    };
    // `get` prefixes the http base: the Worker is called directly at the https address.
    const responses = [
      await SELF.fetch(`${https}/login`, {
        method: "POST",
        headers,
        body: new URLSearchParams(CUSTOMER),
        redirect: "manual",
      }),
      await SELF.fetch(`${https}/cart`, {
        method: "POST",
        headers,
        body: new URLSearchParams({ intent: "add", product_id: String(productId), quantity: "1", redirectTo: "/cart" }),
        redirect: "manual",
      }),
      await SELF.fetch(`${https}/blog/${slugs.blog}`),
    ];
    expect(responses.map((response) => response.status)).toEqual([302, 302, 200]);
    const cookies = responses.flatMap((response) => response.headers.getSetCookie());
    const names = cookies.map((header) => header.slice(0, header.indexOf("=")));
    for (const name of ["session", "cart", "toast", "visitor"]) expect(names).toContain(`__Host-${name}`);
    for (const header of cookies) {
      const attributes = header
        .split(";")
        .slice(1)
        .map((a) => a.trim().toLowerCase());
      expect(header).toMatch(/^__Host-/);
      expect(attributes, header).toContain("path=/");
      expect(
        attributes.some((a) => a.startsWith("domain=")),
        header,
      ).toBe(false);
      expect(attributes, header).toContain("secure");
      expect(attributes, header).toContain("httponly");
      expect(attributes, header).toContain("samesite=lax");
    }
  });
});
