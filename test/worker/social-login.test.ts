import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addressesFrom, credentialsOf, CUSTOMER } from "../fixtures/accounts";
import { BASE, CookieJar, field, get, markChanged, postForm, visibleText, visit } from "./helpers";

// Social login (docs/decisions/014) end to end in workerd, as a browser without JavaScript goes
// through it: the button's post, the provider's redirect back, the session. No test reaches the
// internet: the providers' token and user endpoints are answered by a spy on fetch.

const newIp = addressesFrom((n) => `192.0.2.${n}`);
let counter = 0;
const tag = () => `${++counter}${Math.random().toString(36).slice(2, 8)}`;

const GOOGLE_CLIENT_ID = "test-google-client.apps.googleusercontent.com";
const LOGIN_OK = "Login successful!";
const MESSAGES = {
  denied: (p: string) => `You cancelled signing in with ${p}. You can log in with your email and password instead.`,
  failed: (p: string) => `We could not sign you in with ${p}. Please try again.`,
  state: (p: string) => `Your sign-in with ${p} could not be verified or took too long. Please try again.`,
  noEmail: (p: string) =>
    `${p} did not share a verified email address with us, so we cannot sign you in with it. Please log in or register with your email address.`,
  disabled: "This account has been disabled. Please contact us.",
};

// ---------------------------------------------------------------- the providers, answered here

interface GoogleUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

interface TwitterUser {
  id: string;
  name: string;
  username: string;
  confirmed_email?: string;
}

const base64url = (value: string) => btoa(value).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** An ID token as Google's token endpoint hands it over (the signature is not checked: it came over TLS from Google). */
function idToken(user: GoogleUser, claims: Record<string, unknown> = {}) {
  const header = base64url(JSON.stringify({ alg: "RS256", kid: "test", typ: "JWT" }));
  const now = Math.floor(Date.now() / 1000);
  const payload = base64url(
    JSON.stringify({
      iss: "https://accounts.google.com",
      aud: GOOGLE_CLIENT_ID,
      iat: now,
      exp: now + 3600,
      ...user,
      ...claims,
    }),
  );
  return `${header}.${payload}.${base64url("signature")}`;
}

type TokenAnswer = { status: number; body: unknown } | "network";

interface Providers {
  google?: GoogleUser;
  googleClaims?: Record<string, unknown>;
  twitter?: TwitterUser;
  /** What the token endpoint answers instead of tokens. */
  token?: TokenAnswer;
  /** X refuses the confirmed_email field (an app not allowed to read addresses). */
  twitterRefusesEmail?: boolean;
}

interface TokenRequest {
  url: string;
  body: URLSearchParams;
  authorization: string | null;
}

/** Answers the providers' endpoints; every other request goes out as before. Records the token requests. */
function answerProviders(providers: Providers) {
  const tokenRequests: TokenRequest[] = [];
  const meRequests: string[] = [];
  const original = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const url = new URL(request.url);
    const isToken =
      url.href === "https://oauth2.googleapis.com/token" || url.href === "https://api.twitter.com/2/oauth2/token";
    if (isToken) {
      tokenRequests.push({
        url: url.href,
        body: new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer())),
        authorization: request.headers.get("Authorization"),
      });
      const answer = providers.token;
      if (answer === "network") throw new TypeError("Network connection lost.");
      if (answer) return Response.json(answer.body, { status: answer.status });
      if (url.hostname === "oauth2.googleapis.com") {
        return Response.json({
          access_token: "google-access",
          token_type: "Bearer",
          expires_in: 3599,
          scope: "openid email profile",
          id_token: idToken(providers.google!, providers.googleClaims),
        });
      }
      return Response.json({
        access_token: "twitter-access",
        token_type: "bearer",
        expires_in: 7200,
        scope: "users.read tweet.read users.email",
      });
    }
    if (url.origin === "https://api.x.com" && url.pathname === "/2/users/me") {
      meRequests.push(url.search);
      if (request.headers.get("Authorization") !== "Bearer twitter-access")
        return Response.json({ title: "Unauthorized" }, { status: 401 });
      const asksEmail = url.searchParams.get("user.fields") === "confirmed_email";
      if (asksEmail && providers.twitterRefusesEmail) return Response.json({ title: "Forbidden" }, { status: 403 });
      const { confirmed_email, ...user } = providers.twitter!;
      return Response.json({ data: asksEmail && confirmed_email ? { ...user, confirmed_email } : user });
    }
    if (
      url.hostname.endsWith("google.com") ||
      url.hostname.endsWith("googleapis.com") ||
      url.hostname.endsWith("x.com") ||
      url.hostname.endsWith("twitter.com")
    ) {
      throw new Error(`unexpected request to ${url.href}`);
    }
    return original(input as RequestInfo, init);
  });
  return { tokenRequests, meRequests };
}

