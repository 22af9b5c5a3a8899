import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, OWNER } from "../fixtures/accounts";
import { apiClient, apiToken, loggedIn } from "./fixtures";
import { postForm, visibleText, visit, type CookieJar } from "./helpers";

// Security review, finding 7: what GET /api/admin/users/{id} shows, PATCH accepts (`customer` among
// the roles), and who may ask is checked before what is asked: an admin (not a super-admin) gets 403
// for any role change or any change to a staff account, whatever the body, never a 422.

const ROLES_NEED_SUPER = "Only a super-admin can change staff roles.";
const STAFF_NEEDS_SUPER = "Only a super-admin can disable or enable a staff account.";
const PASSWORD = "Petals2024";

let counter = 0;
const newIp = () => `2001:db8:26:7::${(counter++).toString(16)}`;
const { call } = apiClient(newIp);

let ownerToken: string;
let adminToken: string;
beforeAll(async () => {
  ownerToken = await apiToken(newIp(), OWNER);
  adminToken = await apiToken(newIp(), ADMIN);
});

async function newCustomer() {
  const email = `authz-${++counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { status, body } = await call("POST", "/api/auth/register", {
    body: { name: "Iris Petal", email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(status).toBe(201);
  return { id: body.data.user.id as number, email };
}

const idOf = async (email: string) =>
  (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: number }>())!.id;

describe("PATCH /api/admin/users/{id} takes what GET shows", () => {
  it("accepts the roles GET answered, plus admin, and keeps the customer role", async () => {
    const iris = await newCustomer();
    const shown = await call("GET", `/api/admin/users/${iris.id}`, { token: ownerToken });
    expect(shown.body.data.roles).toEqual(["customer"]);

    const granted = await call("PATCH", `/api/admin/users/${iris.id}`, {
      token: ownerToken,
      body: { roles: [...shown.body.data.roles, "admin"] },
    });
    expect(granted.status).toBe(200);
    expect(granted.body.data.roles).toEqual(["customer", "admin"]);

    // Sent back exactly as GET now shows it: nothing changes, still 200.
    const again = await call("GET", `/api/admin/users/${iris.id}`, { token: ownerToken });
    const same = await call("PATCH", `/api/admin/users/${iris.id}`, {
      token: ownerToken,
      body: { roles: again.body.data.roles },
    });
    expect(same.status).toBe(200);
    expect(same.body.data.roles).toEqual(["customer", "admin"]);

    // Leaving `customer` out never takes it away: only staff roles change here.
    const revoked = await call("PATCH", `/api/admin/users/${iris.id}`, {
      token: ownerToken,
      body: { roles: ["customer"] },
    });
    expect(revoked.body.data.roles).toEqual(["customer"]);
    expect(
      (await call("PATCH", `/api/admin/users/${iris.id}`, { token: ownerToken, body: { roles: [] } })).body.data.roles,
    ).toEqual(["customer"]);
  });

  it("still answers a super-admin 422 for a role that does not exist", async () => {
    const iris = await newCustomer();
    const bad = await call("PATCH", `/api/admin/users/${iris.id}`, {
      token: ownerToken,
      body: { roles: ["customer", "owner"] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ roles: ["The selected role is invalid."] });
  });
});

describe("PATCH /api/admin/users/{id} checks who asks before what is asked", () => {
  it("answers an admin's role change 403, valid or not, and changes nothing", async () => {
    const iris = await newCustomer();
    for (const roles of [["customer", "admin"], ["owner"], 3, "admin,owner", null, [], ["customer"]]) {
      const refused = await call("PATCH", `/api/admin/users/${iris.id}`, { token: adminToken, body: { roles } });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ success: false, message: ROLES_NEED_SUPER });
    }
    const both = await call("PATCH", `/api/admin/users/${iris.id}`, {
      token: adminToken,
      body: { roles: ["admin"], disabled: "maybe" },
    });
    expect(both.status).toBe(403);
    expect((await call("GET", `/api/admin/users/${iris.id}`, { token: ownerToken })).body.data.roles).toEqual([
      "customer",
    ]);
  });

  it("answers an admin 403 for any change to a staff account, even a malformed one", async () => {
    const ownerId = await idOf(OWNER.email);
    for (const body of [{ disabled: true }, { disabled: "maybe" }, {}]) {
      const refused = await call("PATCH", `/api/admin/users/${ownerId}`, { token: adminToken, body });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ success: false, message: STAFF_NEEDS_SUPER });
    }
    const notJson = await call("PATCH", `/api/admin/users/${ownerId}`, { token: adminToken, raw: "{not json" });
    expect(notJson.status).toBe(403);
  });

  it("still lets an admin disable a customer, and answers an admin's bad input about a customer 422", async () => {
    const iris = await newCustomer();
    const bad = await call("PATCH", `/api/admin/users/${iris.id}`, { token: adminToken, body: { disabled: "maybe" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ disabled: ["The disabled field must be true or false."] });
    const disabled = await call("PATCH", `/api/admin/users/${iris.id}`, {
      token: adminToken,
      body: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.data.disabled).toBe(true);
  });
});

describe("the user's page /admin/users/{id}", () => {
  const TOAST = /data-toast-type="(\w+)"/;
  async function after(jar: CookieJar, response: Response) {
    expect(response.status).toBe(302);
    const page = await visit(jar, response.headers.get("Location")!);
    const html = await page.text();
    return { type: TOAST.exec(html)?.[1], text: visibleText(html) };
  }

  it("refuses an admin's forged roles post with the message, before anything else", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const ownerId = await idOf(OWNER.email);
    const iris = await newCustomer();
    for (const id of [iris.id, ownerId]) {
      const shown = await after(
        jar,
        await postForm(jar, `/admin/users/${id}`, { intent: "roles", role_admin: "on", role_owner: "on" }),
      );
      expect(shown.type).toBe("error");
      expect(shown.text).toContain(ROLES_NEED_SUPER);
    }
    expect((await call("GET", `/api/admin/users/${iris.id}`, { token: ownerToken })).body.data.roles).toEqual([
      "customer",
    ]);
  });

  it("lets a super-admin save the roles form: the customer role stays", async () => {
    const jar = await loggedIn(OWNER, newIp());
    const iris = await newCustomer();
    const saved = await after(
      jar,
      await postForm(jar, `/admin/users/${iris.id}`, { intent: "roles", role_admin: "on" }),
    );
    expect(saved.type).toBe("success");
    expect(saved.text).toContain("now has Customer, Admin");
  });
});
