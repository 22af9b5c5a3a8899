import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CookieJar, expectErrorsUnder, field, mailsTo, postForm, visibleText, visit } from "./helpers";
import { apiClient } from "./fixtures";

// Password reset end to end in workerd: the API (forgot -> the mail in the outbox -> reset) and the
// pages as a browser without JavaScript posts them.

const REQUESTED = "If an account exists for that email, we have sent a link to reset its password.";
const DONE = "Your password has been reset. Please log in.";
const INVALID = "This reset link is invalid or has expired.";
const LOGIN_FAILED = "Invalid email or password. Please try again.";

let counter = 0;
const tag = () => `${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const newEmail = () => `reset-${tag()}@example.com`;
const newIp = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}-${tag()}`;

const { call } = apiClient(newIp);

async function register(email = newEmail(), password = "Secret123") {
  const result = await call("POST", "/api/auth/register", {
    body: { name: "Ann Lee", email, password, password_confirmation: password },
  });
  expect(result.status).toBe(201);
  return { email, password, token: result.body.data.token as string };
}

const forgot = (email: string, ip = newIp()) => call("POST", "/api/auth/forgot-password", { body: { email }, ip });
const reset = (token: string, password: string, password_confirmation = password) =>
  call("POST", "/api/auth/reset-password", { body: { token, password, password_confirmation } });
const loginCall = (email: string, password: string) => call("POST", "/api/auth/login", { body: { email, password } });

/** The reset mails to this address (a new account also gets its welcome mail, which is not counted here). */
async function outboxFor(email: string) {
  const { results } = await env.DB.prepare(
    "SELECT * FROM mail_outbox WHERE to_address = ? AND template = 'password_reset' ORDER BY created_at, rowid",
  )
    .bind(email)
    .all<Record<string, string>>();
  return results;
}

/** The reset link of the newest mail to this address, read from its text part as delivered (the outbox holds it sealed). */
async function mailedLink(email: string): Promise<URL> {
  const [mail] = await mailsTo(email, "password_reset");
  expect(mail).toBeDefined();
  const match = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(String(mail!.text));
  expect(match).not.toBeNull();
  return new URL(match![0]);
}
const tokenOf = (link: URL) => link.searchParams.get("token")!;

