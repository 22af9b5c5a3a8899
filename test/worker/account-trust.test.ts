import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addressesFrom, CUSTOMER } from "../fixtures/accounts";
import { apiClient } from "./fixtures";
import { CookieJar, errorsUnder, field, get, mailsTo, postForm, visibleText, visit } from "./helpers";

// Finding 2 of the security review, "Accounts can be owned before their owner arrives"
// (docs/decisions/021): each attack performed against the built Worker. On the old code, (a) the
// victim's Google sign-in landed in the attacker's account, (b) a session alone changed the email,
// silently, and (c) there was no verification at all.

const newIp = addressesFrom((n) => `203.0.113.${n % 250}-${n}`);
const { call } = apiClient(newIp);
let counter = 0;
const tag = () => `${++counter}${Math.random().toString(36).slice(2, 8)}`;
const newEmail = (who = "shopper") => `${who}-${tag()}@example.com`;
const GOOGLE_CLIENT_ID = "test-google-client.apps.googleusercontent.com";

const sqlOne = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
const countOf = async (sql: string, ...binds: unknown[]) => (await sqlOne<{ n: number }>(sql, ...binds))!.n;

// ---------------------------------------------------------------- Google, answered here (no internet)

const base64url = (value: string) => btoa(value).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function answerGoogle(user: { sub: string; email: string; name?: string }) {
  const original = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(new Request(input as RequestInfo, init).url);
    if (url.href === "https://oauth2.googleapis.com/token") {
      const now = Math.floor(Date.now() / 1000);
      const payload = {
        iss: "https://accounts.google.com",
        aud: GOOGLE_CLIENT_ID,
        iat: now,
        exp: now + 3600,
        email_verified: true,
        ...user,
      };
      const idToken = `${base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }))}.${base64url(JSON.stringify(payload))}.${base64url("signature")}`;
      return Response.json({
        access_token: "google-access",
        token_type: "Bearer",
        expires_in: 3599,
        id_token: idToken,
      });
    }
    if (/google|x\.com|twitter/.test(url.hostname)) throw new Error(`unexpected request to ${url.href}`);
    return original(input as RequestInfo, init);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** Presses a Google button (`fields`: the form's), then comes back from Google. Answers the callback's response. */
async function throughGoogle(jar: CookieJar, fields: Record<string, string> = { redirectTo: "/" }) {
  const start = await postForm(jar, "/auth/google", fields, { "CF-Connecting-IP": newIp() });
  expect(start.status).toBe(302);
  const state = new URL(start.headers.get("Location")!).searchParams.get("state")!;
  const response = await get(`/auth/google/callback?${new URLSearchParams({ code: `code-${tag()}`, state })}`, {
    headers: { Cookie: jar.header(), "CF-Connecting-IP": newIp() },
    redirect: "manual",
  });
  jar.store(response);
  return response;
}

/** Registers through the page, as a browser without JavaScript: answers the logged-in browser. */
async function registerPage(email: string, password = "Attack1234") {
  const jar = new CookieJar();
  const response = await postForm(
    jar,
    "/register",
    { firstName: "Mallory", lastName: "Owner", email, password, confirmPassword: password, terms: "on" },
    { "CF-Connecting-IP": newIp() },
  );
  expect(response.status).toBe(302);
  return jar;
}

async function registerApi(email = newEmail(), password = "Secret123") {
  const result = await call("POST", "/api/auth/register", {
    body: { name: "Ann Lee", email, password, password_confirmation: password },
  });
  expect(result.status).toBe(201);
  return { email, password, token: result.body.data.token as string, user: result.body.data.user };
}

/** The token of the newest link of this kind mailed to the address, as its recipient reads it. */
async function mailedToken(to: string, template: string, path: string): Promise<string> {
  const [mail] = await mailsTo(to, template);
  expect(mail, `a ${template} mail to ${to}`).toBeDefined();
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(mail!.text);
  expect(match, `a ${path} link in the mail`).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

/** What the outbox itself holds for the address: never a usable link. */
async function storedMails(to: string) {
  const { results } = await env.DB.prepare("SELECT template, text, html FROM mail_outbox WHERE to_address = ?")
    .bind(to)
    .all<{ template: string; text: string; html: string }>();
  return results;
}

// ---------------------------------------------------------------- (a) pre-registration takeover

describe("an account registered with someone else's address (attack a)", () => {
  it("is not handed to its owner's Google sign-in: no link, no session, the reason on the login page", async () => {
    const victim = newEmail("victim");
    const sub = `g-${tag()}`;
    const attacker = await registerPage(victim);
    answerGoogle({ sub, email: victim, name: "Victor Victim" });

    const browser = new CookieJar();
    const response = await throughGoogle(browser);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?error=link_required&provider=google/);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(false);
    const login = visibleText(await (await visit(browser, response.headers.get("Location")!)).text());
    expect(login).toContain(
      "An account with this email address already exists. Log in with your password first, then link Google from your profile.",
    );
    expect(
      await countOf(
        "SELECT count(*) AS n FROM user_identities WHERE provider = 'google' AND provider_user_id = ?",
        sub,
      ),
    ).toBe(0);
    // The victim's browser is not signed in to anything.
    expect((await visit(browser, "/profile")).status).toBe(302);

    // The real owner resets the password by mail: that proves the address and ends the attacker's session.
    const reset = await postForm(
      new CookieJar(),
      "/forgot-password",
      { email: victim },
      { "CF-Connecting-IP": newIp() },
    );
    expect(reset.status).toBe(302);
    const token = await mailedToken(victim, "password_reset", "/reset-password");
    expect(
      (
        await postForm(new CookieJar(), "/reset-password", {
          token,
          password: "Victim1234",
          password_confirmation: "Victim1234",
        })
      ).status,
    ).toBe(302);
    expect((await visit(attacker, "/profile")).status).toBe(302);
    // Now Google links to the owner's (verified) account.
    const linked = await throughGoogle(new CookieJar());
    expect(linked.headers.get("Location")).toBe("/");
    expect(
      await countOf(
        "SELECT count(*) AS n FROM user_identities WHERE provider = 'google' AND provider_user_id = ?",
        sub,
      ),
    ).toBe(1);
  });
});

// ---------------------------------------------------------------- (b) silent email change

describe("changing the email (attack b)", () => {
  it("PUT /api/v1/auth/profile: refused without the password or with a wrong one (422 on current_password)", async () => {
    const { token, user } = await registerApi();
    const to = newEmail("hijack");
    const missing = await call("PUT", "/api/v1/auth/profile", { token, body: { name: "Ann Lee", email: to } });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({
      success: false,
      errors: { current_password: ["Current password is required to change your email address"] },
    });
    const wrong = await call("PUT", "/api/v1/auth/profile", {
      token,
      body: { name: "Ann Lee", email: to, current_password: "Guess1234" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: ["The current password is incorrect"] });
    expect((await call("GET", "/api/v1/auth/profile", { token })).body.data.email).toBe(user.email);
    expect(await storedMails(to)).toEqual([]);
  });

  it("with the password: nothing changes until the new address uses its link; the old address is told, without a link", async () => {
    const { token, user, password, email } = await registerApi();
    const to = newEmail("moving");
    const asked = await call("PUT", "/api/v1/auth/profile", {
      token,
      body: { name: "Ann Moved", email: to, current_password: password },
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      success: true,
      message: `We have sent a link to ${to}. Your email address changes when you open it; until then it stays as it is.`,
      data: { ...user, name: "Ann Moved" },
    });
    expect((await call("GET", "/api/v1/auth/profile", { token })).body.data.email).toBe(email);

    const [notice] = await mailsTo(email, "email_change_notice");
    expect(notice!.text).toContain(to);
    expect(notice!.text).not.toMatch(/token=/);
    for (const stored of await storedMails(to))
      expect(`${stored.text}${stored.html}`).not.toMatch(/confirm-email\?token=/);
    const link = await mailedToken(to, "email_change_confirm", "/confirm-email");

    // Opening the link changes nothing: its page shows a button.
    const jar = new CookieJar();
    const page = await visit(jar, `/confirm-email?token=${encodeURIComponent(link)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(visibleText(await page.text())).toContain(`Press the button to make ${to} your account's email address.`);
    expect((await call("GET", "/api/v1/auth/profile", { token })).body.data.email).toBe(email);

    const confirmed = await postForm(jar, `/confirm-email?token=${encodeURIComponent(link)}`, { token: link });
    expect(confirmed.status).toBe(302);
    expect(visibleText(await (await visit(jar, confirmed.headers.get("Location")!)).text())).toContain(
      "Your email address has been changed.",
    );
    expect((await call("GET", "/api/v1/auth/profile", { token })).body.data).toMatchObject({
      email: to,
      email_verified: true,
    });
    expect((await call("POST", "/api/auth/login", { body: { email: to, password } })).status).toBe(200);
    // Once.
    const again = await call("POST", "/api/auth/confirm-email", { body: { token: link } });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe("This confirmation link is invalid or has expired.");
  });

  it("the /profile form: asks for the password, shows the pending change, and refuses at confirmation an address taken meanwhile (409)", async () => {
    const email = newEmail();
    const jar = await registerPage(email, "Mine12345");
    const to = newEmail("later");
    const refused = await postForm(jar, "/profile?edit=profile", {
      intent: "profile",
      name: "Mallory Owner",
      email: to,
      current_password: "Wrong1234",
    });
    expect(refused.status).toBe(422);
    expect(errorsUnder(await refused.text(), "current_password")).toBe("The current password is incorrect");

    const asked = await postForm(jar, "/profile?edit=profile", {
      intent: "profile",
      name: "Mallory Owner",
      email: to,
      current_password: "Mine12345",
    });
    expect(asked.status).toBe(302);
    const profile = visibleText(await (await visit(jar, "/profile")).text());
    expect(profile).toContain(`We have sent a link to ${to}.`);
    expect(profile).toContain(`Pending change to ${to}`);
    expect(profile).toContain(email);

    const link = await mailedToken(to, "email_change_confirm", "/confirm-email");
    await registerApi(to);
    const taken = await call("POST", "/api/auth/confirm-email", { body: { token: link } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(
      "This email address is already used by another account, so it cannot be used for yours.",
    );
    expect(await countOf("SELECT count(*) AS n FROM users WHERE email = ?", to)).toBe(1);
    const page = await postForm(new CookieJar(), "/confirm-email", { token: link });
    expect(page.status).toBe(409);
  });
});

// ---------------------------------------------------------------- (c) verification

describe("verifying the address (attack c)", () => {
  it("registration mails a sealed link; its page changes nothing on a GET; the POST verifies, once", async () => {
    const email = newEmail();
    const jar = await registerPage(email);
    expect(visibleText(await (await visit(jar, "/")).text())).toContain(
      "We have sent a link to verify your email address. Please check your inbox.",
    );
    for (const stored of await storedMails(email))
      expect(`${stored.text}${stored.html}`).not.toMatch(/verify-email\?token=/);
    const token = await mailedToken(email, "verify_email", "/verify-email");
    const verified = async () =>
      (await sqlOne<{ at: number | null }>("SELECT email_verified_at AS at FROM users WHERE email = ?", email))!.at !==
      null;

    // Unverified: the profile's banner offers a new link.
    const before = visibleText(await (await visit(jar, "/profile")).text());
    expect(before).toContain("Please verify your email address");
    expect(before).toContain("Resend verification email");

    const page = await visit(new CookieJar(), `/verify-email?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(field(await page.text(), "token")).toContain(`value="${token}"`);
    expect(await verified()).toBe(false);

    const done = await postForm(new CookieJar(), "/verify-email", { token });
    expect(done.status).toBe(302);
    expect(await verified()).toBe(true);
    expect(visibleText(await (await visit(jar, "/profile")).text())).not.toContain("Please verify your email address");

    const again = await postForm(new CookieJar(), "/verify-email", { token });
    expect(again.status).toBe(422);
    expect(visibleText(await again.text())).toContain("This verification link is invalid or has expired.");
    expect((await call("POST", "/api/auth/verify-email", { body: { token } })).status).toBe(422);
  });

  it("the API: email_verified in the user, verify by token, resend limited per account (429 with Retry-After)", async () => {
    const { token, email } = await registerApi();
    expect((await call("GET", "/api/v1/auth/profile", { token })).body.data.email_verified).toBe(false);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const resent = await call("POST", "/api/v1/auth/verify-email/resend", { token });
      statuses.push(resent.status);
      if (resent.status === 429) {
        expect(Number(resent.response.headers.get("Retry-After"))).toBeGreaterThan(0);
        expect(resent.body.message).toMatch(/^Too many verification emails\. Please try again in \d+ minutes?\.$/);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await mailsTo(email, "verify_email")).toHaveLength(4);
    // Only the newest link works.
    const newest = await mailedToken(email, "verify_email", "/verify-email");
    const verified = await call("POST", "/api/auth/verify-email", { body: { token: newest } });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ success: true, message: "Thank you! Your email address is verified." });
    expect((await call("GET", "/api/v1/auth/profile", { token })).body.data.email_verified).toBe(true);
    // Verified: nothing more to send.
    expect((await call("POST", "/api/v1/auth/verify-email/resend", { token })).body).toEqual({
      success: true,
      message: "Your email address is already verified.",
    });
  });

  it("the banner's resend form mails a new link and comes back", async () => {
    const email = newEmail();
    const jar = await registerPage(email);
    const response = await postForm(jar, "/verify-email", { resend: "1", redirectTo: "/profile" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile");
    expect(visibleText(await (await visit(jar, "/profile")).text())).toContain(
      "We have sent a link to verify your email address.",
    );
    expect(await mailsTo(email, "verify_email")).toHaveLength(2);
    // A guest cannot ask.
    expect((await postForm(new CookieJar(), "/verify-email", { resend: "1" })).headers.get("Location")).toMatch(
      /^\/login/,
    );
  });

  it("the seeded development accounts are verified", async () => {
    const token = (
      await call("POST", "/api/auth/login", { body: { email: CUSTOMER.email, password: CUSTOMER.password } })
    ).body.data.token;
    expect((await call("GET", "/api/v1/auth/profile", { token })).body.data.email_verified).toBe(true);
  });
});

// ---------------------------------------------------------------- sign-in methods

describe("linked sign-in methods", () => {
  it("links Google from the profile to the signed-in account, ending its other sessions; lists and unlinks it", async () => {
    const { email, password, token: otherDevice } = await registerApi();
    const jar = new CookieJar();
    expect((await postForm(jar, "/login", { email, password }, { "CF-Connecting-IP": newIp() })).status).toBe(302);
    const profile = await (await visit(jar, "/profile")).text();
    expect(visibleText(profile)).toContain("Sign-in methods");
    expect(profile).toMatch(/<form method="post" action="\/auth\/google"/);

    const sub = `g-${tag()}`;
    answerGoogle({ sub, email: newEmail("someone-else") });
    const response = await throughGoogle(jar, { link: "1" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile");
    expect(visibleText(await (await visit(jar, "/profile")).text())).toContain("Google is now linked to your account.");
    expect((await call("GET", "/api/v1/auth/profile", { token: otherDevice })).status).toBe(401);

    const token = (await call("POST", "/api/auth/login", { body: { email, password } })).body.data.token;
    const methods = await call("GET", "/api/v1/auth/sign-in-methods", { token });
    expect(methods.status).toBe(200);
    expect(methods.body.data).toMatchObject({ password_set: true, identities: [{ provider: "google" }] });

    const unlinked = await postForm(jar, "/profile", { unlink: "google" });
    expect(unlinked.status).toBe(302);
    expect(visibleText(await (await visit(jar, "/profile")).text())).toContain(
      "Google has been unlinked from your account.",
    );
    const gone = await call("DELETE", "/api/v1/auth/sign-in-methods/google", { token });
    expect(gone.status).toBe(404);
  });

  it("refuses to unlink the only way in of an account social login created (409)", async () => {
    const email = newEmail("social");
    answerGoogle({ sub: `g-${tag()}`, email });
    const jar = new CookieJar();
    expect((await throughGoogle(jar)).headers.get("Location")).toBe("/");
    expect(visibleText(await (await visit(jar, "/profile")).text())).toContain("Not set");
    const refused = await postForm(jar, "/profile", { unlink: "google" });
    expect(refused.status).toBe(302);
    expect(visibleText(await (await visit(jar, "/profile")).text())).toContain(
      "Google is the only way to sign in to your account, so it cannot be unlinked.",
    );
    expect(
      await countOf(
        "SELECT count(*) AS n FROM user_identities ui JOIN users u ON u.id = ui.user_id WHERE u.email = ?",
        email,
      ),
    ).toBe(1);
  });

  it("starts a link only for a signed-in shopper", async () => {
    const response = await postForm(new CookieJar(), "/auth/google", { link: "1" }, { "CF-Connecting-IP": newIp() });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
  });
});
