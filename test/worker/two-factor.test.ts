import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { totpCode } from "../../app/lib/totp";
import { ADMIN, CUSTOMER, OWNER } from "../fixtures/accounts";
import { apiClient, apiToken, loggedIn } from "./fixtures";
import { CookieJar, decode, get, postForm, visibleText, visit } from "./helpers";

// Staff sign in with a second factor (issue 26, docs/decisions/023), on the built Worker: a staff
// password alone opens no session (page and API) while the setting requires a factor; a code does,
// once; a recovery code works once; code guessing is limited; a customer is never asked; a
// super-admin's reset is audited and ends the member's sessions, and an admin cannot reset.

const PASSWORD = "Petals2024";
const INVALID = "The code is not valid. Please try again.";
const EXPIRED = "Your sign-in has expired. Please log in again.";

let counter = 0;
const tag = () => `${++counter}-${crypto.randomUUID().slice(0, 8)}`;
const newIp = () => `2001:db8:26:2fa::${(counter++).toString(16)}`;
const { call, post } = apiClient(newIp);
const now = () => Math.floor(Date.now() / 1000);

let ownerToken: string;
let adminToken: string;
let ownerJar: CookieJar;
beforeAll(async () => {
  // Staff sessions first, while the local default (off) lets the seeded staff in with a password.
  ownerToken = await apiToken(newIp(), OWNER);
  adminToken = await apiToken(newIp(), ADMIN);
  ownerJar = await loggedIn(OWNER, newIp());
  await env.DB.prepare("UPDATE settings SET value = 'true' WHERE key = 'staff_2fa_required'").run();
});