afterEach(() => {
  vi.restoreAllMocks();
});

// ---------------------------------------------------------------- the browser's side

/** Presses a provider's button: the post, its redirect to the provider, the state cookie. */
async function start(jar: CookieJar, provider: "google" | "twitter", redirectTo = "/", ip = newIp()) {
  const response = await postForm(jar, `/auth/${provider}`, { redirectTo }, { "CF-Connecting-IP": ip });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!);
  return { response, location, state: location.searchParams.get("state")! };
}

/** The provider sends the browser back with these parameters. */
async function callback(jar: CookieJar, provider: "google" | "twitter", params: Record<string, string>, ip = newIp()) {
  const response = await get(`/auth/${provider}/callback?${new URLSearchParams(params)}`, {
    headers: { Cookie: jar.header(), "CF-Connecting-IP": ip },
    redirect: "manual",
  });
  jar.store(response);
  return response;
}

/** A whole sign-in: the button, the consent, the way back. Answers the callback's response. */
async function signIn(jar: CookieJar, provider: "google" | "twitter", redirectTo = "/") {
  const { state } = await start(jar, provider, redirectTo);
  return callback(jar, provider, { code: `code-${tag()}`, state });
}

const setCookies = (response: Response) => response.headers.getSetCookie();
const cookieNamed = (response: Response, name: string) => setCookies(response).find((c) => c.startsWith(`${name}=`));

/** The login page a refused sign-in lands on, with its message shown on the page. */
async function expectLoginError(
  jar: CookieJar,
  response: Response,
  provider: "google" | "twitter",
  code: string,
  message: string,
) {
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  expect(location).toMatch(new RegExp(`^/login\\?error=${code}&provider=${provider}`));
  expect(cookieNamed(response, "session")).toBeUndefined();
  expect(cookieNamed(response, "oauth_state")).toMatch(/Max-Age=0/);
  const page = await visit(jar, location);
  expect(page.status).toBe(200);
  const html = await page.text();
  const text = visibleText(html);
  // Shown twice: in the toast, and in the page's own notice above the form.
  expect(text.split(message).length - 1).toBeGreaterThanOrEqual(2);
  const notices = [...html.matchAll(/<p role="alert"[^>]*>([\s\S]*?)<\/p>/g)].map((m) => visibleText(m[1]!));
  expect(notices.some((notice) => notice.includes(message))).toBe(true);
  return html;
}

const sqlOne = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
const countOf = async (sql: string, ...binds: unknown[]) => (await sqlOne<{ n: number }>(sql, ...binds))!.n;
const usersWithEmail = (email: string) => countOf("SELECT count(*) AS n FROM users WHERE email = ?", email);
const identity = (provider: string, id: string) =>
  sqlOne<{ user_id: number; email: string | null; last_used_at: number | null }>(
    "SELECT user_id, email, last_used_at FROM user_identities WHERE provider = ? AND provider_user_id = ?",
    provider,
    id,
  );
const userIdOf = async (email: string) =>
  (await sqlOne<{ id: number }>("SELECT id FROM users WHERE email = ?", email))?.id;

/** Who the session cookie belongs to, as the profile page shows it. */
async function profileOf(jar: CookieJar) {
  const page = await visit(jar, "/profile?edit=profile");
  expect(page.status).toBe(200);
  const html = await page.text();
  return { name: field(html, "name"), email: field(html, "email") };
}

