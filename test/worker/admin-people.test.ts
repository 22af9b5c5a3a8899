import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CUSTOMER, OWNER } from "../fixtures/accounts";
import { apiClient, apiToken, csrfOf, loggedIn } from "./fixtures";
import { CookieJar, errorsUnder, postForm, visibleText, visit } from "./helpers";

// Customers and staff (/api/admin/users, /admin/users) and the contact inbox (/api/admin/messages,
// /admin/messages) on the Worker: each call as a guest, a customer, an admin and a super-admin; an
// admin's role change refused; bad input; the session cookie's CSRF header; the pages' forms; and a
// disabled account refused at login with its sessions ended.

const DISABLED = "This account has been disabled. Please contact us.";
const ROLES_NEED_SUPER = "Only a super-admin can change staff roles.";
const LAST_SUPER = "The last super-admin cannot be demoted or disabled.";
const PASSWORD = "Petals2024";

let counter = 0;
const tag = () => `${++counter}-${crypto.randomUUID().slice(0, 8)}`;
const newIp = () => `2001:db8:14:${(counter++).toString(16)}::1`;
const { call } = apiClient(newIp);

let ownerToken: string;
let adminToken: string;
let customerToken: string;
beforeAll(async () => {
  ownerToken = await apiToken(newIp(), OWNER);
  adminToken = await apiToken(newIp(), ADMIN);
  customerToken = await apiToken(newIp(), CUSTOMER);
});

/** A new customer account through the register API: its id, email and token. */
async function newCustomer(name = "Rosa Bloom") {
  const email = `people-${tag()}@example.com`;
  const { status, body } = await call("POST", "/api/auth/register", {
    body: { name, email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(status).toBe(201);
  return { id: body.data.user.id as number, email, name, password: PASSWORD, token: body.data.token as string };
}

/** A contact message through the public API, as a shopper sends it: its id. */
async function newMessage(subject = `Blue roses ${tag()}`) {
  const { status } = await call("POST", "/api/contact/submit", {
    body: {
      name: "Rosa Bloom",
      email: "rosa@example.com",
      subject,
      message: "Do you make bouquets in blue for a wedding?",
    },
  });
  expect(status).toBe(201);
  const row = await env.DB.prepare("SELECT id FROM contact_messages WHERE subject = ?")
    .bind(subject)
    .first<{ id: number }>();
  return { id: row!.id, subject };
}

const idOf = async (email: string) =>
  (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: number }>())!.id;

// ---------------------------------------------------------------- who may call

describe("who may call /api/admin/users and /api/admin/messages", () => {
  const READS = [
    "/api/admin/users",
    "/api/admin/users/1",
    "/api/admin/messages",
    "/api/admin/messages?status=archived",
  ];

  it("refuses a guest (401) and a customer (403), and answers staff with no-store", async () => {
    for (const path of READS) {
      expect((await call("GET", path)).status).toBe(401);
      const customer = await call("GET", path, { token: customerToken });
      expect(customer.status).toBe(403);
      expect(customer.body).toEqual({ success: false, message: "This action is for the shop's staff only." });
      for (const token of [adminToken, ownerToken]) {
        const staff = await call("GET", path, { token });
        expect(staff.status).toBe(200);
        expect(staff.body.success).toBe(true);
        expect(staff.response.headers.get("Cache-Control")).toContain("no-store");
      }
    }
    for (const [path, body] of [
      ["/api/admin/users/1", { disabled: false }],
      ["/api/admin/messages/1", { status: "read" }],
    ] as const) {
      expect((await call("PATCH", path, { body })).status).toBe(401);
      expect((await call("PATCH", path, { body, token: customerToken })).status).toBe(403);
    }
  });
});

// ---------------------------------------------------------------- users

describe("GET /api/admin/users", () => {
  it("lists users newest first, searches by name or email, filters by role, in pages", async () => {
    const rosa = await newCustomer(`Rosa Findme ${tag().replace(/[^a-z]/g, "")}`);
    const { body } = await call("GET", "/api/admin/users", { token: adminToken });
    expect(body.data.data[0]).toMatchObject({
      id: rosa.id,
      email: rosa.email,
      roles: ["customer"],
      disabled: false,
      orders_count: 0,
    });
    expect(body.data).toMatchObject({ current_page: 1, per_page: 20 });

    const found = await call("GET", `/api/admin/users?search=${encodeURIComponent(rosa.name.toUpperCase())}`, {
      token: adminToken,
    });
    expect(found.body.data.data.map((user: { email: string }) => user.email)).toEqual([rosa.email]);
    const supers = await call("GET", "/api/admin/users?role=super-admin", { token: adminToken });
    expect(supers.body.data.data.map((user: { email: string }) => user.email)).toEqual([OWNER.email]);
    const paged = await call("GET", "/api/admin/users?per_page=1&page=2", { token: adminToken });
    expect(paged.body.data).toMatchObject({ current_page: 2, per_page: 1, from: 2, to: 2 });
  });

  it("answers 422 for a bad filter or page", async () => {
    const bad = await call("GET", "/api/admin/users?role=owner&page=0", { token: adminToken });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      role: ["The selected role is invalid."],
      page: ["The page must be at least 1."],
    });
  });
});