describe("POST /api/auth/forgot-password and /reset-password", () => {
  it("resets the password end to end: the old one and the old token stop working, the new one logs in", async () => {
    const { email, password, token: bearer } = await register();
    const asked = await forgot(email);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ success: true, message: REQUESTED });
    expect(asked.response.headers.get("Cache-Control")).toBe("no-store");

    const [mail] = await outboxFor(email);
    expect(mail).toMatchObject({ template: "password_reset", subject: "Reset your Twistbloom password" });
    const link = await mailedLink(email);
    expect(link.origin).toBe("http://shop.test");
    expect((await mailsTo(email, "password_reset"))[0]!.html).toContain(`href="${link.href.replace(/&/g, "&amp;")}"`);
    // The outbox itself holds no token.
    expect(JSON.stringify(mail)).not.toContain(tokenOf(link));

    const done = await reset(tokenOf(link), "Fresh4567");
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, message: DONE });

    expect((await call("GET", "/api/v1/auth/profile", { token: bearer })).status).toBe(401);
    const old = await loginCall(email, password);
    expect(old.status).toBe(401);
    expect(old.body.message).toBe(LOGIN_FAILED);
    const fresh = await loginCall(email, "Fresh4567");
    expect(fresh.status).toBe(200);
    expect((await call("GET", "/api/v1/auth/profile", { token: fresh.body.data.token })).status).toBe(200);
  });

  it("answers the same for an unknown email, and mails nobody", async () => {
    const email = newEmail();
    const asked = await forgot(email);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ success: true, message: REQUESTED });
    expect(await outboxFor(email)).toHaveLength(0);
  });

  it("refuses a malformed email with 422", async () => {
    const asked = await forgot("not-an-email");
    expect(asked.status).toBe(422);
    expect(asked.body).toMatchObject({ success: false, errors: { email: ["Please enter a valid email address"] } });
    const empty = await call("POST", "/api/auth/forgot-password", { body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ email: ["Email is required"] });
  });

  it("refuses a mismatched confirmation with 422, and the link still works", async () => {
    const { email } = await register();
    await forgot(email);
    const token = tokenOf(await mailedLink(email));
    const refused = await reset(token, "Fresh4567", "Fresh4568");
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      success: false,
      errors: { password_confirmation: ["Passwords do not match"] },
    });
    const weak = await reset(token, "weak", "weak");
    expect(weak.status).toBe(422);
    expect(weak.body.errors.password).toEqual(["Password must be at least 8 characters long"]);
    expect((await reset(token, "Fresh4567")).status).toBe(200);
  });

  it("refuses a used, expired or unknown token with 422 and the exact message", async () => {
    const { email } = await register();
    await forgot(email);
    const used = tokenOf(await mailedLink(email));
    expect((await reset(used, "Fresh4567")).status).toBe(200);

    const other = await register();
    await forgot(other.email);
    const expired = tokenOf(await mailedLink(other.email));
    await env.DB.prepare(
      "UPDATE password_resets SET expires_at = unixepoch() - 1 WHERE user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind(other.email)
      .run();

    for (const token of [used, expired, "A".repeat(43), "nonsense"]) {
      const refused = await reset(token, "Another4567");
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ success: false, message: INVALID, errors: { token: [INVALID] } });
    }
    expect((await loginCall(other.email, other.password)).status).toBe(200);
  });

  it("answers 429 with Retry-After past the limit for one email, known or not", async () => {
    for (const email of [(await register()).email, newEmail()]) {
      for (let i = 0; i < 5; i++) expect((await forgot(email)).status).toBe(200);
      const flooded = await forgot(email);
      expect(flooded.status).toBe(429);
      expect(flooded.body.message).toMatch(/^Too many password reset requests\. Please try again in \d+ minutes?\.$/);
      expect(Number(flooded.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    expect((await outboxFor((await register()).email)).length).toBe(0);
  });

  it("answers 429 past the limit for one client address", async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) expect((await forgot(newEmail(), ip)).status).toBe(200);
    const flooded = await forgot(newEmail(), ip);
    expect(flooded.status).toBe(429);
    expect(Number(flooded.response.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("the /forgot-password and /reset-password pages", () => {
  it("the login page's Forgot password? link goes to /forgot-password", async () => {
    const html = await (await visit(new CookieJar(), "/login")).text();
    expect(html).toMatch(/<a[^>]*href="\/forgot-password"[^>]*>Forgot password\?<\/a>/);
  });

  it("asks for the email, then redirects back with the neutral message, known address or not", async () => {
    const page = await visit(new CookieJar(), "/forgot-password");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).toMatch(/<form[^>]*method="post"[^>]*novalidate=""/i);
    expect(field(html, "email")).toContain('type="email"');

    const { email } = await register();
    for (const address of [email, newEmail()]) {
      const jar = new CookieJar();
      const posted = await postForm(jar, "/forgot-password", { email: address }, { "CF-Connecting-IP": newIp() });
      expect(posted.status).toBe(302);
      expect(posted.headers.get("Location")).toBe("/forgot-password?sent=1");
      const shown = visibleText(await (await visit(jar, "/forgot-password?sent=1")).text());
      // On the page, and in the toast.
      expect(shown.split(REQUESTED).length - 1).toBeGreaterThanOrEqual(2);
    }
    expect(await outboxFor(email)).toHaveLength(1);
  });

  it("shows the email's message under the field for a malformed address", async () => {
    const response = await postForm(
      new CookieJar(),
      "/forgot-password",
      { email: "nope" },
      { "CF-Connecting-IP": newIp() },
    );
    expect(response.status).toBe(422);
    const html = await response.text();
    expectErrorsUnder(html, { email: "Please enter a valid email address" });
    expect(visibleText(html)).toContain("Please fix the errors in the form");
    expect(field(html, "email")).toContain('value="nope"');
  });

  it("answers 429 with Retry-After on the page when flooded", async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i++) await forgot(email);
    const response = await postForm(new CookieJar(), "/forgot-password", { email }, { "CF-Connecting-IP": newIp() });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(visibleText(await response.text())).toMatch(/Too many password reset requests/);
  });

  it("resets through the form: a mismatch first (the token kept), then to /login with the toast", async () => {
    const { email, password } = await register();
    await postForm(new CookieJar(), "/forgot-password", { email }, { "CF-Connecting-IP": newIp() });
    const link = await mailedLink(email);
    const path = `${link.pathname}${link.search}`;
    const jar = new CookieJar();
    const page = await visit(jar, path);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
    const html = await page.text();
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(field(html, "token")).toContain(`value="${tokenOf(link)}"`);
    expect(field(html, "password")).toContain('type="password"');
    expect(field(html, "password_confirmation")).toContain('type="password"');

    const mismatch = await postForm(jar, path, {
      token: tokenOf(link),
      password: "Fresh4567",
      password_confirmation: "Fresh4568",
    });
    expect(mismatch.status).toBe(422);
    const again = await mismatch.text();
    expectErrorsUnder(again, { password_confirmation: "Passwords do not match" });
    expect(visibleText(again)).toContain("Please fix the errors in the form");
    expect(field(again, "token")).toContain(`value="${tokenOf(link)}"`);
    expect(field(again, "password")).not.toContain("Fresh4567");

    const done = await postForm(jar, path, {
      token: tokenOf(link),
      password: "Fresh4567",
      password_confirmation: "Fresh4567",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");
    expect(visibleText(await (await visit(jar, "/login")).text())).toContain(DONE);
    expect((await loginCall(email, password)).status).toBe(401);
    expect((await loginCall(email, "Fresh4567")).status).toBe(200);

    // The link is spent: the page says so and offers a new one.
    const spent = await (await visit(new CookieJar(), path)).text();
    expect(visibleText(spent)).toContain(INVALID);
    expect(spent).toMatch(/<a[^>]*href="\/forgot-password"[^>]*>Ask for a new reset link<\/a>/);
    expect(spent).not.toMatch(/name="password"/);
  });

  it("says the link is invalid for an unknown or missing token, and when it was spent before posting", async () => {
    for (const path of ["/reset-password?token=" + "B".repeat(43), "/reset-password"]) {
      const page = await visit(new CookieJar(), path);
      expect(page.status).toBe(200);
      expect(visibleText(await page.text())).toContain(INVALID);
    }
    const posted = await postForm(new CookieJar(), "/reset-password?token=x", {
      token: "C".repeat(43),
      password: "Fresh4567",
      password_confirmation: "Fresh4567",
    });
    expect(posted.status).toBe(422);
    const html = await posted.text();
    expect(visibleText(html)).toContain(INVALID);
    expect(html).toMatch(/href="\/forgot-password"/);
  });
});