async function setSocialLogin(on: boolean) {
  await env.DB.prepare("UPDATE settings SET value = ? WHERE key = 'feature_social_login'")
    .bind(on ? "true" : "false")
    .run();
  await markChanged("settings");
}

// ---------------------------------------------------------------- the buttons

describe("the login and register pages' social buttons", () => {
  it("are forms that post to /auth/<provider>, carrying where the shopper was going", async () => {
    const html = await (await get("/login?redirectTo=%2Forders")).text();
    for (const provider of ["google", "twitter"]) {
      const form = new RegExp(
        `<form method="post" action="/auth/${provider}"[^>]*>\\s*<input type="hidden" name="redirectTo" value="/orders"/>\\s*<button type="submit"`,
      );
      expect(html).toMatch(form);
    }
    expect(html).toContain('aria-label="Sign in with Google"');
    expect(html).toContain('aria-label="Sign in with Twitter"');
    expect(visibleText(html)).not.toContain("coming soon");

    const register = await (await get("/register")).text();
    expect(register).toContain('action="/auth/google"');
    expect(register).toContain('action="/auth/twitter"');
    expect(register).toContain('aria-label="Sign up with Google"');
  });

  it("may leave the page for the providers: the form-action policy names them", async () => {
    const policy = (await get("/login")).headers.get("Content-Security-Policy")!;
    expect(policy).toContain("form-action 'self' https://accounts.google.com https://twitter.com https://x.com");
  });
});

// ---------------------------------------------------------------- the start