describe("GET /api/admin/users/{id}", () => {
  it("answers the user with roles, state and orders; 404 for an unknown or malformed id", async () => {
    const id = await idOf(CUSTOMER.email);
    const { status, body } = await call("GET", `/api/admin/users/${id}`, { token: adminToken });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id,
      email: CUSTOMER.email,
      roles: ["customer"],
      disabled: false,
      disabled_at: null,
    });
    expect(Array.isArray(body.data.orders)).toBe(true);
    expect(body.data).not.toHaveProperty("password_hash");
    for (const path of ["/api/admin/users/999999", "/api/admin/users/abc"]) {
      const missing = await call("GET", path, { token: adminToken });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ success: false, message: "User not found" });
    }
  });
});

describe("PATCH /api/admin/users/{id}", () => {
  it("lets a super-admin grant admin (the customer then reaches the back office) and revoke it", async () => {
    const rosa = await newCustomer();
    expect((await call("GET", "/api/admin/users", { token: rosa.token })).status).toBe(403);
    const granted = await call("PATCH", `/api/admin/users/${rosa.id}`, {
      token: ownerToken,
      body: { roles: ["admin"] },
    });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({
      success: true,
      message: "User updated successfully",
      data: { id: rosa.id, roles: ["customer", "admin"] },
    });
    expect((await call("GET", "/api/admin/users", { token: rosa.token })).status).toBe(200);

    const revoked = await call("PATCH", `/api/admin/users/${rosa.id}`, { token: ownerToken, body: { roles: [] } });
    expect(revoked.body.data.roles).toEqual(["customer"]);
    expect((await call("GET", "/api/admin/users", { token: rosa.token })).status).toBe(403);

    const audit = await call("GET", `/api/admin/audit?entity=user&entity_id=${rosa.id}`, { token: adminToken });
    expect(audit.body.data.data.map((entry: { summary: string }) => entry.summary)).toEqual([
      `Revoked admin: ${rosa.name} (${rosa.email})`,
      `Granted admin: ${rosa.name} (${rosa.email})`,
    ]);
    expect(audit.body.data.data[0].actor.email).toBe(OWNER.email);
  });

  it("refuses an admin's role change with 403, and changes nothing", async () => {
    const rosa = await newCustomer();
    for (const roles of [["admin"], ["super-admin"], []]) {
      const refused = await call("PATCH", `/api/admin/users/${rosa.id}`, { token: adminToken, body: { roles } });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ success: false, message: ROLES_NEED_SUPER });
    }
    const adminId = await idOf(ADMIN.email);
    expect(
      (
        await call("PATCH", `/api/admin/users/${adminId}`, {
          token: adminToken,
          body: { roles: ["admin", "super-admin"] },
        })
      ).status,
    ).toBe(403);
    expect((await call("GET", `/api/admin/users/${rosa.id}`, { token: adminToken })).body.data.roles).toEqual([
      "customer",
    ]);
  });

  it("answers 422 for bad input, naming the fields", async () => {
    const rosa = await newCustomer();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{}, { roles: ["Send roles, disabled or both."] }],
      [{ roles: ["owner"] }, { roles: ["The selected role is invalid."] }],
      [{ roles: "admin,owner" }, { roles: ["The selected role is invalid."] }],
      [{ roles: 3 }, { roles: ["The roles must be a list of roles (customer, admin, super-admin)."] }],
      [{ disabled: "maybe" }, { disabled: ["The disabled field must be true or false."] }],
    ];
    for (const [body, errors] of cases) {
      const bad = await call("PATCH", `/api/admin/users/${rosa.id}`, { token: ownerToken, body });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual(errors);
    }
    const notJson = await call("PATCH", `/api/admin/users/${rosa.id}`, { token: ownerToken, raw: "{not json" });
    expect(notJson.status).toBe(422);
  });

  it("refuses to demote or disable the last super-admin (409), and one's own account", async () => {
    const ownerId = await idOf(OWNER.email);
    for (const body of [{ roles: ["admin"] }, { roles: [] }]) {
      const refused = await call("PATCH", `/api/admin/users/${ownerId}`, { token: ownerToken, body });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ success: false, message: LAST_SUPER });
    }
    const own = await call("PATCH", `/api/admin/users/${ownerId}`, { token: ownerToken, body: { disabled: true } });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe("You cannot disable your own account.");
    // An admin may not touch a staff account at all.
    const staff = await call("PATCH", `/api/admin/users/${ownerId}`, { token: adminToken, body: { disabled: true } });
    expect(staff.status).toBe(403);
    expect(staff.body.message).toBe("Only a super-admin can disable or enable a staff account.");
    expect((await call("GET", `/api/admin/users/${ownerId}`, { token: ownerToken })).body.data).toMatchObject({
      roles: ["super-admin"],
      disabled: false,
    });
  });

  it("lets an admin disable a customer: every token stops at once, login answers 403 with the message; enabling lets them back", async () => {
    const rosa = await newCustomer();
    const disabled = await call("PATCH", `/api/admin/users/${rosa.id}`, {
      token: adminToken,
      body: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.data).toMatchObject({ disabled: true, disabled_at: expect.any(String) });
    expect((await call("GET", "/api/v1/auth/profile", { token: rosa.token })).status).toBe(401);

    const login = await call("POST", "/api/auth/login", { body: { email: rosa.email, password: rosa.password } });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ success: false, message: DISABLED });
    // A wrong password is told nothing more.
    const wrong = await call("POST", "/api/auth/login", { body: { email: rosa.email, password: "Wrong12345" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("Invalid email or password. Please try again.");

    expect(
      (await call("PATCH", `/api/admin/users/${rosa.id}`, { token: adminToken, body: { disabled: false } })).body.data
        .disabled,
    ).toBe(false);
    expect(
      (await call("POST", "/api/auth/login", { body: { email: rosa.email, password: rosa.password } })).status,
    ).toBe(200);
  });

  it("takes the session cookie only with the page's X-CSRF-Token (403 without)", async () => {
    const rosa = await newCustomer();
    const jar = await loggedIn(ADMIN, newIp());
    const patch = (headers: Record<string, string>) =>
      call("PATCH", `/api/admin/users/${rosa.id}`, {
        body: { disabled: true },
        headers: { Cookie: jar.header(), ...headers },
      });
    for (const headers of [{}, { "X-CSRF-Token": "forged" }] as Array<Record<string, string>>) {
      const refused = await patch(headers);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ success: false, message: "CSRF token mismatch." });
    }
    expect((await call("GET", `/api/admin/users/${rosa.id}`, { token: adminToken })).body.data.disabled).toBe(false);
    expect((await patch({ "X-CSRF-Token": await csrfOf(jar) })).status).toBe(200);
  });
});

