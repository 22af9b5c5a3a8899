import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../functions/worker";
import { expectConsoleError } from "../console-guard";
import { apiClient } from "./fixtures";
import { BASE, CookieJar, markChanged, postForm, visibleText, visit } from "./helpers";
import { TAGS } from "../../app/lib/cache-tags";
import scalarBundle from "../../functions/api/scalar-bundle.json";

// Security review, finding 6 and the Sessions build item (docs/decisions/024), on the Worker:
// - a session ends at its absolute limit from the sign-in (30 days remembered, a day otherwise),
//   however often it is refreshed, on the pages, the API and the kept pages alike;
// - over HTTPS every cookie is `__Host-` and every answer carries HSTS; over plain http neither;
// - /api/docs runs no script from another origin; its script is the pinned one, served here;
// - a production Worker with a weak or placeholder secret serves nothing.

const HTTPS = "https://shop.test";
const PASSWORD = "Petals2024";
const DAY = 24 * 60 * 60;
const HSTS = "max-age=31536000";

let counter = 0;
const newIp = () => `2001:db8:26:6::${(counter++).toString(16)}`;
const { call } = apiClient(newIp);

/** A new customer through the register API: email and token (a short session). */
async function newAccount() {
  const email = `sessions-${++counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { status, body } = await call("POST", "/api/auth/register", {
    body: { name: "Dahlia Stem", email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(status).toBe(201);
  return { email, token: body.data.token as string };
}

/** A browser that logs in with the form, over `base`, remembered or not. */
async function browserLogin(base: string, email: string, remember: boolean, headers: Record<string, string> = {}) {
  const jar = new CookieJar(base);
  const response = await postForm(
    jar,
    "/login",
    { email, password: PASSWORD, ...(remember ? { remember: "on" } : {}) },
    { "CF-Connecting-IP": newIp(), ...headers },
  );
  expect(response.status).toBe(302);
  return { jar, response };
}

const claimsOf = (token: string) =>
  JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as {
    sid: string;
    exp: number;
    iat: number;
  };

/** Moves a session's sign-in (and its created_at) back in time, as if it had been opened then. */
async function signedInAgo(sessionId: string, seconds: number) {
  const at = Math.floor(Date.now() / 1000) - seconds;
  await env.DB.prepare("UPDATE sessions SET signed_in_at = ?, created_at = ? WHERE id = ?")
    .bind(at, at, sessionId)
    .run();
  await markChanged(TAGS.session(sessionId));
}

// ---------------------------------------------------------------- absolute session limit

describe("a session's absolute limit", () => {
  it("keeps the sign-in time through refreshes: the new token's exp never passes the first one's", async () => {
    const { token } = await newAccount();
    const first = claimsOf(token);
    // Signed in an hour ago: a refresh now must still end a day after that sign-in, not a day from now.
    await signedInAgo(first.sid, 3600);
    const refreshed = await call("POST", "/api/auth/refresh", { token });
    expect(refreshed.status).toBe(200);
    const second = claimsOf(refreshed.body.data.token);
    expect(second.sid).not.toBe(first.sid);
    expect(second.exp).toBeLessThanOrEqual(first.exp - 3600 + 1);
    const again = claimsOf(
      (await call("POST", "/api/auth/refresh", { token: refreshed.body.data.token })).body.data.token,
    );
    expect(again.exp).toBe(second.exp);
    const rows = await env.DB.prepare("SELECT id, signed_in_at FROM sessions WHERE id IN (?, ?)")
      .bind(first.sid, second.sid)
      .all<{ id: string; signed_in_at: number }>();
    expect(new Set(rows.results.map((row) => row.signed_in_at)).size).toBe(1);
  });

  it("ends a short session a day after the sign-in, however often refreshed", async () => {
    const { token } = await newAccount();
    let current = token;
    for (let i = 0; i < 3; i++) current = (await call("POST", "/api/auth/refresh", { token: current })).body.data.token;
    expect((await call("GET", "/api/v1/auth/profile", { token: current })).status).toBe(200);
    // The refreshed session's row expires in the future, but its sign-in was a day and a minute ago.
    await signedInAgo(claimsOf(current).sid, DAY + 60);
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?")
      .bind(Math.floor(Date.now() / 1000) + DAY, claimsOf(current).sid)
      .run();
    expect((await call("GET", "/api/v1/auth/profile", { token: current })).status).toBe(401);
    expect((await call("POST", "/api/auth/refresh", { token: current })).status).toBe(401);
  });

  it("ends a remembered session 30 days after the sign-in, on the pages and the kept pages too", async () => {
    const { email } = await newAccount();
    const { jar } = await browserLogin(BASE, email, true);
    expect((await visit(jar, "/profile")).status).toBe(200);
    expect(visibleText(await (await visit(jar, "/")).text())).toContain("Log out");
    const sid = claimsOf(jar.get("session")!).sid;
    // 29 days in: still signed in.
    await signedInAgo(sid, 29 * DAY);
    expect((await visit(jar, "/profile")).status).toBe(200);
    // 30 days and a minute: the row (as an old, renewed one might) still says it is live; the sign-in says no.
    await signedInAgo(sid, 30 * DAY + 60);
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?")
      .bind(Math.floor(Date.now() / 1000) + 10 * DAY, sid)
      .run();
    const stale = jar.get("session")!;
    const home = await visit(new CookieJar(), "/");
    expect(home.status).toBe(200);
    const kept = new CookieJar();
    kept.set("session", stale);
    const page = await visit(kept, "/");
    expect(visibleText(await page.text())).not.toContain("Log out");
    expect(kept.get("session")).toBeUndefined();
    const profile = await visit(jar, "/profile");
    expect(profile.status).toBe(302);
    expect(profile.headers.get("Location")).toMatch(/^\/login/);
  });

  it("counts a session older than the column from its creation", async () => {
    const { token } = await newAccount();
    const { sid } = claimsOf(token);
    const at = Math.floor(Date.now() / 1000) - DAY - 60;
    await env.DB.prepare("UPDATE sessions SET signed_in_at = NULL, created_at = ?, expires_at = ? WHERE id = ?")
      .bind(at, at + 30 * DAY, sid)
      .run();
    await markChanged(TAGS.session(sid));
    expect((await call("GET", "/api/v1/auth/profile", { token })).status).toBe(401);
  });
});

// ---------------------------------------------------------------- __Host- cookies and HSTS

describe("over HTTPS", () => {
  for (const [how, base, headers] of [
    ["an https URL", HTTPS, {}],
    ["Cloudflare's CF-Visitor header", BASE, { "CF-Visitor": '{"scheme":"https"}' }],
  ] as const) {
    it(`(${how}) every cookie is __Host-, every answer has HSTS, and the session works with them`, async () => {
      const { email } = await newAccount();
      const jar = new CookieJar(base);
      const visitWith = async (path: string) => {
        const response = await SELF.fetch(`${base}${path}`, {
          headers: { Cookie: jar.header(), ...headers },
          redirect: "manual",
        });
        jar.store(response);
        return response;
      };
      const login = await postForm(
        jar,
        "/login",
        { email, password: PASSWORD, remember: "on" },
        { "CF-Connecting-IP": newIp(), ...headers },
      );
      expect(login.status).toBe(302);
      expect(login.headers.get("Strict-Transport-Security")).toBe(HSTS);
      const cookies = login.headers.getSetCookie();
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie).toMatch(/^__Host-[a-z_]+=[^;]*; .*Secure/);
      expect(cookies.some((cookie) => cookie.startsWith("__Host-session="))).toBe(true);
      expect(cookies.some((cookie) => cookie.startsWith("__Host-toast="))).toBe(true);

      // Stays signed in: the page reads the session and the toast under their __Host- names.
      const home = await visitWith("/");
      expect(home.headers.get("Strict-Transport-Security")).toBe(HSTS);
      const text = visibleText(await home.text());
      expect(text).toContain("Login successful!");
      expect(text).toContain("Log out");
      const profile = await visitWith("/profile");
      expect(profile.status).toBe(200);
      expect(profile.headers.get("Strict-Transport-Security")).toBe(HSTS);

      // The cart and a kept page's visitor cookie too.
      const product = await env.DB.prepare(
        "SELECT id FROM products WHERE is_active = 1 AND archived_at IS NULL AND stock > 5 LIMIT 1",
      ).first<{ id: number }>();
      const added = await postForm(
        jar,
        "/cart",
        { intent: "add", product_id: String(product!.id), quantity: "1" },
        headers,
      );
      for (const cookie of added.headers.getSetCookie()) expect(cookie).toMatch(/^__Host-/);
      for (const name of jar.names()) expect(name).toMatch(/^__Host-/);

      // The API answers with HSTS, and rides on the __Host- session cookie.
      const api = await SELF.fetch(`${base}/api/v1/auth/profile`, { headers: { Cookie: jar.header(), ...headers } });
      expect(api.status).toBe(200);
      expect(api.headers.get("Strict-Transport-Security")).toBe(HSTS);

      // A cookie under the plain name is not the shop's over HTTPS: it is not read.
      const plain = await SELF.fetch(`${base}/api/v1/auth/profile`, {
        headers: { Cookie: `session=${jar.get("session")}`, ...headers },
      });
      expect(plain.status).toBe(401);
    });
  }

  it("logs out over HTTPS by clearing the __Host- cookie", async () => {
    const { email } = await newAccount();
    const { jar } = await browserLogin(HTTPS, email, false);
    expect(jar.get("session")).toBeTruthy();
    const out = await postForm(jar, "/logout", {});
    expect(out.headers.getSetCookie().some((cookie) => /^__Host-session=;.*Max-Age=0/.test(cookie))).toBe(true);
    expect(jar.get("session")).toBeUndefined();
  });
});

describe("over plain http", () => {
  it("cookies keep their names and no answer carries HSTS", async () => {
    const { email } = await newAccount();
    const { jar, response } = await browserLogin(BASE, email, true);
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
    for (const cookie of response.headers.getSetCookie()) {
      expect(cookie).not.toMatch(/^__Host-/);
      expect(cookie).not.toMatch(/Secure/);
    }
    expect(jar.get("session")).toBeTruthy();
    for (const path of ["/", "/products", "/profile", "/api/health", "/api/products"]) {
      const answer = await visit(jar, path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Strict-Transport-Security")).toBeNull();
    }
    for (const name of jar.names()) expect(name).not.toMatch(/^__Host-/);
  });
});

// ---------------------------------------------------------------- /api/docs

describe("GET /api/docs", () => {
  it("runs no script from another origin: the pinned bundle, served by the shop with its integrity", async () => {
    const response = await SELF.fetch(`${HTTPS}/api/docs`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const csp = response.headers.get("Content-Security-Policy")!;
    const sources = [...html.matchAll(/<(?:script|link|img)[^>]*(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(new URL(source, HTTPS).origin).toBe(HTTPS);
    const tag = /<script src="([^"]+)"([^>]*)>/.exec(html)!;
    expect(tag[1]).toBe(scalarBundle.asset);
    expect(tag[2]).toContain(`integrity="${scalarBundle.integrity}"`);
    // Only this site's exact script, and nonced ones.
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!.split(" ");
    expect(scriptSrc.filter((source) => !source.startsWith("'nonce-"))).toEqual([`${HTTPS}${scalarBundle.asset}`]);
    expect(csp).not.toMatch(/jsdelivr|unpkg|cdn\./);

    // Static files are served before the Worker runs (wrangler.toml [assets]): here, through the binding.
    const script = await env.ASSETS!.fetch(`${HTTPS}${scalarBundle.asset}`);
    expect(script.status).toBe(200);
    const bytes = await script.arrayBuffer();
    const digest = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-384", bytes))));
    expect(`sha384-${digest}`).toBe(scalarBundle.integrity);
  });
});

// ---------------------------------------------------------------- secrets

describe("a production Worker's secrets", () => {
  const strong = () =>
    [...crypto.getRandomValues(new Uint8Array(32))].map((byte) => byte.toString(16).padStart(2, "0")).join("");

  async function fetchAs(secrets: Record<string, string | undefined>, path = "/api/health") {
    const ctx = createExecutionContext();
    const request = new Request(`${HTTPS}${path}`) as Parameters<typeof worker.fetch>[0];
    const response = await worker.fetch(request, { ...env, ENVIRONMENT: "production", ...secrets } as typeof env, ctx);
    const text = await response.text();
    await waitOnExecutionContext(ctx);
    return { response, text };
  }

  it("refuses to serve with the example's placeholder, two equal secrets or a weak one", async () => {
    const same = strong();
    const weak: Array<[Record<string, string | undefined>, RegExp]> = [
      [
        { JWT_SECRET: "change-me-to-another-long-random-string", SESSION_SECRET: strong() },
        /JWT_SECRET is the example's placeholder/,
      ],
      [
        { JWT_SECRET: strong(), SESSION_SECRET: "change-me-to-a-long-random-string" },
        /SESSION_SECRET is the example's placeholder/,
      ],
      [{ JWT_SECRET: same, SESSION_SECRET: same }, /JWT_SECRET and SESSION_SECRET are the same/],
      [{ JWT_SECRET: "test-jwt-secret-0123456789abcdef", SESSION_SECRET: strong() }, /JWT_SECRET is shorter/],
      [{ JWT_SECRET: "ab".repeat(40), SESSION_SECRET: strong() }, /JWT_SECRET is not random enough/],
      [{ JWT_SECRET: undefined, SESSION_SECRET: strong() }, /JWT_SECRET is not set/],
    ];
    expectConsoleError(/The shop is not configured/);
    for (const [secrets, problem] of weak) {
      for (const path of ["/api/health", "/", "/login"]) {
        const { response, text } = await fetchAs(secrets, path);
        expect(response.status).toBe(503);
        expect(text).toMatch(problem);
        expect(text).toContain("openssl rand -hex 32");
        expect(response.headers.get("Strict-Transport-Security")).toBe(HSTS);
      }
    }
  });

  it("refuses to serve without its database, naming the binding and how to add it", async () => {
    expectConsoleError(/The shop is not configured/);
    const { response, text } = await fetchAs({ JWT_SECRET: strong(), SESSION_SECRET: strong(), DB: undefined }, "/");
    expect(response.status).toBe(503);
    expect(text).toContain("DB is not bound ([[d1_databases]] binding = DB in wrangler.toml, or set LIBSQL_URL)");
  });

  it("serves with two strong, different secrets", async () => {
    const { response } = await fetchAs({ JWT_SECRET: strong(), SESSION_SECRET: strong() });
    expect(response.status).toBe(200);
    expect(response.headers.get("Strict-Transport-Security")).toBe(HSTS);
  });
});