describe("POST /auth/<provider>", () => {
  it("sends the browser to Google with a state and an S256 code challenge, the state in a signed ten-minute cookie", async () => {
    const jar = new CookieJar();
    const { response, location, state } = await start(jar, "google", "/orders");
    expect(location.origin + location.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      response_type: "code",
      client_id: GOOGLE_CLIENT_ID,
      redirect_uri: `${BASE}/auth/google/callback`,
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = cookieNamed(response, "oauth_state")!;
    expect(cookie).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=600/);
    // The cookie carries the state but is signed: the state alone, or any other value, will not do.
    expect(cookie).not.toContain(`oauth_state=${state};`);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("sends the browser to Twitter (X) asking for the profile and the confirmed email", async () => {
    const { location } = await start(new CookieJar(), "twitter");
    expect(location.origin + location.pathname).toBe("https://twitter.com/i/oauth2/authorize");
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: "test-twitter-client-id",
      redirect_uri: `${BASE}/auth/twitter/callback`,
      scope: "users.read tweet.read users.email",
      code_challenge_method: "S256",
    });
  });

  it("answers a GET, an unknown provider or a post from another site with no sign-in", async () => {
    expect((await get("/auth/google")).status).toBe(404);
    const unknown = await postForm(new CookieJar(), "/auth/facebook", { redirectTo: "/" });
    expect(unknown.status).toBe(404);
    expect(cookieNamed(unknown, "oauth_state")).toBeUndefined();
    const crossSite = await postForm(
      new CookieJar(),
      "/auth/google",
      { redirectTo: "/" },
      { Origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    expect(cookieNamed(crossSite, "oauth_state")).toBeUndefined();
  });

  it("keeps the way back on this site: another host as redirectTo becomes the home page", async () => {
    const { tokenRequests } = answerProviders({
      google: { sub: `g-${tag()}`, email: `far-${tag()}@example.com`, email_verified: true, name: "Far Away" },
    });
    const jar = new CookieJar();
    const response = await signIn(jar, "google", "https://evil.example/steal");
    expect(response.headers.get("Location")).toBe("/");
    expect(tokenRequests).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- the callback: accounts

describe("GET /auth/google/callback", () => {
  it("creates a customer account from a verified Google identity, links it and logs in, back where the shopper was going", async () => {
    const email = `gina-${tag()}@example.com`;
    const sub = `g-${tag()}`;
    const { tokenRequests } = answerProviders({
      google: { sub, email: email.toUpperCase(), email_verified: true, name: "Gina Green" },
    });
    const jar = new CookieJar();
    const { location, state } = await start(jar, "google", "/orders");
    const response = await callback(jar, "google", { code: "the-code", state });

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/orders");
    expect(cookieNamed(response, "session")).toMatch(/^session=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    expect(cookieNamed(response, "oauth_state")).toMatch(/Max-Age=0/);

    // The code was exchanged with the verifier whose S256 challenge went to Google, and the client's credentials.
    expect(tokenRequests).toHaveLength(1);
    const exchange = tokenRequests[0]!;
    expect(exchange.body.get("grant_type")).toBe("authorization_code");
    expect(exchange.body.get("code")).toBe("the-code");
    expect(exchange.body.get("redirect_uri")).toBe(`${BASE}/auth/google/callback`);
    const verifier = exchange.body.get("code_verifier")!;
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
    expect(base64url(String.fromCharCode(...digest))).toBe(location.searchParams.get("code_challenge"));
    expect(exchange.authorization).toBe(`Basic ${btoa(`${GOOGLE_CLIENT_ID}:test-google-client-secret`)}`);

    const orders = await visit(jar, "/orders");
    expect(orders.status).toBe(200);
    expect(visibleText(await orders.text())).toContain(LOGIN_OK);
    const profile = await profileOf(jar);
    expect(profile.name).toContain('value="Gina Green"');
    expect(profile.email).toContain(`value="${email}"`);

    const userId = await userIdOf(email);
    expect(await usersWithEmail(email)).toBe(1);
    expect(await identity("google", sub)).toMatchObject({ user_id: userId, email });
    expect(
      await countOf(
        "SELECT count(*) AS n FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ? AND r.name = 'customer'",
        userId,
      ),
    ).toBe(1);
    expect(
      await countOf("SELECT count(*) AS n FROM mail_outbox WHERE to_address = ? AND template = 'welcome'", email),
    ).toBe(1);

    // No password works until a reset sets one.
    const password = await postForm(
      new CookieJar(),
      "/login",
      { email, password: "Secret123" },
      { "CF-Connecting-IP": newIp() },
    );
    expect(password.status).toBe(401);
  });

  it("signs the same identity in again as the same user, without a second account or a second welcome", async () => {
    const email = `gus-${tag()}@example.com`;
    const sub = `g-${tag()}`;
    answerProviders({ google: { sub, email, email_verified: true, name: "Gus Gray" } });
    expect((await signIn(new CookieJar(), "google")).headers.get("Location")).toBe("/");
    const userId = await userIdOf(email);

    const again = new CookieJar();
    const response = await signIn(again, "google");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(cookieNamed(response, "session")).toBeDefined();
    expect((await profileOf(again)).email).toContain(`value="${email}"`);
    expect(await usersWithEmail(email)).toBe(1);
    expect(await countOf("SELECT count(*) AS n FROM user_identities WHERE user_id = ?", userId)).toBe(1);
    expect(
      await countOf("SELECT count(*) AS n FROM mail_outbox WHERE to_address = ? AND template = 'welcome'", email),
    ).toBe(1);
    expect((await identity("google", sub))!.last_used_at).not.toBeNull();
  });

  it("links a Google identity to the password account with the same verified email, and logs into it", async () => {
    const sub = `g-${tag()}`;
    const customerId = await userIdOf(CUSTOMER.email);
    const before = await countOf("SELECT count(*) AS n FROM users");
    answerProviders({ google: { sub, email: CUSTOMER.email, email_verified: true, name: "Someone Else" } });
    const jar = new CookieJar();
    const response = await signIn(jar, "google");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const profile = await profileOf(jar);
    expect(profile.name).toContain(`value="${CUSTOMER.name}"`);
    expect(profile.email).toContain(`value="${CUSTOMER.email}"`);
    expect(await countOf("SELECT count(*) AS n FROM users")).toBe(before);
    expect(await identity("google", sub)).toMatchObject({ user_id: customerId });
    // The password still works.
    const password = await postForm(new CookieJar(), "/login", credentialsOf(CUSTOMER), {
      "CF-Connecting-IP": newIp(),
    });
    expect(password.status).toBe(302);
  });

  it("refuses an email Google has not verified: no account, no link, the reason on the login page", async () => {
    const email = `unverified-${tag()}@example.com`;
    const sub = `g-${tag()}`;
    answerProviders({ google: { sub, email, email_verified: false, name: "Una Verified" } });
    const jar = new CookieJar();
    const response = await signIn(jar, "google");
    await expectLoginError(jar, response, "google", "no_email", MESSAGES.noEmail("Google"));
    expect(await usersWithEmail(email)).toBe(0);
    expect(await identity("google", sub)).toBeNull();
  });

  it("does not link an unverified email to the existing account that has it", async () => {
    const sub = `g-${tag()}`;
    answerProviders({ google: { sub, email: CUSTOMER.email, email_verified: false } });
    const jar = new CookieJar();
    await expectLoginError(jar, await signIn(jar, "google"), "google", "no_email", MESSAGES.noEmail("Google"));
    expect(await identity("google", sub)).toBeNull();
  });

  it("refuses an ID token issued to another client", async () => {
    const email = `other-${tag()}@example.com`;
    answerProviders({
      google: { sub: `g-${tag()}`, email, email_verified: true },
      googleClaims: { aud: "someone-else.apps.googleusercontent.com" },
    });
    const jar = new CookieJar();
    await expectLoginError(jar, await signIn(jar, "google"), "google", "failed", MESSAGES.failed("Google"));
    expect(await usersWithEmail(email)).toBe(0);
  });

  it("tells a disabled account so, and opens no session", async () => {
    const email = `dora-${tag()}@example.com`;
    const sub = `g-${tag()}`;
    answerProviders({ google: { sub, email, email_verified: true, name: "Dora Disabled" } });
    await signIn(new CookieJar(), "google");
    const userId = await userIdOf(email);
    await env.DB.prepare("UPDATE users SET disabled_at = unixepoch() WHERE id = ?").bind(userId).run();
    const sessions = await countOf("SELECT count(*) AS n FROM sessions WHERE user_id = ?", userId);

    const jar = new CookieJar();
    await expectLoginError(jar, await signIn(jar, "google"), "google", "disabled", MESSAGES.disabled);
    expect(await countOf("SELECT count(*) AS n FROM sessions WHERE user_id = ?", userId)).toBe(sessions);
  });
});

describe("GET /auth/twitter/callback", () => {
  it("creates an account from X's confirmed email, and signs the same X user in again", async () => {
    const email = `tess-${tag()}@example.com`;
    const id = `${Date.now()}${counter}`;
    const { tokenRequests, meRequests } = answerProviders({
      twitter: { id, name: "Tess Tweet", username: "tess", confirmed_email: email },
    });
    const jar = new CookieJar();
    const response = await signIn(jar, "twitter", "/profile");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile");
    expect(tokenRequests[0]!.url).toBe("https://api.twitter.com/2/oauth2/token");
    expect(tokenRequests[0]!.authorization).toBe(`Basic ${btoa("test-twitter-client-id:test-twitter-client-secret")}`);
    expect(meRequests).toEqual(["?user.fields=confirmed_email"]);
    const profile = await profileOf(jar);
    expect(profile.name).toContain('value="Tess Tweet"');
    expect(await identity("twitter", id)).toMatchObject({ user_id: await userIdOf(email), email });

    const again = new CookieJar();
    expect((await signIn(again, "twitter")).headers.get("Location")).toBe("/");
    expect((await profileOf(again)).email).toContain(`value="${email}"`);
    expect(await usersWithEmail(email)).toBe(1);
  });

  it("without a confirmed email, refuses a new X user but still signs in one already linked", async () => {
    const id = `${Date.now()}${counter}9`;
    answerProviders({ twitter: { id, name: "Nemo", username: "nemo" }, twitterRefusesEmail: true });
    const jar = new CookieJar();
    await expectLoginError(jar, await signIn(jar, "twitter"), "twitter", "no_email", MESSAGES.noEmail("Twitter"));
    expect(await identity("twitter", id)).toBeNull();

    // Linked earlier, with the address X gave then.
    const email = `nemo-${tag()}@example.com`;
    vi.restoreAllMocks();
    answerProviders({ twitter: { id, name: "Nemo", username: "nemo", confirmed_email: email } });
    await signIn(new CookieJar(), "twitter");
    vi.restoreAllMocks();
    const { meRequests } = answerProviders({
      twitter: { id, name: "Nemo", username: "nemo" },
      twitterRefusesEmail: true,
    });
    const linked = new CookieJar();
    const response = await signIn(linked, "twitter");
    expect(response.headers.get("Location")).toBe("/");
    expect(meRequests).toEqual(["?user.fields=confirmed_email", ""]);
    expect((await profileOf(linked)).email).toContain(`value="${email}"`);
  });
});

// ---------------------------------------------------------------- the callback: refusals

describe("a callback that cannot be trusted or did not succeed", () => {
  it("refuses a state that is not the cookie's, before asking the provider anything", async () => {
    const { tokenRequests } = answerProviders({
      google: { sub: `g-${tag()}`, email: `x-${tag()}@example.com`, email_verified: true },
    });
    const jar = new CookieJar();
    const { state } = await start(jar, "google", "/orders");
    const forged = state.slice(0, -1) + (state.endsWith("A") ? "B" : "A");
    const response = await callback(jar, "google", { code: "code", state: forged });
    expect(response.headers.get("Location")).toBe("/login?error=state&provider=google&redirectTo=%2Forders");
    await expectLoginError(jar, response, "google", "state", MESSAGES.state("Google"));
    expect(tokenRequests).toHaveLength(0);
  });

  it("refuses a callback without the cookie, or with a cookie not signed by the shop, or started for the other provider", async () => {
    const { tokenRequests } = answerProviders({
      google: { sub: `g-${tag()}`, email: `y-${tag()}@example.com`, email_verified: true },
    });
    const { state } = await start(new CookieJar(), "google");
    const noCookie = new CookieJar();
    await expectLoginError(
      noCookie,
      await callback(noCookie, "google", { code: "code", state }),
      "google",
      "state",
      MESSAGES.state("Google"),
    );

    const jar = new CookieJar();
    await start(jar, "google");
    const [payload] = jar.get("oauth_state")!.split(".");
    const tampered = new CookieJar();
    const claims = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/")));
    tampered.set(
      "oauth_state",
      `${base64url(JSON.stringify({ ...claims, state: "mine" }))}.${jar.get("oauth_state")!.split(".")[1]}`,
    );
    await expectLoginError(
      tampered,
      await callback(tampered, "google", { code: "code", state: "mine" }),
      "google",
      "state",
      MESSAGES.state("Google"),
    );

    const twitterJar = new CookieJar();
    const twitterStart = await start(twitterJar, "twitter");
    await expectLoginError(
      twitterJar,
      await callback(twitterJar, "google", { code: "code", state: twitterStart.state }),
      "google",
      "state",
      MESSAGES.state("Google"),
    );
    expect(tokenRequests).toHaveLength(0);
  });

  it("says so when the shopper refused consent at the provider", async () => {
    const { tokenRequests } = answerProviders({});
    const jar = new CookieJar();
    const { state } = await start(jar, "google");
    const response = await callback(jar, "google", { error: "access_denied", state });
    await expectLoginError(jar, response, "google", "denied", MESSAGES.denied("Google"));
    expect(tokenRequests).toHaveLength(0);
  });

  it("fails cleanly when the code is missing, refused, or the provider cannot be reached", async () => {
    const email = `z-${tag()}@example.com`;
    const google = { sub: `g-${tag()}`, email, email_verified: true };
    answerProviders({ google });
    const missing = new CookieJar();
    const { state } = await start(missing, "google");
    await expectLoginError(
      missing,
      await callback(missing, "google", { state }),
      "google",
      "failed",
      MESSAGES.failed("Google"),
    );

    vi.restoreAllMocks();
    answerProviders({
      google,
      token: { status: 400, body: { error: "invalid_grant", error_description: "Bad Request" } },
    });
    const refused = new CookieJar();
    await expectLoginError(refused, await signIn(refused, "google"), "google", "failed", MESSAGES.failed("Google"));

    vi.restoreAllMocks();
    answerProviders({ google, token: { status: 503, body: { message: "down" } } });
    const down = new CookieJar();
    await expectLoginError(down, await signIn(down, "google"), "google", "failed", MESSAGES.failed("Google"));

    vi.restoreAllMocks();
    answerProviders({ google, token: "network" });
    const offline = new CookieJar();
    await expectLoginError(offline, await signIn(offline, "twitter"), "twitter", "failed", MESSAGES.failed("Twitter"));

    vi.restoreAllMocks();
    answerProviders({ google, token: { status: 200, body: { access_token: "google-access", token_type: "Bearer" } } });
    const noIdToken = new CookieJar();
    await expectLoginError(noIdToken, await signIn(noIdToken, "google"), "google", "failed", MESSAGES.failed("Google"));

    expect(await usersWithEmail(email)).toBe(0);
  });

  it("uses the state once: the same callback again is refused (its cookie is gone)", async () => {
    answerProviders({ google: { sub: `g-${tag()}`, email: `once-${tag()}@example.com`, email_verified: true } });
    const jar = new CookieJar();
    const { state } = await start(jar, "google");
    const first = await callback(jar, "google", { code: "code", state });
    expect(first.headers.get("Location")).toBe("/");
    expect(jar.get("oauth_state")).toBeUndefined();
    const second = await callback(jar, "google", { code: "code", state });
    expect(second.headers.get("Location")).toMatch(/^\/login\?error=state/);
  });

  it("stops a client after 30 failed callbacks in a quarter of an hour", async () => {
    answerProviders({});
    const ip = newIp();
    for (let i = 0; i < 30; i++) {
      const response = await callback(new CookieJar(), "google", { code: "code", state: "forged" }, ip);
      expect(response.headers.get("Location")).toMatch(/^\/login\?error=state/);
    }
    const jar = new CookieJar();
    const limited = await callback(jar, "google", { code: "code", state: "forged" }, ip);
    await expectLoginError(jar, limited, "google", "rate_limited", "Too many login attempts. Please try again");
    // Another client is not held back.
    expect(
      (await callback(new CookieJar(), "google", { code: "code", state: "forged" })).headers.get("Location"),
    ).toMatch(/^\/login\?error=state/);
  });
});

// ---------------------------------------------------------------- switched off, not configured

describe("social login switched off or not configured", () => {
  it("shows no buttons and answers 404 when the setting is off", async () => {
    answerProviders({});
    await setSocialLogin(false);
    try {
      for (const path of ["/login", "/register"]) {
        const html = await (await get(path)).text();
        expect(html).not.toContain("/auth/google");
        expect(html).not.toContain("/auth/twitter");
        expect(visibleText(html)).not.toMatch(/Or sign (in|up) with/);
      }
      const jar = new CookieJar();
      expect((await postForm(jar, "/auth/google", { redirectTo: "/" })).status).toBe(404);
      expect(jar.get("oauth_state")).toBeUndefined();
      expect((await get("/auth/google/callback?code=code&state=state")).status).toBe(404);
      expect((await get("/auth/twitter/callback?code=code&state=state")).status).toBe(404);
    } finally {
      await setSocialLogin(true);
    }
    expect(await (await get("/login")).text()).toContain('action="/auth/google"');
  });

  it("shows only the configured provider: one without its secret has no button, and its paths answer 404", async () => {
    answerProviders({});
    const saved = env.TWITTER_CLIENT_SECRET;
    (env as { TWITTER_CLIENT_SECRET?: string }).TWITTER_CLIENT_SECRET = "";
    try {
      const html = await (await get("/login")).text();
      expect(html).toContain('action="/auth/google"');
      expect(html).not.toContain("/auth/twitter");
      expect(html).not.toContain("Sign in with Twitter");
      expect((await postForm(new CookieJar(), "/auth/twitter", { redirectTo: "/" })).status).toBe(404);
      expect((await get("/auth/twitter/callback?code=code&state=state")).status).toBe(404);
      expect((await postForm(new CookieJar(), "/auth/google", { redirectTo: "/" })).status).toBe(302);
    } finally {
      (env as { TWITTER_CLIENT_SECRET?: string }).TWITTER_CLIENT_SECRET = saved;
    }
  });
});