// ---------------------------------------------------------------- messages

describe("/api/admin/messages", () => {
  it("lists the inbox by status, newest first, with counts; reading changes nothing", async () => {
    const first = await newMessage();
    const second = await newMessage();
    const { body } = await call("GET", "/api/admin/messages?status=unread", { token: adminToken });
    expect(body.data.data.slice(0, 2).map((message: { id: number }) => message.id)).toEqual([second.id, first.id]);
    expect(body.data.data[0]).toMatchObject({
      subject: second.subject,
      status: "unread",
      read_at: null,
      email: "rosa@example.com",
    });
    expect(body.data.counts.unread).toBe(body.data.total);
    const again = await call("GET", "/api/admin/messages?status=unread", { token: adminToken });
    expect(again.body.data.counts).toEqual(body.data.counts);
    const bad = await call("GET", "/api/admin/messages?status=spam", { token: adminToken });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ status: ["The selected status is invalid."] });
  });

  it("PATCH changes the status (read, unread, archived), each change audited; 422 for a bad status, 404 unknown", async () => {
    const { id } = await newMessage();
    const read = await call("PATCH", `/api/admin/messages/${id}`, { token: adminToken, body: { status: "read" } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ success: true, data: { id, status: "read", read_at: expect.any(String) } });
    const archived = await call("PATCH", `/api/admin/messages/${id}`, {
      token: ownerToken,
      body: { status: "archived" },
    });
    expect(archived.body.data.status).toBe("archived");
    const list = await call("GET", "/api/admin/messages?status=archived", { token: adminToken });
    expect(list.body.data.data.map((message: { id: number }) => message.id)).toContain(id);
    const unread = await call("PATCH", `/api/admin/messages/${id}`, { token: adminToken, body: { status: "unread" } });
    expect(unread.body.data).toMatchObject({ status: "unread", read_at: null });

    const audit = await call("GET", `/api/admin/audit?entity=message&entity_id=${id}`, { token: adminToken });
    expect(audit.body.data.data.map((entry: { changes: unknown }) => entry.changes)).toEqual([
      { status: ["archived", "unread"] },
      { status: ["read", "archived"] },
      { status: ["unread", "read"] },
    ]);

    for (const [body, message] of [
      [{}, "The status field is required."],
      [{ status: "spam" }, "The status must be unread, read or archived."],
    ] as const) {
      const bad = await call("PATCH", `/api/admin/messages/${id}`, { token: adminToken, body });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ status: [message] });
    }
    expect(
      (await call("PATCH", "/api/admin/messages/999999", { token: adminToken, body: { status: "read" } })).status,
    ).toBe(404);
  });

  it("takes the session cookie only with the page's X-CSRF-Token", async () => {
    const { id } = await newMessage();
    const jar = await loggedIn(ADMIN, newIp());
    const refused = await call("PATCH", `/api/admin/messages/${id}`, {
      body: { status: "read" },
      headers: { Cookie: jar.header() },
    });
    expect(refused.status).toBe(403);
    const done = await call("PATCH", `/api/admin/messages/${id}`, {
      body: { status: "read" },
      headers: { Cookie: jar.header(), "X-CSRF-Token": await csrfOf(jar) },
    });
    expect(done.status).toBe(200);
  });
});

