import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { oauthStubOrigin, socialLoginFormOrigins } from "../../app/http/oauth-stub.server";
import { addressesFrom } from "../fixtures/accounts";
import { CookieJar, get, postForm } from "./helpers";

// Google's development stand-in (docs/decisions/014, scripts/lib/oauth-stub.mjs): OAUTH_STUB_ORIGIN
// acts on a development Worker only. The worker tests run as ENVIRONMENT=test: there, even set, it
// changes nothing, and the sign-in goes to Google's own endpoints.

const newIp = addressesFrom((n) => `198.19.7.${n}`);
const STUB = "http://127.0.0.1:45678";
const GOOGLE_CLIENT_ID = "test-google-client.apps.googleusercontent.com";
const mutableEnv = env as { OAUTH_STUB_ORIGIN?: string; ENVIRONMENT?: string };

const base64url = (value: string) => btoa(value).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
function idToken(sub: string, email: string) {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const payload = base64url(
    JSON.stringify({
      iss: "https://accounts.google.com",
      aud: GOOGLE_CLIENT_ID,
      iat: now,
      exp: now + 3600,
      sub,
      email,
      email_verified: true,
    }),
  );
  return `${header}.${payload}.${base64url("signature")}`;
}

/** Answers Google's and the stand-in's token endpoints alike; records where token requests went. */
function answerTokens(sub: string, email: string) {
  const tokenUrls: string[] = [];
  const original = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new Request(input as RequestInfo, init).url;
    if (url === "https://oauth2.googleapis.com/token" || url.startsWith(STUB)) {
      tokenUrls.push(url);
      return Response.json({
        access_token: "access",
        token_type: "Bearer",
        expires_in: 3599,
        id_token: idToken(sub, email),
      });
    }
    return original(input as RequestInfo, init);
  });
  return tokenUrls;
}

/** The Google button, then the provider's way back: where the browser was sent, where the code was exchanged. */
async function signInWithGoogle(sub: string) {
  const tokenUrls = answerTokens(sub, `${sub}@example.com`);
  const jar = new CookieJar();
  const ip = newIp();
  const started = await postForm(jar, "/auth/google", { redirectTo: "/" }, { "CF-Connecting-IP": ip });
  expect(started.status).toBe(302);
  const location = new URL(started.headers.get("Location")!);
  const state = location.searchParams.get("state")!;
  const callback = await get(`/auth/google/callback?${new URLSearchParams({ code: "code", state })}`, {
    headers: { Cookie: jar.header(), "CF-Connecting-IP": ip },
    redirect: "manual",
  });
  return { location, tokenUrls, callback };
}

afterEach(() => {
  vi.restoreAllMocks();
  delete mutableEnv.OAUTH_STUB_ORIGIN;
});

describe("Google's development stand-in", () => {
  it("is ignored by a test Worker, even with OAUTH_STUB_ORIGIN set: Google's own endpoints, Google's form-action", async () => {
    expect(env.ENVIRONMENT).toBe("test");
    mutableEnv.OAUTH_STUB_ORIGIN = STUB;
    const { location, tokenUrls, callback } = await signInWithGoogle("stub-ignored-1");
    expect(location.origin + location.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(tokenUrls).toEqual(["https://oauth2.googleapis.com/token"]);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Location")).toBe("/");
    const policy = (await get("/login")).headers.get("Content-Security-Policy")!;
    expect(policy).toContain("form-action 'self' https://accounts.google.com https://twitter.com https://x.com;");
    expect(policy).not.toContain("127.0.0.1");
  });

  it("acts only for ENVIRONMENT=development and a plain-http loopback origin", () => {
    for (const ENVIRONMENT of ["production", "test", undefined, "Development", ""]) {
      expect(oauthStubOrigin({ ENVIRONMENT, OAUTH_STUB_ORIGIN: STUB })).toBeNull();
      expect(socialLoginFormOrigins({ ENVIRONMENT, OAUTH_STUB_ORIGIN: STUB })).toEqual([
        "https://accounts.google.com",
        "https://twitter.com",
        "https://x.com",
      ]);
    }
    for (const origin of [
      "https://stub.example",
      "http://stub.example",
      "https://127.0.0.1:45678",
      "javascript:alert(1)",
      "not a url",
      "",
      undefined,
    ]) {
      expect(oauthStubOrigin({ ENVIRONMENT: "development", OAUTH_STUB_ORIGIN: origin })).toBeNull();
    }
    expect(oauthStubOrigin({ ENVIRONMENT: "development", OAUTH_STUB_ORIGIN: `${STUB}/some/path` })).toBe(STUB);
    expect(oauthStubOrigin({ ENVIRONMENT: "development", OAUTH_STUB_ORIGIN: "http://localhost:9999" })).toBe(
      "http://localhost:9999",
    );
    expect(socialLoginFormOrigins({ ENVIRONMENT: "development", OAUTH_STUB_ORIGIN: STUB })).toContain(STUB);
  });

  it("is what a development Worker follows (the control of the first test)", async () => {
    mutableEnv.OAUTH_STUB_ORIGIN = STUB;
    const saved = mutableEnv.ENVIRONMENT;
    mutableEnv.ENVIRONMENT = "development";
    try {
      const { location, tokenUrls, callback } = await signInWithGoogle("stub-followed-1");
      expect(location.origin + location.pathname).toBe(`${STUB}/google/authorize`);
      expect(location.searchParams.get("code_challenge_method")).toBe("S256");
      expect(location.searchParams.get("redirect_uri")).toBe("http://shop.test/auth/google/callback");
      expect(tokenUrls).toEqual([`${STUB}/google/token`]);
      expect(callback.status).toBe(302);
      expect(callback.headers.get("Location")).toBe("/");
      const policy = (await get("/login")).headers.get("Content-Security-Policy")!;
      expect(policy).toContain(
        `form-action 'self' https://accounts.google.com https://twitter.com https://x.com ${STUB};`,
      );
    } finally {
      mutableEnv.ENVIRONMENT = saved;
    }
  });
});
