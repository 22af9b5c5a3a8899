import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { CookieJar, get, getJson, ownQueryCount, postForm, visibleText, visit } from "./helpers";

// Reads near the shopper (docs/decisions/016): every request reads through a D1 session; a request
// that writes hands the session's bookmark back in a cookie, and the shopper's next reads start from
// it, so they see their own write from any replica. A visitor who only reads gets no cookie, and the
// cached public answers stay cached. A local D1 has no replicas, but its sessions and bookmarks work.

const BOOKMARK = "db_bookmark";
const HIT = 'cache;desc="hit"';
const isHit = (response: Response) => (response.headers.get("Server-Timing") ?? "").includes(HIT);
/** Lets the cache's puts (made after the answer, with waitUntil) land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

const ARTICLE = "how-to-make-pipe-cleaner-roses";
let articleId: number;

beforeAll(async () => {
  articleId = (await env.DB.prepare("SELECT id FROM blogs WHERE slug = ?").bind(ARTICLE).first<{ id: number }>())!.id;
});

/** The bookmark cookie an answer sets, parsed: its value and attributes; undefined when it sets none. */
function bookmarkCookieOf(response: Response) {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${BOOKMARK}=`));
  if (!header) return undefined;
  const [pair, ...attributes] = header.split(";").map((part) => part.trim());
  return { value: pair!.slice(BOOKMARK.length + 1), attributes };
}

/** A visitor who has read the article once: a visitor cookie, and no bookmark yet. */
async function reader() {
  const jar = new CookieJar();
  const response = await visit(jar, `/blog/${ARTICLE}`);
  expect(response.status).toBe(200);
  expect(jar.get("visitor")).toBeDefined();
  expect(jar.get(BOOKMARK)).toBeUndefined();
  return jar;
}

describe("a shopper's write", () => {
  it("hands back a signed bookmark cookie (HttpOnly, SameSite=Lax, a few minutes), and the next read from it shows the write", async () => {
    const jar = await reader();
    const liked = await postForm(jar, `/blog/${ARTICLE}`, { blog_id: String(articleId), liked: "true" });
    expect(liked.status).toBe(302);
    const cookie = bookmarkCookieOf(liked)!;
    expect(cookie).toBeDefined();
    // D1's bookmark (hex groups, as workerd's local D1 gives them), a dot, its HMAC.
    expect(cookie.value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$/);
    expect(cookie.attributes).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=300"]));
    // http://shop.test in the tests, ENVIRONMENT=test: not Secure here (it is in production and over HTTPS).
    expect(cookie.attributes).not.toContain("Secure");
    expect(jar.get(BOOKMARK)).toBe(cookie.value);

    const page = await visit(jar, `/blog/${ARTICLE}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/aria-pressed="true"[^>]*><span aria-hidden="true">♥<\/span>Liked/);
    const api = await getJson(`/api/blogs/${ARTICLE}`, { headers: { Cookie: jar.header() } });
    expect(api.status).toBe(200);
    expect(api.body.data.liked).toBe(true);
  });

  it("through the API: a POST with the shopper's cookies hands back the bookmark, and their next GET reads the write", async () => {
    const jar = await reader();
    const response = await get(`/api/blogs/${articleId}/like`, {
      method: "POST",
      headers: { Accept: "application/json", Cookie: jar.header() },
    });
    expect(response.status).toBe(200);
    jar.store(response);
    expect(jar.get(BOOKMARK)).toBeDefined();
    const after = await getJson(`/api/blogs/${ARTICLE}`, { headers: { Cookie: jar.header() } });
    expect(after.body.data.liked).toBe(true);
    await get(`/api/blogs/${articleId}/like`, {
      method: "DELETE",
      headers: { Accept: "application/json", Cookie: jar.header() },
    });
  });

  it("is never sent to a token client, nor to a cookie-less client that is given no cookie", async () => {
    const email = `bookmark-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const registered = await get("/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "203.0.113.77" },
      body: JSON.stringify({
        name: "Bookmark Tester",
        email,
        password: "Secret123",
        password_confirmation: "Secret123",
      }),
    });
    expect(registered.status).toBe(201);
    const { token } = ((await registered.json()) as { data: { token: string } }).data;
    expect(bookmarkCookieOf(registered)).toBeUndefined();
    const liked = await get(`/api/blogs/${articleId}/like`, {
      method: "POST",
      headers: { Accept: "application/json", Authorization: `Bearer ${token}` },
    });
    expect(liked.status).toBe(200);
    expect(liked.headers.getSetCookie()).toEqual([]);
  });
});

describe("a visitor who only reads", () => {
  it("gets no Set-Cookie for a public API answer, which stays edge-cached", async () => {
    const path = "/api/products?per_page=5";
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie()).toEqual([]);
    await first.arrayBuffer();
    await settle();
    const second = await get(path);
    expect(second.status).toBe(200);
    expect(second.headers.getSetCookie()).toEqual([]);
    expect(isHit(second)).toBe(true);
    expect(second.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
  });

  it("gets no Set-Cookie for public pages, whose cached data stays cached (no statement once warm)", async () => {
    // The product list is read live by design (every filter): it must still set no cookie.
    const second = await get("/products");
    expect(second.status).toBe(200);
    expect(second.headers.getSetCookie()).toEqual([]);
    await second.text();
    // The article still gives a first-time reader a visitor id (its views count people): never a bookmark.
    const article = await get(`/blog/${ARTICLE}`);
    expect(article.status).toBe(200);
    expect(bookmarkCookieOf(article)).toBeUndefined();
    await article.text();
    for (const path of ["/", "/blog", "/categories"]) {
      const first = await get(path);
      expect(first.status).toBe(200);
      expect(first.headers.getSetCookie()).toEqual([]);
      await first.text();
      await settle();
      const second = await get(path);
      expect(second.headers.getSetCookie()).toEqual([]);
      expect([path, ownQueryCount(second)]).toEqual([path, 0]);
      await second.text();
    }
  });

  it("gets no bookmark from a page that reads the primary (the back office's login wall, a mail link)", async () => {
    for (const path of ["/admin", "/newsletter/confirm?token=nothing", "/checkout"]) {
      const response = await get(path, { redirect: "manual" });
      expect(response.status).toBeLessThan(500);
      expect(bookmarkCookieOf(response)).toBeUndefined();
      await response.arrayBuffer();
    }
  });
});

describe("a bookmark cookie that is not the shop's", () => {
  const forged = [
    "garbage",
    "zzzz",
    // Well-formed, but not signed by this shop.
    "00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683",
    "%00%ff.x",
    "..",
    "a".repeat(4000),
  ];

  it("is ignored on a read: the page and the API answer as for anyone, with no Set-Cookie, never a 500", async () => {
    for (const value of forged) {
      const headers = { Cookie: `${BOOKMARK}=${value}` };
      const page = await get(`/blog/${ARTICLE}`, { headers });
      expect(page.status).toBe(200);
      expect(bookmarkCookieOf(page)).toBeUndefined();
      expect(visibleText(await page.text())).toContain("How to Make Pipe-Cleaner Roses That Look Real");
      const api = await get("/api/products?per_page=5", { headers });
      expect(api.status).toBe(200);
      expect(api.headers.getSetCookie()).toEqual([]);
      await api.arrayBuffer();
    }
  });

  it("is replaced by a real one after a write", async () => {
    const jar = await reader();
    jar.set(BOOKMARK, "garbage.forged");
    const liked = await postForm(jar, `/blog/${ARTICLE}`, { blog_id: String(articleId), liked: "true" });
    expect(liked.status).toBe(302);
    expect(bookmarkCookieOf(liked)?.value).toMatch(/^[0-9A-Za-z-]+\.[A-Za-z0-9_-]{43}$/);
    const page = await visit(jar, `/blog/${ARTICLE}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('aria-pressed="true"');
    await postForm(jar, `/blog/${ARTICLE}`, { blog_id: String(articleId), liked: "false" });
  });
});
