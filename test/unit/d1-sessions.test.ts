import { describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE, bookmarkCookie, readBookmarkCookie } from "../../app/http/cookies.server";
import {
  bookmarkToHandBack,
  FIRST_PRIMARY,
  FIRST_UNCONSTRAINED,
  sessionStart,
  type SessionStart,
} from "../../app/http/d1-session.server";

// Which D1 session a request starts, and which bookmark it hands back (docs/decisions/016).

const BOOKMARK = "00000000-0000000f-00000000-00000000000000000000000000000000";
const LATER = "00000000-00000010-00000000-00000000000000000000000000000000";
const start = (method: string, pathname: string, bookmark: string | null = null, tokenClient = false) =>
  sessionStart({ method, pathname, tokenClient }, bookmark);

describe("sessionStart", () => {
  it("starts every request that may write at the primary, bookmark or not", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(start(method, "/blog/x", BOOKMARK)).toEqual({
        constraintOrBookmark: FIRST_PRIMARY,
        mayWrite: true,
        tokenClient: false,
      });
      expect(start(method, "/api/orders")).toMatchObject({ constraintOrBookmark: FIRST_PRIMARY, mayWrite: true });
    }
    // The social login's callback is a GET that signs in.
    expect(start("GET", "/auth/google/callback", BOOKMARK)).toMatchObject({
      constraintOrBookmark: FIRST_PRIMARY,
      mayWrite: true,
    });
  });

  it("starts a read from the shopper's bookmark, else anywhere", () => {
    for (const method of ["GET", "HEAD"]) {
      for (const path of ["/", "/products", "/blog/how-to", "/api/products", "/cart", "/profile", "/auth/google"]) {
        expect(start(method, path, BOOKMARK)).toEqual({
          constraintOrBookmark: BOOKMARK,
          mayWrite: false,
          tokenClient: false,
        });
        expect(start(method, path)).toEqual({
          constraintOrBookmark: FIRST_UNCONSTRAINED,
          mayWrite: false,
          tokenClient: false,
        });
      }
    }
  });

  it("reads the shopper's orders and the checkout from their bookmark, else the primary, never any replica", () => {
    for (const path of [
      "/checkout",
      "/orders",
      "/orders/12",
      "/order-confirmation/TB-1",
      "/api/orders/12",
      "/api/orders/my-orders",
      "/api/v1/orders",
    ]) {
      expect(start("GET", path, BOOKMARK).constraintOrBookmark).toBe(BOOKMARK);
      expect(start("GET", path).constraintOrBookmark).toBe(FIRST_PRIMARY);
    }
    expect(start("GET", "/ordersx").constraintOrBookmark).toBe(FIRST_UNCONSTRAINED);
  });

  it("reads staff pages, mail links and a token client's requests at the primary", () => {
    for (const path of [
      "/admin",
      "/admin/orders",
      "/api/admin/stats",
      "/newsletter/confirm",
      "/newsletter/unsubscribe",
      "/reset-password",
    ]) {
      expect(start("GET", path, BOOKMARK)).toEqual({
        constraintOrBookmark: FIRST_PRIMARY,
        mayWrite: false,
        tokenClient: false,
      });
    }
    expect(start("GET", "/administrators").constraintOrBookmark).toBe(FIRST_UNCONSTRAINED);
    expect(start("GET", "/api/v1/auth/profile", null, true)).toEqual({
      constraintOrBookmark: FIRST_PRIMARY,
      mayWrite: false,
      tokenClient: true,
    });
  });
});