// ---------------------------------------------------------------- pages

const TOAST = /data-toast-type="(\w+)"[\s\S]*?<\/div>/;

/** Follows the post's redirect as the browser would: the page and its toast. */
async function after(jar: CookieJar, response: Response) {
  expect(response.status).toBe(302);
  const page = await visit(jar, response.headers.get("Location")!);
  expect(page.status).toBe(200);
  return visibleText(await page.text());
}

describe("the users pages", () => {
  it("keep a guest and a customer out of /admin/users and a user's page", async () => {
    const id = await idOf(CUSTOMER.email);
    for (const path of ["/admin/users", `/admin/users/${id}`]) {
      const guest = await visit(new CookieJar(), path);
      expect(guest.status).toBe(302);
      expect(guest.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      const customer = await visit(await loggedIn(CUSTOMER, newIp()), path);
      expect(customer.headers.get("Location")).toBe("/");
    }
    const forged = await postForm(await loggedIn(CUSTOMER, newIp()), `/admin/users/${id}`, { intent: "disable" });
    expect(forged.status).toBe(302);
    expect(forged.headers.get("Location")).toBe("/");
    expect((await call("GET", `/api/admin/users/${id}`, { token: adminToken })).body.data.disabled).toBe(false);
  });

  it("list and search users with a GET form, showing roles, orders, joined and state", async () => {
    const rosa = await newCustomer("Rosa Listed");
    const jar = await loggedIn(ADMIN, newIp());
    const page = await visit(jar, `/admin/users?search=${encodeURIComponent(rosa.email)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    const html = await page.text();
    expect(html).toMatch(/<h1 id="admin-title"[^>]*>Customers<\/h1>/);
    expect(html).toContain(`href="/admin/users/${rosa.id}"`);
    const text = visibleText(html);
    expect(text).toContain("Showing 1–1 of 1 user");
    expect(text).toMatch(/Rosa Listed .*Customer 0 .* Active/);
    const bad = await (await visit(jar, "/admin/users?role=owner")).text();
    expect(errorsUnder(bad, "user-role")).toBe("The selected role is invalid.");
  });

  it("show an admin a user's page with roles read-only; a forged role change is refused with the message", async () => {
    const rosa = await newCustomer();
    const jar = await loggedIn(ADMIN, newIp());
    const html = await (await visit(jar, `/admin/users/${rosa.id}`)).text();
    const text = visibleText(html);
    expect(text).toContain("Only a super-admin can change staff roles.");
    expect(html).not.toContain('name="role_admin"');
    expect(text).toContain("Disable account");
    expect(text).toContain("No orders yet.");

    const forged = await postForm(jar, `/admin/users/${rosa.id}`, { intent: "roles", role_admin: "on" });
    expect(await after(jar, forged)).toContain(ROLES_NEED_SUPER);
    expect((await call("GET", `/api/admin/users/${rosa.id}`, { token: adminToken })).body.data.roles).toEqual([
      "customer",
    ]);
  });

  it("let a super-admin grant and revoke admin with the roles form, and show the audit entries", async () => {
    const rosa = await newCustomer("Rosa Promoted");
    const jar = await loggedIn(OWNER, newIp());
    const form = await (await visit(jar, `/admin/users/${rosa.id}`)).text();
    expect(form).toMatch(/<input type="checkbox" name="role_admin"/);
    expect(form).toMatch(/<input type="checkbox" name="role_super-admin"/);

    const granted = await after(
      jar,
      await postForm(jar, `/admin/users/${rosa.id}`, { intent: "roles", role_admin: "on" }),
    );
    expect(granted).toContain("Roles saved: Rosa Promoted now has Customer, Admin.");
    expect(granted).toContain(`Granted admin: Rosa Promoted (${rosa.email})`);
    const revoked = await after(jar, await postForm(jar, `/admin/users/${rosa.id}`, { intent: "roles" }));
    expect(revoked).toContain("Roles saved: Rosa Promoted now has Customer.");
    expect(revoked).toContain(`Revoked admin: Rosa Promoted (${rosa.email})`);

    // The last super-admin: refused, with the reason.
    const ownerId = await idOf(OWNER.email);
    const last = await after(
      jar,
      await postForm(jar, `/admin/users/${ownerId}`, { intent: "roles", role_admin: "on" }),
    );
    expect(last).toContain(LAST_SUPER);
  });

  it("let an admin disable a customer: their open session ends, and logging in shows the clear message", async () => {
    const rosa = await newCustomer();
    const shopper = await loggedIn(rosa, newIp());
    expect((await visit(shopper, "/profile")).status).toBe(200);

    const jar = await loggedIn(ADMIN, newIp());
    const done = await after(jar, await postForm(jar, `/admin/users/${rosa.id}`, { intent: "disable" }));
    expect(done).toContain(`${rosa.name}'s account is disabled and their sessions have ended.`);
    expect(done).toContain("Enable account");
    expect(done).toContain("Disabled since");

    // The shopper's browser: the session is gone.
    const profile = await visit(shopper, "/profile");
    expect(profile.status).toBe(302);
    expect(profile.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");

    const refused = await postForm(
      new CookieJar(),
      "/login",
      { email: rosa.email, password: rosa.password },
      { "CF-Connecting-IP": newIp() },
    );
    expect(refused.status).toBe(403);
    const html = await refused.text();
    expect(visibleText(html)).toContain(DISABLED);
    expect(html).toMatch(/data-toast-type="error"/);
    expect(html).toContain('role="alert"');

    const enabled = await after(jar, await postForm(jar, `/admin/users/${rosa.id}`, { intent: "enable" }));
    expect(enabled).toContain(`${rosa.name}'s account is enabled again.`);
    expect(
      (
        await postForm(
          new CookieJar(),
          "/login",
          { email: rosa.email, password: rosa.password },
          { "CF-Connecting-IP": newIp() },
        )
      ).status,
    ).toBe(302);
  });

  it("do not let an admin disable staff or anyone disable themselves", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const ownerPage = visibleText(await (await visit(jar, `/admin/users/${await idOf(OWNER.email)}`)).text());
    expect(ownerPage).toContain("Only a super-admin can disable or enable a staff account.");
    expect(ownerPage).not.toContain("Disable account");
    const forged = await after(
      jar,
      await postForm(jar, `/admin/users/${await idOf(OWNER.email)}`, { intent: "disable" }),
    );
    expect(forged).toContain("Only a super-admin can disable or enable a staff account.");

    const owner = await loggedIn(OWNER, newIp());
    const ownId = await idOf(OWNER.email);
    expect(visibleText(await (await visit(owner, `/admin/users/${ownId}`)).text())).toContain(
      "You cannot disable your own account.",
    );
    expect(await after(owner, await postForm(owner, `/admin/users/${ownId}`, { intent: "disable" }))).toContain(
      "You cannot disable your own account.",
    );
  });

  it("answer 404 for an unknown user", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const missing = await visit(jar, "/admin/users/999999");
    expect(missing.status).toBe(404);
    expect(visibleText(await missing.text())).toContain("User not found");
  });
});

describe("the messages pages", () => {
  it("show the Unread tab with counts; a GET of a message changes nothing; Open marks it read", async () => {
    const { id, subject } = await newMessage();
    const jar = await loggedIn(ADMIN, newIp());
    const inbox = await (await visit(jar, "/admin/messages")).text();
    expect(inbox).toMatch(/<h1 id="admin-title"[^>]*>Messages<\/h1>/);
    expect(visibleText(inbox)).toMatch(/Unread \(\d+\) Read \(\d+\) Archived \(\d+\)/);
    expect(inbox).toContain(`action="/admin/messages/${id}"`);

    // Looking at the message's address is a GET: it stays unread.
    const looked = visibleText(await (await visit(jar, `/admin/messages/${id}`)).text());
    expect(looked).toContain(subject);
    expect(looked).toContain("Mark as read");
    const status = async () =>
      (await env.DB.prepare("SELECT status FROM contact_messages WHERE id = ?").bind(id).first<{ status: string }>())!
        .status;
    expect(await status()).toBe("unread");

    const opened = await postForm(jar, `/admin/messages/${id}`, { intent: "open" });
    expect(opened.headers.get("Location")).toBe(`/admin/messages/${id}`);
    const page = await (await visit(jar, `/admin/messages/${id}`)).text();
    expect(await status()).toBe("read");
    expect(visibleText(page)).toContain("Do you make bouquets in blue for a wedding?");
    expect(page).toContain(`href="mailto:rosa@example.com?subject=${encodeURIComponent(`Re: ${subject}`)}"`);
    expect(visibleText(page)).toContain("Mark unread");
    expect(visibleText(await (await visit(jar, "/admin/messages?status=read")).text())).toContain(subject);
  });

  it("mark a message unread, archive and restore it with the page's forms, each with a toast", async () => {
    const { id, subject } = await newMessage();
    const jar = await loggedIn(ADMIN, newIp());
    await postForm(jar, `/admin/messages/${id}`, { intent: "open" });
    expect(
      await after(jar, await postForm(jar, `/admin/messages/${id}`, { intent: "status", status: "unread" })),
    ).toContain("Message marked as unread.");
    const archived = await postForm(jar, `/admin/messages/${id}`, { intent: "status", status: "archived" });
    expect(archived.headers.get("Location")).toBe("/admin/messages");
    expect(await after(jar, archived)).toContain("Message archived.");
    expect(visibleText(await (await visit(jar, "/admin/messages?status=archived")).text())).toContain(subject);
    expect(
      await after(
        jar,
        await postForm(jar, `/admin/messages/${id}`, { intent: "status", status: "read", restore: "1" }),
      ),
    ).toContain("Message restored.");

    const bad = await postForm(jar, `/admin/messages/${id}`, { intent: "status", status: "spam" });
    expect(bad.status).toBe(422);
    const html = await bad.text();
    expect(visibleText(html)).toContain("The status must be unread, read or archived.");
    expect(html).toMatch(TOAST);
  });

  it("keep a customer out, and answer 404 for an unknown message", async () => {
    const { id } = await newMessage();
    const customer = await loggedIn(CUSTOMER, newIp());
    expect((await visit(customer, "/admin/messages")).headers.get("Location")).toBe("/");
    expect((await postForm(customer, `/admin/messages/${id}`, { intent: "open" })).headers.get("Location")).toBe("/");
    expect(
      (await env.DB.prepare("SELECT status FROM contact_messages WHERE id = ?").bind(id).first<{ status: string }>())!
        .status,
    ).toBe("unread");
    const jar = await loggedIn(ADMIN, newIp());
    expect((await visit(jar, "/admin/messages/999999")).status).toBe(404);
  });
});
