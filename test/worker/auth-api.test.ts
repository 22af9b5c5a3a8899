import { decodeJwt, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { ADMIN, CUSTOMER, KANDY_CONTACT, NO_CONTACT } from "../fixtures/accounts";
import { CookieJar } from "./helpers";
import { apiClient, csrfOf } from "./fixtures";

const JWT_SECRET = "test-jwt-secret-0123456789abcdef";
const ISSUER = "twistbloom";
const AUDIENCE = "twistbloom-storefront";
const LOGIN_FAILED = "Invalid email or password. Please try again.";
const EMAIL_TAKEN = "This email address is already registered";
const USER_FIELDS = [
  "address",
  "city",
  "country",
  "created_at",
  "email",
  "email_verified",
  "id",
  "name",
  "phone",
  "roles",
  "state",
  "zip_code",
];

let counter = 0;
const tag = () => `${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const newEmail = () => `api-${tag()}@example.com`;
/** A client address of its own for each test, so no rate limit counter is shared. */
const newIp = () => `198.51.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}-${tag()}`;

const { call } = apiClient(newIp);

const registration = (email = newEmail(), password = "Secret123", name = "Ann Lee") => ({
  name,
  email,
  password,
  password_confirmation: password,
});

async function register(email = newEmail(), password = "Secret123", ip = newIp()) {
  const result = await call("POST", "/api/auth/register", { body: registration(email, password), ip });
  expect(result.status).toBe(201);
  return { email, password, token: result.body.data.token as string, user: result.body.data.user };
}

const loginCall = (email: string, password: string, ip = newIp()) =>
  call("POST", "/api/auth/login", { body: { email, password }, ip });
const profileOf = (token: string) => call("GET", "/api/v1/auth/profile", { token });

function expectUnauthenticated(result: { status: number; body: any }) {
  expect(result.status).toBe(401);
  expect(result.body).toEqual({ success: false, message: "Unauthenticated." });
}

describe("POST /api/auth/register", () => {
  it("answers 201 with the new customer and a working token", async () => {
    const email = newEmail();
    const { status, body, response } = await call("POST", "/api/auth/register", { body: registration(email) });
    expect(status).toBe(201);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(body).toMatchObject({ success: true, message: "Registration successful!" });
    expect(Object.keys(body.data).sort()).toEqual(["token", "user"]);
    const user = body.data.user;
    expect(Object.keys(user).sort()).toEqual(USER_FIELDS);
    expect(user).toMatchObject({
      name: "Ann Lee",
      email,
      ...NO_CONTACT,
      roles: [{ name: "customer" }],
    });
    expect(typeof user.id).toBe("number");
    expect(new Date(user.created_at).toISOString()).toBe(user.created_at);
    expect(JSON.stringify(body)).not.toMatch(/password|pbkdf2/i);
    expect(body.data.token.split(".")).toHaveLength(3);
    const profile = await profileOf(body.data.token);
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({ success: true, data: user });
  });

  it("stores the email trimmed and lowercased", async () => {
    const email = newEmail();
    const { status, body } = await call("POST", "/api/auth/register", {
      body: registration(`  ${email.toUpperCase()} `),
    });
    expect(status).toBe(201);
    expect(body.data.user.email).toBe(email);
    expect((await loginCall(email, "Secret123")).status).toBe(200);
  });

  it("refuses a taken email with 422 and errors.email", async () => {
    const { email } = await register();
    const { status, body } = await call("POST", "/api/auth/register", { body: registration(email, "Other1234") });
    expect(status).toBe(422);
    expect(body).toEqual({ success: false, message: EMAIL_TAKEN, errors: { email: [EMAIL_TAKEN] } });
    // The first account still logs in with its own password.
    expect((await loginCall(email, "Secret123")).status).toBe(200);
    expect((await loginCall(email, "Other1234")).status).toBe(401);
  });

  it("refuses the seeded admin's email", async () => {
    const { status, body } = await call("POST", "/api/auth/register", { body: registration("Admin@Twistbloom.test") });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ email: [EMAIL_TAKEN] });
  });

  it.each([
    ["short1A", "Password must be at least 8 characters long"],
    ["ALLUPPER1", "Password must contain at least one lowercase letter"],
    ["alllower1", "Password must contain at least one uppercase letter"],
    ["NoNumbers", "Password must contain at least one number"],
  ])("refuses the weak password %j with 422: %s", async (password, message) => {
    const email = newEmail();
    const { status, body } = await call("POST", "/api/auth/register", { body: registration(email, password) });
    expect(status).toBe(422);
    expect(body).toEqual({ success: false, message: "The given data was invalid.", errors: { password: [message] } });
    // Nothing was created: the email is still free.
    expect((await call("POST", "/api/auth/register", { body: registration(email) })).status).toBe(201);
  });

  it("refuses a mismatched confirmation with 422 on password_confirmation", async () => {
    const { status, body } = await call("POST", "/api/auth/register", {
      body: { ...registration(), password_confirmation: "Secret124" },
    });
    expect(status).toBe(422);
    expect(body).toMatchObject({ success: false, errors: { password_confirmation: ["Passwords do not match"] } });
    expect(Object.keys(body.errors)).toEqual(["password_confirmation"]);
  });

  it("lists every bad field of one body at once", async () => {
    const { status, body } = await call("POST", "/api/auth/register", {
      body: { name: "A", email: "not-an-email", password: "weak", password_confirmation: "" },
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      name: ["Name must be at least 2 characters long"],
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 8 characters long"],
      password_confirmation: ["Password confirmation is required"],
    });
  });

  it.each([
    ["malformed JSON", '{"name": "Ann", '],
    ["an empty body", ""],
    ["a JSON array", "[1, 2]"],
    ["a JSON string", '"hello"'],
  ])("answers %s with 422 naming the required fields, never 500", async (_, raw) => {
    const { status, body } = await call("POST", "/api/auth/register", { raw });
    expect(status).toBe(422);
    expect(body).toEqual({
      success: false,
      message: "The given data was invalid.",
      errors: {
        name: ["Name is required"],
        email: ["Email is required"],
        password: ["Password is required"],
        password_confirmation: ["Password confirmation is required"],
      },
    });
  });

  it("never lets the body choose roles", async () => {
    const { status, body } = await call("POST", "/api/auth/register", {
      body: { ...registration(), roles: [{ name: "admin" }], role: "admin", id: 1 },
    });
    expect(status).toBe(201);
    expect(body.data.user.roles).toEqual([{ name: "customer" }]);
    expect(body.data.user.id).not.toBe(1);
  });

  it("allows 20 registrations an hour from one address, then answers 429 with Retry-After", async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      expect((await call("POST", "/api/auth/register", { body: registration(), ip })).status).toBe(201);
    }
    const { status, body, response } = await call("POST", "/api/auth/register", { body: registration(), ip });
    expect(status).toBe(429);
    expect(body).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many registrations from this network\. Please try again in \d+ minutes?\.$/),
    });
    const retryAfter = Number(response.headers.get("Retry-After"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another address can still register.
    expect((await call("POST", "/api/auth/register", { body: registration() })).status).toBe(201);
  });
});

describe("POST /api/auth/login", () => {
  it("logs in with the right password and answers the user and a token", async () => {
    const { email, user } = await register();
    const { status, body } = await loginCall(email.toUpperCase(), "Secret123");
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, message: "Login successful!", data: { user } });
    expect(JSON.stringify(body)).not.toMatch(/password|pbkdf2/i);
    expect((await profileOf(body.data.token)).body.data).toEqual(user);
  });

  it("logs in the seeded admin and customer with their roles", async () => {
    const admin = await loginCall(ADMIN.email, ADMIN.password);
    expect(admin.status).toBe(200);
    expect(admin.body.data.user).toMatchObject({ email: ADMIN.email, roles: [{ name: "admin" }] });
    const customer = await loginCall(CUSTOMER.email, CUSTOMER.password);
    expect(customer.status).toBe(200);
    expect(customer.body.data.user).toMatchObject({ name: "Casey Customer", roles: [{ name: "customer" }] });
  });

  it("answers a wrong password and an unknown email alike: 401 and the same message", async () => {
    const { email } = await register();
    const wrong = await loginCall(email, "Secret124");
    const unknown = await loginCall(newEmail(), "Secret123");
    for (const result of [wrong, unknown]) {
      expect(result.status).toBe(401);
      expect(result.body).toEqual({ success: false, message: LOGIN_FAILED });
    }
  });

  it("answers a body that fails the rules with 422 and field errors", async () => {
    const { status, body } = await call("POST", "/api/auth/login", { body: { email: "nope", password: "short" } });
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 8 characters long"],
    });
    const broken = await call("POST", "/api/auth/login", { raw: "{email:" });
    expect(broken.status).toBe(422);
    expect(broken.body.errors).toEqual({ email: ["Email is required"], password: ["Password is required"] });
  });

  it("after 5 failures for an email answers 429 with a short Retry-After, even for the right password; never a long lock", async () => {
    const { email } = await register();
    for (let i = 0; i < 5; i++) {
      // Each from its own address: it is the email's backoff that stops this.
      expect((await loginCall(email, `Wrong${i}Pass`)).status).toBe(401);
    }
    const { status, body, response } = await loginCall(email, "Secret123");
    expect(status).toBe(429);
    expect(body).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many login attempts\. Please try again in \d+ seconds?\.$/),
    });
    const retryAfter = Number(response.headers.get("Retry-After"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(5 * 60);
    // Another account is not locked out.
    const other = await register();
    expect((await loginCall(other.email, "Secret123")).status).toBe(200);
  });

  it("after 30 failures from one address answers 429 to that address, for any email", async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++) expect((await loginCall(newEmail(), "Wrong1234", ip)).status).toBe(401);
    const { email } = await register();
    const blocked = await loginCall(email, "Secret123", ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many login attempts\./);
    expect(Number(blocked.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await loginCall(email, "Secret123")).status).toBe(200);
  });
});

describe("bearer tokens", () => {
  it("GET /api/v1/auth/profile without a token is 401", async () => {
    expectUnauthenticated(await call("GET", "/api/v1/auth/profile"));
    expectUnauthenticated(
      await call("GET", "/api/v1/auth/profile", { headers: { Authorization: "Bearer not-a-token" } }),
    );
    expectUnauthenticated(
      await call("GET", "/api/v1/auth/profile", { headers: { Authorization: "Basic YWRtaW46QWRtaW4xMjM0" } }),
    );
  });

  it("answers the profile privately: never stored by a shared cache", async () => {
    const { token } = await register();
    const { status, response } = await profileOf(token);
    expect(status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  describe("forged and expired tokens get 401", () => {
    /** A live user's real claims, to re-sign in the ways an attacker would. */
    async function claims() {
      const { token } = await register();
      const { sub, sid } = decodeJwt(token);
      return { sub: sub!, sid: sid as string, token };
    }
    const future = () => Math.floor(Date.now() / 1000) + 3600;
    const sign = (
      c: { sub: string; sid: string },
      { secret = JWT_SECRET, exp = future(), issuer = ISSUER, audience = AUDIENCE } = {},
    ) =>
      new SignJWT({ sid: c.sid })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(c.sub)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));

    it("accepts the same claims signed properly (the control)", async () => {
      const c = await claims();
      expect((await profileOf(await sign(c))).status).toBe(200);
    });

    it("refuses alg none", async () => {
      const c = await claims();
      const part = (value: object) =>
        btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
      const payload = part({ sid: c.sid, sub: c.sub, iss: ISSUER, aud: AUDIENCE, iat: future() - 3600, exp: future() });
      expectUnauthenticated(await profileOf(`${part({ alg: "none", typ: "JWT" })}.${payload}.`));
      expectUnauthenticated(await profileOf(`${part({ alg: "none" })}.${payload}`));
      // Another algorithm, or a header asking for extensions, is refused before any key is used.
      for (const header of [
        { alg: "HS512", typ: "JWT" },
        { alg: "RS256", typ: "JWT" },
        { alg: "HS256", crit: ["exp"] },
        { alg: "HS256", b64: false, crit: ["b64"] },
        {},
      ]) {
        expectUnauthenticated(await profileOf(`${part(header)}.${payload}.${c.token.split(".")[2]}`));
      }
      // Broken parts after a good header are refused too, never a 500.
      const [realHeader] = c.token.split(".");
      for (const broken of [
        `${realHeader}.${payload}.%%%`,
        `${realHeader}.${payload}.${"A".repeat(41)}`,
        `${realHeader}.pay*load.${c.token.split(".")[2]}`,
      ]) {
        expectUnauthenticated(await profileOf(broken));
      }
      // The real header over a forged payload, with the real signature, is refused too.
      const [header, , signature] = c.token.split(".");
      expectUnauthenticated(await profileOf(`${header}.${payload}.${signature}`));
    });

    it("refuses a token signed with another secret", async () => {
      expectUnauthenticated(
        await profileOf(await sign(await claims(), { secret: "someone-elses-secret-0123456789ab" })),
      );
    });

    it("refuses an expired token", async () => {
      expectUnauthenticated(await profileOf(await sign(await claims(), { exp: Math.floor(Date.now() / 1000) - 60 })));
    });

    it("refuses another issuer or audience", async () => {
      const c = await claims();
      expectUnauthenticated(await profileOf(await sign(c, { issuer: "elsewhere" })));
      expectUnauthenticated(await profileOf(await sign(c, { audience: "another-app" })));
    });

    it("refuses a valid signature naming another user than the session's", async () => {
      const c = await claims();
      const admin = await loginCall(ADMIN.email, ADMIN.password);
      const adminId = String(admin.body.data.user.id);
      expectUnauthenticated(await profileOf(await sign({ sub: adminId, sid: c.sid })));
      expectUnauthenticated(await profileOf(await sign({ sub: c.sub, sid: crypto.randomUUID() })));
    });
  });
});

describe("logout", () => {
  it.each(["/api/v1/auth/logout", "/api/auth/logout"])(
    "POST %s ends the token's session, and only that one",
    async (path) => {
      const { email, token } = await register();
      const other = (await loginCall(email, "Secret123")).body.data.token as string;
      const { status, body } = await call("POST", path, { token });
      expect(status).toBe(200);
      expect(body).toEqual({ success: true, message: "Logged out successfully" });
      expectUnauthenticated(await profileOf(token));
      expectUnauthenticated(await call("POST", path, { token }));
      expect((await profileOf(other)).status).toBe(200);
    },
  );

  it("without a token is 401", async () => {
    expectUnauthenticated(await call("POST", "/api/v1/auth/logout"));
  });
});

describe("POST /api/auth/refresh", () => {
  it("answers a working new token and ends the old one", async () => {
    const { token, user } = await register();
    const { status, body } = await call("POST", "/api/auth/refresh", { token });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.user).toEqual(user);
    expect(body.data.token).not.toBe(token);
    expectUnauthenticated(await profileOf(token));
    expect((await profileOf(body.data.token)).body.data).toEqual(user);
  });

  it("without a token is 401", async () => {
    expectUnauthenticated(await call("POST", "/api/auth/refresh"));
  });
});

describe("PUT /api/v1/auth/profile", () => {
  const fields = { name: "Ann Perera", ...KANDY_CONTACT };

  it("saves the profile and answers it (the same email: no password needed, as always)", async () => {
    const { token, user } = await register();
    const { status, body } = await call("PUT", "/api/v1/auth/profile", {
      token,
      body: { ...fields, email: user.email },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, message: "Profile updated successfully", data: { ...user, ...fields } });
    expect((await profileOf(token)).body.data).toEqual(body.data);
  });

  it("ignores roles, id and created_at in the body (no mass assignment)", async () => {
    const { token, user } = await register();
    const { status, body } = await call("PUT", "/api/v1/auth/profile", {
      token,
      body: {
        ...fields,
        email: user.email,
        roles: [{ name: "admin" }],
        role: "admin",
        id: 1,
        user_id: 1,
        created_at: "2000-01-01T00:00:00.000Z",
        password: "Hacked123",
        password_hash: "pbkdf2_sha256$1$AAAA$AAAA",
      },
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({ ...user, ...fields });
    const profile = (await profileOf(token)).body.data;
    expect(profile.roles).toEqual([{ name: "customer" }]);
    expect(profile.id).toBe(user.id);
    expect(profile.created_at).toBe(user.created_at);
    // The password did not change either.
    expect((await loginCall(user.email, "Secret123")).status).toBe(200);
    expect((await loginCall(user.email, "Hacked123")).status).toBe(401);
    // And the admin account is as it was.
    const admin = await loginCall(ADMIN.email, ADMIN.password);
    expect(admin.body.data.user).toMatchObject({ name: ADMIN.name, email: ADMIN.email });
  });

  it("refuses bad fields with 422 and the messages, and changes nothing", async () => {
    const { token, user } = await register();
    const { status, body } = await call("PUT", "/api/v1/auth/profile", {
      token,
      body: {
        name: "A1",
        email: "x",
        phone: "0123",
        address: "1 Rd",
        city: "C",
        state: "St8",
        zip_code: "#",
        country: "ZZ",
      },
    });
    expect(status).toBe(422);
    expect(body).toEqual({
      success: false,
      message: "The given data was invalid.",
      errors: {
        name: ["Name may only contain letters and spaces"],
        email: ["Please enter a valid email address"],
        phone: ["Please enter a valid phone number"],
        address: ["Address must be at least 5 characters long"],
        city: ["City must be at least 2 characters long"],
        state: ["State may only contain letters, spaces, hyphens, apostrophes and periods"],
        zip_code: ["Please enter a valid postal code (3 to 10 letters, digits, spaces or hyphens)"],
        country: ["Please choose a country we deliver to"],
      },
    });
    expect((await profileOf(token)).body.data).toEqual(user);
  });

  it("never reveals that another account has an address: the same answer as a free one, the email unchanged (docs/decisions/021)", async () => {
    const { token, user, password } = await register();
    const taken = await call("PUT", "/api/v1/auth/profile", {
      token,
      body: { name: "Ann Lee", email: CUSTOMER.email, current_password: password },
    });
    const free = newEmail();
    const other = await call("PUT", "/api/v1/auth/profile", {
      token,
      body: { name: "Ann Lee", email: free, current_password: password },
    });
    expect(taken.status).toBe(200);
    expect(other.status).toBe(200);
    expect(taken.body.message.replace(CUSTOMER.email, "X")).toBe(other.body.message.replace(free, "X"));
    expect(taken.body.data.email).toBe(user.email);
    expect(JSON.stringify(taken.body)).not.toContain(EMAIL_TAKEN);
  });

  it("answers malformed JSON with 422, not 500", async () => {
    const { token } = await register();
    const { status, body } = await call("PUT", "/api/v1/auth/profile", { token, raw: '{"name": ' });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ name: ["Name is required"], email: ["Email is required"] });
  });

  it("without a token is 401", async () => {
    expectUnauthenticated(await call("PUT", "/api/v1/auth/profile", { body: { name: "Ann Lee", email: newEmail() } }));
  });
});

describe("PUT /api/v1/auth/password", () => {
  const change = (current: string, next: string, confirmation = next) => ({
    current_password: current,
    new_password: next,
    new_password_confirmation: confirmation,
  });

  it("changes the password: every old token stops working, the new one works", async () => {
    const { email, token } = await register(newEmail(), "OldSecret1");
    const elsewhere = (await loginCall(email, "OldSecret1")).body.data.token as string;
    const { status, body } = await call("PUT", "/api/v1/auth/password", {
      token,
      body: change("OldSecret1", "NewSecret1"),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, message: "Password updated successfully", data: { user: { email } } });
    expect(JSON.stringify(body)).not.toMatch(/pbkdf2|password_hash/i);
    expectUnauthenticated(await profileOf(token));
    expectUnauthenticated(await profileOf(elsewhere));
    expect((await profileOf(body.data.token)).status).toBe(200);
    expect((await loginCall(email, "OldSecret1")).status).toBe(401);
    expect((await loginCall(email, "NewSecret1")).status).toBe(200);
  });

  it("refuses a wrong current password with 422 and the spec's message, and keeps the session", async () => {
    const { email, token } = await register(newEmail(), "OldSecret1");
    const { status, body } = await call("PUT", "/api/v1/auth/password", {
      token,
      body: change("NotMine123", "NewSecret1"),
    });
    expect(status).toBe(422);
    expect(body.success).toBe(false);
    expect(body.message).toBe("Failed to update password. Please check your current password.");
    expect(Object.keys(body.errors)).toEqual(["current_password"]);
    expect((await profileOf(token)).status).toBe(200);
    expect((await loginCall(email, "OldSecret1")).status).toBe(200);
  });

  it.each([
    [change("", "NewSecret1"), { current_password: ["Current password is required"] }],
    [change("OldSecret1", "short1A"), { new_password: ["New password must be at least 8 characters long"] }],
    [
      change("OldSecret1", "nouppercase1"),
      { new_password: ["New password must contain at least one uppercase letter"] },
    ],
    [change("OldSecret1", "NewSecret1", "NewSecret2"), { new_password_confirmation: ["Passwords do not match"] }],
    [change("OldSecret1", "NewSecret1", ""), { new_password_confirmation: ["Password confirmation is required"] }],
  ])("refuses %j with 422: %j", async (input, errors) => {
    const { token } = await register(newEmail(), "OldSecret1");
    const { status, body } = await call("PUT", "/api/v1/auth/password", { token, body: input });
    expect(status).toBe(422);
    expect(body).toEqual({ success: false, message: "The given data was invalid.", errors });
    expect((await profileOf(token)).status).toBe(200);
  });

  it("without a token is 401", async () => {
    expectUnauthenticated(await call("PUT", "/api/v1/auth/password", { body: change("OldSecret1", "NewSecret1") }));
  });
});

describe("calls riding on the browser's session cookie", () => {
  /** A browser logged in with this token, as the login page leaves it. */
  function browser(token: string) {
    const jar = new CookieJar();
    jar.set("session", token);
    return jar;
  }
  const asBrowser = (
    jar: CookieJar,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => call(method, path, { body, headers: { Cookie: jar.header(), ...headers } });

  it("reads with the cookie alone, but a change without the X-CSRF-Token header is 403", async () => {
    const { token, user } = await register();
    const jar = browser(token);
    const read = await asBrowser(jar, "GET", "/api/v1/auth/profile");
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(user);
    const write = await asBrowser(jar, "PUT", "/api/v1/auth/profile", { name: "Mallory Evil", email: user.email });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ success: false, message: "CSRF token mismatch." });
    const wrong = await asBrowser(
      jar,
      "PUT",
      "/api/v1/auth/profile",
      { name: "Mallory Evil", email: user.email },
      { "X-CSRF-Token": "forged" },
    );
    expect(wrong.status).toBe(403);
    for (const path of ["/api/v1/auth/logout", "/api/auth/logout", "/api/auth/refresh"]) {
      expect((await asBrowser(jar, "POST", path)).status).toBe(403);
    }
    expect(
      (
        await asBrowser(jar, "PUT", "/api/v1/auth/password", {
          current_password: "Secret123",
          new_password: "Hacked123",
          new_password_confirmation: "Hacked123",
        })
      ).status,
    ).toBe(403);
    // Nothing changed: the name is the same and the session is alive.
    expect((await profileOf(token)).body.data).toEqual(user);
  });

  it("accepts a change carrying the CSRF token the page puts in its meta tag", async () => {
    const { token, user } = await register();
    const jar = browser(token);
    const csrf = await csrfOf(jar);
    const write = await asBrowser(
      jar,
      "PUT",
      "/api/v1/auth/profile",
      { name: "Ann Perera", email: user.email },
      { "X-CSRF-Token": csrf },
    );
    expect(write.status).toBe(200);
    expect(write.body.data.name).toBe("Ann Perera");
    // Another session's CSRF token does not fit this one.
    const other = browser((await register()).token);
    const misfit = await asBrowser(
      other,
      "PUT",
      "/api/v1/auth/profile",
      { name: "Ann Perera", email: newEmail() },
      { "X-CSRF-Token": csrf },
    );
    expect(misfit.status).toBe(403);
  });

  it("a password change over the cookie moves the cookie to the new session", async () => {
    const { token } = await register(newEmail(), "OldSecret1");
    const jar = browser(token);
    const changed = await asBrowser(
      jar,
      "PUT",
      "/api/v1/auth/password",
      { current_password: "OldSecret1", new_password: "NewSecret1", new_password_confirmation: "NewSecret1" },
      { "X-CSRF-Token": await csrfOf(jar) },
    );
    expect(changed.status).toBe(200);
    expect(changed.response.headers.get("Set-Cookie")).toMatch(/^session=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    jar.store(changed.response);
    expect(jar.get("session")).toBe(changed.body.data.token);
    expect((await asBrowser(jar, "GET", "/api/v1/auth/profile")).status).toBe(200);
    expectUnauthenticated(await asBrowser(browser(token), "GET", "/api/v1/auth/profile"));
  });

  it("a refresh over the cookie moves the cookie to the new session", async () => {
    const { token } = await register();
    const jar = browser(token);
    const refreshed = await asBrowser(jar, "POST", "/api/auth/refresh", undefined, {
      "X-CSRF-Token": await csrfOf(jar),
    });
    expect(refreshed.status).toBe(200);
    jar.store(refreshed.response);
    expect(jar.get("session")).toBe(refreshed.body.data.token);
    expect((await asBrowser(jar, "GET", "/api/v1/auth/profile")).status).toBe(200);
    expectUnauthenticated(await profileOf(token));
  });

  it("a logout over the cookie clears it", async () => {
    const { token } = await register();
    const jar = browser(token);
    const out = await asBrowser(jar, "POST", "/api/v1/auth/logout", undefined, { "X-CSRF-Token": await csrfOf(jar) });
    expect(out.status).toBe(200);
    expect(out.response.headers.get("Set-Cookie")).toMatch(/^session=; .*Max-Age=0/);
    jar.store(out.response);
    expect(jar.get("session")).toBeUndefined();
    expectUnauthenticated(await profileOf(token));
  });

  it("a token client is never sent a cookie", async () => {
    const { token } = await register(newEmail(), "OldSecret1");
    const changed = await call("PUT", "/api/v1/auth/password", {
      token,
      body: { current_password: "OldSecret1", new_password: "NewSecret1", new_password_confirmation: "NewSecret1" },
    });
    expect(changed.status).toBe(200);
    expect(changed.response.headers.get("Set-Cookie")).toBeNull();
    const refreshed = await call("POST", "/api/auth/refresh", { token: changed.body.data.token });
    expect(refreshed.response.headers.get("Set-Cookie")).toBeNull();
    const out = await call("POST", "/api/v1/auth/logout", { token: refreshed.body.data.token });
    expect(out.response.headers.get("Set-Cookie")).toBeNull();
  });

  it("answers 401 to a cookie whose session was logged out", async () => {
    const { token } = await register();
    await call("POST", "/api/v1/auth/logout", { token });
    expectUnauthenticated(await asBrowser(browser(token), "GET", "/api/v1/auth/profile"));
  });
});