describe("bookmarkToHandBack", () => {
  const write: SessionStart = { constraintOrBookmark: FIRST_PRIMARY, mayWrite: true, tokenClient: false };
  const read: SessionStart = { constraintOrBookmark: FIRST_UNCONSTRAINED, mayWrite: false, tokenClient: false };
  const readFromBookmark: SessionStart = { constraintOrBookmark: BOOKMARK, mayWrite: false, tokenClient: false };

  it("hands a write's bookmark to a client that keeps cookies", () => {
    expect(bookmarkToHandBack(write, { incoming: null, latest: BOOKMARK, keepsCookies: true })).toBe(BOOKMARK);
    expect(bookmarkToHandBack(write, { incoming: BOOKMARK, latest: LATER, keepsCookies: true })).toBe(LATER);
    // A mail client's one-click unsubscribe, a script: no cookie sent, none given.
    expect(bookmarkToHandBack(write, { incoming: null, latest: BOOKMARK, keepsCookies: false })).toBeNull();
  });

  it("never hands one to a token client", () => {
    expect(
      bookmarkToHandBack({ ...write, tokenClient: true }, { incoming: null, latest: BOOKMARK, keepsCookies: true }),
    ).toBeNull();
  });

  it("gives a visitor who only reads none, and refreshes a cookie that came only when it moved on", () => {
    expect(bookmarkToHandBack(read, { incoming: null, latest: BOOKMARK, keepsCookies: true })).toBeNull();
    expect(
      bookmarkToHandBack(readFromBookmark, { incoming: BOOKMARK, latest: BOOKMARK, keepsCookies: true }),
    ).toBeNull();
    expect(bookmarkToHandBack(readFromBookmark, { incoming: BOOKMARK, latest: LATER, keepsCookies: true })).toBe(LATER);
  });

  it("hands back nothing when no statement ran", () => {
    expect(bookmarkToHandBack(write, { incoming: null, latest: null, keepsCookies: true })).toBeNull();
    expect(bookmarkToHandBack(write, { incoming: BOOKMARK, latest: BOOKMARK, keepsCookies: true })).toBeNull();
  });
});

describe("the bookmark cookie", () => {
  const env = { SESSION_SECRET: "unit-session-secret-0123456789abcdef", ENVIRONMENT: "test" } as Env;
  const request = (cookie?: string, url = "http://shop.test/") =>
    new Request(url, cookie ? { headers: { Cookie: cookie } } : {});
  const valueOf = (header: string) => header.split(";")[0]!.slice(BOOKMARK_COOKIE.length + 1);

  it("is signed, HttpOnly, SameSite=Lax, five minutes, Secure over HTTPS and in production; and reads back", async () => {
    const header = await bookmarkCookie(env, request(), BOOKMARK);
    expect(header).toMatch(
      new RegExp(`^${BOOKMARK_COOKIE}=${BOOKMARK}\\.[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Lax; Max-Age=300$`),
    );
    // Over HTTPS (and always in production) it is a __Host- cookie, read back under that name only.
    const secure = await bookmarkCookie(env, request(undefined, "https://shop.test/"), BOOKMARK);
    expect(secure).toMatch(new RegExp(`^__Host-${BOOKMARK_COOKIE}=.*; Secure$`));
    const production = {
      ...env,
      ENVIRONMENT: "production",
      SESSION_SECRET: "9f2c4e1a7b3d5c8e0f6a2b4c9d1e3f5a7c0b2d4e6f8a1c3e5b7d9f0a2c4e6b8d",
    } as Env;
    expect(await bookmarkCookie(production, request(), BOOKMARK)).toMatch(
      new RegExp(`^__Host-${BOOKMARK_COOKIE}=.*; Secure$`),
    );
    const secureValue = secure.split(";")[0]!.slice(`__Host-${BOOKMARK_COOKIE}=`.length);
    expect(
      await readBookmarkCookie(env, request(`__Host-${BOOKMARK_COOKIE}=${secureValue}`, "https://shop.test/")),
    ).toBe(BOOKMARK);
    expect(
      await readBookmarkCookie(env, request(`${BOOKMARK_COOKIE}=${secureValue}`, "https://shop.test/")),
    ).toBeNull();
    expect(await readBookmarkCookie(env, request(`visitor=abc; ${BOOKMARK_COOKIE}=${valueOf(header)}`))).toBe(BOOKMARK);
  });

  it("is ignored when absent, unsigned, signed for another bookmark or with another secret, or garbage", async () => {
    const signed = valueOf(await bookmarkCookie(env, request(), BOOKMARK));
    const signature = signed.slice(signed.lastIndexOf(".") + 1);
    const otherSecret = valueOf(
      await bookmarkCookie({ ...env, SESSION_SECRET: "another-secret-0123456789abcdef" } as Env, request(), BOOKMARK),
    );
    for (const value of [
      BOOKMARK,
      `${LATER}.${signature}`,
      otherSecret,
      "garbage",
      ".",
      `.${signature}`,
      "a b.c",
      `${"a".repeat(300)}.${signature}`,
    ]) {
      expect(await readBookmarkCookie(env, request(`${BOOKMARK_COOKIE}=${value}`))).toBeNull();
    }
    expect(await readBookmarkCookie(env, request())).toBeNull();
    expect(await readBookmarkCookie(env, request("visitor=abc"))).toBeNull();
  });
});