/** A new account with the admin role (or a customer), registered through the API. */
async function newAccount(role: "admin" | "customer" = "admin") {
  const email = `staff-${tag()}@example.com`;
  const { status, body } = await post("/api/auth/register", {
    name: "Sam Staff",
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(status).toBe(201);
  const id = body.data.user.id as number;
  // Verified, as staff accounts are: social login links only to a verified address (docs/decisions/021).
  await env.DB.prepare("UPDATE users SET email_verified_at = unixepoch() WHERE id = ?").bind(id).run();
  if (role === "admin")
    await env.DB.prepare("INSERT INTO user_roles (user_id, role_id) SELECT ?, id FROM roles WHERE name = 'admin'")
      .bind(id)
      .run();
  return { id, email, password: PASSWORD };
}

/** Enrols an admin through the API's first sign-in; answers the secret, the recovery codes and the token. */
async function enrolledAdmin() {
  const staff = await newAccount();
  const login = await post("/api/auth/login", { email: staff.email, password: PASSWORD });
  expect(login.body.data).toMatchObject({ two_factor_required: true, step: "enrol" });
  const setup = await post("/api/auth/two-factor/setup", { challenge: login.body.data.challenge });
  expect(setup.status).toBe(200);
  const secret = setup.body.data.secret as string;
  const confirmed = await post("/api/auth/two-factor/setup/confirm", {
    challenge: login.body.data.challenge,
    code: await totpCode(secret, now()),
  });
  expect(confirmed.status).toBe(200);
  return {
    ...staff,
    secret,
    codes: confirmed.body.data.recovery_codes as string[],
    token: confirmed.body.data.token as string,
  };
}

const profileStatus = async (token: string) => (await call("GET", "/api/v1/auth/profile", { token })).status;

describe("the API: a staff password alone gets no token", () => {
  it("answers a challenge instead of a token, and the challenge is no token", async () => {
    const staff = await newAccount();
    const { status, body } = await post("/api/auth/login", { email: staff.email, password: PASSWORD });
    expect(status).toBe(200);
    expect(body.data.token).toBeUndefined();
    expect(body.data).toMatchObject({ two_factor_required: true, step: "enrol", expires_in: 300 });
    expect(await profileStatus(body.data.challenge)).toBe(401);
  });

  it("enrols with a first code: a token and ten recovery codes", async () => {
    const staff = await enrolledAdmin();
    expect(staff.codes).toHaveLength(10);
    expect(await profileStatus(staff.token)).toBe(200);
    const status = await call("GET", "/api/v1/auth/two-factor", { token: staff.token });
    expect(status.body.data).toMatchObject({ enabled: true, required: true, recovery_codes_left: 10 });
  });

  it("opens the session for a code, and refuses the same code again", async () => {
    const staff = await enrolledAdmin();
    const first = await post("/api/auth/login", { email: staff.email, password: PASSWORD });
    expect(first.body.data).toMatchObject({ two_factor_required: true, step: "verify" });
    const code = await totpCode(staff.secret, now() + 30);
    const signed = await post("/api/auth/two-factor", { challenge: first.body.data.challenge, code });
    expect(signed.status).toBe(200);
    expect(await profileStatus(signed.body.data.token)).toBe(200);

    const second = await post("/api/auth/login", { email: staff.email, password: PASSWORD });
    const replay = await post("/api/auth/two-factor", { challenge: second.body.data.challenge, code });
    expect(replay.status).toBe(422);
    expect(replay.body).toEqual({ success: false, message: INVALID, errors: { code: [INVALID] } });
    expect(replay.body.data).toBeUndefined();
  });

  it("takes a recovery code once", async () => {
    const staff = await enrolledAdmin();
    const code = staff.codes[3]!;
    const first = await post("/api/auth/login", { email: staff.email, password: PASSWORD });
    expect((await post("/api/auth/two-factor", { challenge: first.body.data.challenge, code })).status).toBe(200);
    const second = await post("/api/auth/login", { email: staff.email, password: PASSWORD });
    expect((await post("/api/auth/two-factor", { challenge: second.body.data.challenge, code })).status).toBe(422);
  });

  it("limits code guessing: 429 with Retry-After, then even a right code is refused", async () => {
    const staff = await enrolledAdmin();
    const { body } = await post("/api/auth/login", { email: staff.email, password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await post("/api/auth/two-factor", { challenge: body.data.challenge, code: String(100000 + i) })).status,
      );
    expect(statuses.slice(0, 5).every((status) => status === 422)).toBe(true);
    expect(statuses[5]).toBe(429);
    const limited = await post("/api/auth/two-factor", { challenge: body.data.challenge, code: staff.codes[0]! });
    expect(limited.status).toBe(429);
    expect(Number(limited.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });

  it("refuses a forged or altered challenge with 401", async () => {
    const staff = await enrolledAdmin();
    const { body } = await post("/api/auth/login", { email: staff.email, password: PASSWORD });
    const challenge = body.data.challenge as string;
    for (const forged of ["", "abc", `${challenge.slice(0, 20)}${challenge.slice(21)}x`]) {
      const answer = await post("/api/auth/two-factor", { challenge: forged, code: "123456" });
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(EXPIRED);
    }
    // A verify challenge does not read or set up a secret.
    expect((await post("/api/auth/two-factor/setup", { challenge })).status).toBe(401);
  });

  it("never asks a customer", async () => {
    const customer = await newAccount("customer");
    const { status, body } = await post("/api/auth/login", { email: customer.email, password: PASSWORD });
    expect(status).toBe(200);
    expect(typeof body.data.token).toBe("string");
    expect(body.data.two_factor_required).toBeUndefined();
    expect((await post("/api/auth/login", CUSTOMER)).body.data.token).toBeTruthy();
  });

  it("keeps the own-factor calls to staff", async () => {
    const customer = await newAccount("customer");
    const { body } = await post("/api/auth/login", { email: customer.email, password: PASSWORD });
    expect((await call("POST", "/api/v1/auth/two-factor/setup", { token: body.data.token })).status).toBe(403);
    expect((await call("POST", "/api/v1/auth/two-factor/setup")).status).toBe(401);
  });
});

describe("the pages, as a browser without JavaScript", () => {
  it("open no session for the password: the staff member enrols, then the back office opens", async () => {
    const staff = await newAccount();
    const jar = new CookieJar();
    const ip = newIp();
    const login = await postForm(
      jar,
      "/login",
      { email: staff.email, password: PASSWORD, redirectTo: "/admin" },
      { "CF-Connecting-IP": ip },
    );
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe("/login/two-factor/setup?redirectTo=%2Fadmin");
    expect(jar.get("session")).toBeUndefined();
    // The back office is closed: the guard sends the visitor to the login.
    const closed = await visit(jar, "/admin");
    expect(closed.status).toBe(302);
    expect(closed.headers.get("Location")).toContain("/login");

    const page = await visit(jar, "/login/two-factor/setup?redirectTo=%2Fadmin");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-label="QR code/);
    const secret = decode(/data-testid="totp-secret"[^>]*>([^<]+)</.exec(html)![1]!).replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const wrong = await postForm(
      jar,
      "/login/two-factor/setup",
      { code: "000000", redirectTo: "/admin" },
      { "CF-Connecting-IP": ip },
    );
    expect(wrong.status).toBe(422);
    expect(visibleText(await wrong.text())).toContain(INVALID);
    expect(jar.get("session")).toBeUndefined();

    const done = await postForm(
      jar,
      "/login/two-factor/setup",
      { code: await totpCode(secret, now()), redirectTo: "/admin" },
      { "CF-Connecting-IP": ip },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/security?continue=%2Fadmin");
    expect(jar.get("session")).toBeTruthy();
    const shown = await visit(jar, "/admin/security?continue=%2Fadmin");
    expect(shown.status).toBe(200);
    const codes = [...(await shown.text()).matchAll(/data-testid="recovery-code">([^<]+)</g)].map((match) => match[1]);
    expect(codes).toHaveLength(10);
    // Shown once.
    expect(await (await visit(jar, "/admin/security")).text()).not.toContain(codes[0]!);
    expect((await visit(jar, "/admin")).status).toBe(200);
  });

  it("ask an enrolled staff member for a code, and take a recovery code once", async () => {
    const staff = await enrolledAdmin();
    const signIn = async (code: string) => {
      const jar = new CookieJar();
      const ip = newIp();
      const login = await postForm(
        jar,
        "/login",
        { email: staff.email, password: PASSWORD, redirectTo: "/admin/orders" },
        { "CF-Connecting-IP": ip },
      );
      expect(login.headers.get("Location")).toBe("/login/two-factor?redirectTo=%2Fadmin%2Forders");
      expect(jar.get("session")).toBeUndefined();
      expect((await visit(jar, "/login/two-factor?redirectTo=%2Fadmin%2Forders")).status).toBe(200);
      const answer = await postForm(
        jar,
        "/login/two-factor",
        { code, redirectTo: "/admin/orders" },
        { "CF-Connecting-IP": ip },
      );
      return { jar, answer };
    };
    const byApp = await signIn(await totpCode(staff.secret, now() + 30));
    expect(byApp.answer.status).toBe(302);
    expect(byApp.answer.headers.get("Location")).toBe("/admin/orders");
    expect(byApp.jar.get("session")).toBeTruthy();

    const byRecovery = await signIn(staff.codes[0]!);
    expect(byRecovery.answer.status).toBe(302);
    const again = await signIn(staff.codes[0]!);
    expect(again.answer.status).toBe(422);
    expect(visibleText(await again.answer.text())).toContain(INVALID);
    expect(again.jar.get("session")).toBeUndefined();
  });

  it("send a visitor without a challenge back to the login", async () => {
    const jar = new CookieJar();
    const page = await visit(jar, "/login/two-factor");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login");
    const forged = await postForm(jar, "/login/two-factor", { code: "123456" }, { Cookie: "tb_2fa=forged" });
    expect(forged.status).toBe(302);
    expect(jar.get("session")).toBeUndefined();
  });
});

describe("resetting another staff member's factor", () => {
  it("is refused to an admin who is not a super-admin", async () => {
    const staff = await enrolledAdmin();
    const refused = await call("DELETE", `/api/admin/users/${staff.id}/two-factor`, { token: adminToken });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only a super-admin can reset another staff member's two-factor sign-in.");
    expect(await profileStatus(staff.token)).toBe(200);
  });

  it("by a super-admin removes the factor, ends the member's sessions and is audited", async () => {
    const staff = await enrolledAdmin();
    const reset = await call("DELETE", `/api/admin/users/${staff.id}/two-factor`, { token: ownerToken });
    expect(reset.status).toBe(200);
    expect(await profileStatus(staff.token)).toBe(401);
    const audit = await call("GET", `/api/admin/audit?entity=user&entity_id=${staff.id}`, { token: ownerToken });
    expect(audit.body.data.data[0]).toMatchObject({ action: "reset_two_factor", actor: { email: OWNER.email } });
    // The next sign-in sets a factor up again.
    const login = await post("/api/auth/login", { email: staff.email, password: PASSWORD });
    expect(login.body.data.step).toBe("enrol");
  });
});

describe("signing in with Google as a staff member", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Google's token endpoint, answered here with an ID token for `email` (verified). */
  function answerGoogle(email: string) {
    const b64 = (value: string) => btoa(value).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const original = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      if (request.url !== "https://oauth2.googleapis.com/token") return original(input as RequestInfo, init);
      const at = now();
      const claims = {
        iss: "https://accounts.google.com",
        aud: "test-google-client.apps.googleusercontent.com",
        iat: at,
        exp: at + 3600,
        sub: `g-${tag()}`,
        email,
        email_verified: true,
        name: "Sam Staff",
      };
      const idToken = `${b64(JSON.stringify({ alg: "RS256", kid: "test", typ: "JWT" }))}.${b64(JSON.stringify(claims))}.${b64("signature")}`;
      return Response.json({
        access_token: "google-access",
        token_type: "Bearer",
        expires_in: 3599,
        scope: "openid email profile",
        id_token: idToken,
      });
    });
  }

  it("opens no session without the second factor: the provider is only the first", async () => {
    const staff = await enrolledAdmin();
    answerGoogle(staff.email);
    const jar = new CookieJar();
    const ip = newIp();
    const start = await postForm(jar, "/auth/google", { redirectTo: "/admin" }, { "CF-Connecting-IP": ip });
    const state = new URL(start.headers.get("Location")!).searchParams.get("state")!;
    const back = await get(`/auth/google/callback?${new URLSearchParams({ code: `code-${tag()}`, state })}`, {
      headers: { Cookie: jar.header(), "CF-Connecting-IP": ip },
      redirect: "manual",
    });
    jar.store(back);
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/login/two-factor?redirectTo=%2Fadmin");
    expect(jar.get("session")).toBeUndefined();
    const done = await postForm(
      jar,
      "/login/two-factor",
      { code: await totpCode(staff.secret, now() + 30), redirectTo: "/admin" },
      { "CF-Connecting-IP": ip },
    );
    expect(done.status).toBe(302);
    expect(jar.get("session")).toBeTruthy();
  });
});

describe("the setting", () => {
  it("is in the back office's settings, group Security, and the API's", async () => {
    const page = visibleText(await (await visit(ownerJar, "/admin/settings")).text());
    expect(page).toContain("Security (not public)");
    expect(page).toContain("Staff must sign in with two-factor");
    const { body } = await call("GET", "/api/admin/settings", { token: ownerToken });
    expect(JSON.stringify(body)).toContain("staff_2fa_required");
  });

  it("lets a super-admin reset a member's factor from the user's page", async () => {
    const staff = await enrolledAdmin();
    const page = visibleText(await (await visit(ownerJar, `/admin/users/${staff.id}`)).text());
    expect(page).toContain("Reset two-factor sign-in");
    const reset = await postForm(
      ownerJar,
      `/admin/users/${staff.id}`,
      { intent: "reset_2fa" },
      { "CF-Connecting-IP": newIp() },
    );
    expect(reset.status).toBe(302);
    expect(visibleText(await (await visit(ownerJar, `/admin/users/${staff.id}`)).text())).toContain(
      "Reset the two-factor sign-in (its sessions ended)",
    );
    expect(await profileStatus(staff.token)).toBe(401);
  });
});
