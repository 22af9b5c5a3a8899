import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { LoginSchema } from "~/lib/schemas/account";
import { MessageListQuerySchema, UserListQuerySchema, UserUpdateSchema } from "~/lib/schemas/admin-people";
import { listAudit } from "../../app/services/audit.server";
import { getMessage, listMessages, openMessage, setMessageStatus } from "~/services/admin/messages.server";
import {
  getAdminUser,
  getAdminUserPage,
  listUsers,
  updateUser,
  USER_MESSAGES,
  type StaffActor,
} from "~/services/admin/users.server";
import {
  ACCOUNT_DISABLED_MESSAGE,
  AccountDisabledError,
  authenticateToken,
  login,
  registerUser,
} from "~/services/auth.server";
import { submitContactMessage } from "~/services/contact.server";
import { ConflictError, ForbiddenError, NotFoundError } from "~/services/errors";
import { ADMIN, CUSTOMER, OWNER } from "../fixtures/accounts";
import { createTestDb, type TestDb } from "./db";
import { rejection } from "./fixtures";

// Customers and staff (roles, disabling) and the contact inbox, against a real libSQL database.

const env = { ENVIRONMENT: "test" } as Env;
const PASSWORD = "Secret123";

let counter = 0;
const unique = (what: string) => `${what}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

async function idOf(t: TestDb, email: string): Promise<number> {
  const row = (await t.client.execute({ sql: "SELECT id FROM users WHERE email = ?", args: [email] })).rows[0];
  if (!row) throw new Error(`no user ${email}`);
  return Number(row.id);
}

async function staff(t: TestDb, account: { email: string; name: string }, superAdmin: boolean): Promise<StaffActor> {
  return { id: await idOf(t, account.email), name: account.name, email: account.email, superAdmin };
}

/** A new customer, logged in: their id, email and token. */
async function newCustomer(t: TestDb, name = "Rosa Bloom") {
  const email = `${unique("shopper")}@example.com`;
  const auth = await registerUser(t.db, env, { name, email, password: PASSWORD }, unique("client"));
  return { id: auth.user.id, email, name, token: auth.token };
}

const update = (input: Record<string, unknown>) => UserUpdateSchema.parse(input);
const rolesOf = async (t: TestDb, id: number) => (await getAdminUser(t.db, id))!.roles;

/** Staff audit entries about one user, newest first. */
const auditOf = async (t: TestDb, entity: string, id: number) =>
  (await listAudit(t.db, { entity, entity_id: String(id), page: 1, per_page: 50 })).data;

describe("listing and reading users", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });

  it("lists users newest first, searched by name or email, filtered by role, with roles and order counts", async () => {
    const rosa = await newCustomer(t, "Rosa Searchable");
    const all = await listUsers(t.db, UserListQuerySchema.parse({}));
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.data[0]!.email).toBe(rosa.email);
    expect(all.data[0]).toMatchObject({
      name: "Rosa Searchable",
      roles: ["customer"],
      disabled: false,
      orders_count: 0,
    });

    const byName = await listUsers(t.db, UserListQuerySchema.parse({ search: "searchable" }));
    expect(byName.data.map((user) => user.email)).toEqual([rosa.email]);
    const byEmail = await listUsers(t.db, UserListQuerySchema.parse({ search: "OWNER@twistbloom" }));
    expect(byEmail.data.map((user) => user.email)).toEqual([OWNER.email]);

    const superAdmins = await listUsers(t.db, UserListQuerySchema.parse({ role: "super-admin" }));
    expect(superAdmins.data.map((user) => user.email)).toEqual([OWNER.email]);
    const admins = await listUsers(t.db, UserListQuerySchema.parse({ role: "admin" }));
    expect(admins.data.map((user) => user.email)).toEqual([ADMIN.email]);
    const customers = await listUsers(t.db, UserListQuerySchema.parse({ role: "customer" }));
    expect(customers.data.map((user) => user.email)).toContain(CUSTOMER.email);
    expect(customers.data.map((user) => user.email)).not.toContain(ADMIN.email);

    const paged = await listUsers(t.db, UserListQuerySchema.parse({ per_page: "2", page: "2" }));
    expect(paged).toMatchObject({ current_page: 2, per_page: 2, from: 3 });
  });

  it("reads one user with their orders, and nothing for an unknown id", async () => {
    const customerId = await idOf(t, CUSTOMER.email);
    const user = await getAdminUser(t.db, customerId);
    expect(user).toMatchObject({ id: customerId, email: CUSTOMER.email, roles: ["customer"], disabled: false });
    expect(user!.orders.length).toBe(user!.orders_count);
    expect(await getAdminUser(t.db, 999_999)).toBeNull();
    expect(await getAdminUserPage(t.db, 999_999)).toBeNull();
  });
});

describe("changing roles", () => {
  let t: TestDb;
  let owner: StaffActor;
  let admin: StaffActor;
  beforeAll(async () => {
    t = await createTestDb();
    owner = await staff(t, OWNER, true);
    admin = await staff(t, ADMIN, false);
  });

  it("lets a super-admin grant and revoke admin, keeping the customer role, with an audit entry each time", async () => {
    const rosa = await newCustomer(t);
    const granted = await updateUser(t.db, owner, rosa.id, update({ roles: ["admin"] }));
    expect(granted.roles).toEqual(["customer", "admin"]);
    const revoked = await updateUser(t.db, owner, rosa.id, update({ roles: [] }));
    expect(revoked.roles).toEqual(["customer"]);
    const audit = await auditOf(t, "user", rosa.id);
    expect(audit.map((entry) => entry.summary)).toEqual([
      `Revoked admin: ${rosa.name} (${rosa.email})`,
      `Granted admin: ${rosa.name} (${rosa.email})`,
    ]);
    expect(audit[1]).toMatchObject({
      actor: { id: owner.id, name: OWNER.name, email: OWNER.email },
      entity: "user",
      changes: { roles: ["none", "admin"] },
    });
  });

  it("refuses any role change from an admin (403), and writes nothing", async () => {
    const rosa = await newCustomer(t);
    const error = await rejection(updateUser(t.db, admin, rosa.id, update({ roles: ["admin"] })));
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error.message).toBe(USER_MESSAGES.rolesNeedSuperAdmin);
    expect(await rolesOf(t, rosa.id)).toEqual(["customer"]);
    expect(await auditOf(t, "user", rosa.id)).toEqual([]);
  });

  it("answers 404 for an unknown user", async () => {
    expect(await rejection(updateUser(t.db, owner, 999_999, update({ disabled: true })))).toBeInstanceOf(NotFoundError);
  });

  it("changes nothing and records nothing when the roles asked for are the ones the user has", async () => {
    const rosa = await newCustomer(t);
    expect((await updateUser(t.db, owner, rosa.id, update({ roles: [], disabled: false }))).roles).toEqual([
      "customer",
    ]);
    expect(await auditOf(t, "user", rosa.id)).toEqual([]);
  });
});

describe("the last super-admin", () => {
  let t: TestDb;
  let owner: StaffActor;
  // A fresh shop for each test: the owner its only super-admin.
  beforeEach(async () => {
    t = await createTestDb();
    owner = await staff(t, OWNER, true);
  });

  it("cannot be demoted or disabled (409), by themselves or anyone", async () => {
    const demoted = await rejection(updateUser(t.db, owner, owner.id, update({ roles: ["admin"] })));
    expect(demoted).toBeInstanceOf(ConflictError);
    expect(demoted.message).toBe(USER_MESSAGES.lastSuperAdmin);
    expect(await rolesOf(t, owner.id)).toEqual(["super-admin"]);

    // A second super-admin may try to disable or demote the owner... once the owner is the last one.
    const rosa = await newCustomer(t);
    await updateUser(t.db, owner, rosa.id, update({ roles: ["super-admin"] }));
    const second: StaffActor = { id: rosa.id, name: rosa.name, email: rosa.email, superAdmin: true };
    await updateUser(t.db, second, owner.id, update({ roles: ["admin"] }));
    expect(await rolesOf(t, owner.id)).toEqual(["admin"]);
    const disabled = await rejection(updateUser(t.db, owner, rosa.id, update({ disabled: true })));
    expect(disabled).toBeInstanceOf(ConflictError);
    expect(disabled.message).toBe(USER_MESSAGES.lastSuperAdmin);
    expect((await getAdminUser(t.db, rosa.id))!.disabled).toBe(false);

    // The shop ends as it began: the owner a super-admin again, the other one a customer.
    await updateUser(t.db, second, owner.id, update({ roles: ["super-admin"] }));
    await updateUser(t.db, owner, rosa.id, update({ roles: [] }));
    expect(await rolesOf(t, owner.id)).toEqual(["super-admin"]);
  });

  it("survives two super-admins demoting each other at the same moment: one wins, the other is refused (409)", async () => {
    const rosa = await newCustomer(t);
    await updateUser(t.db, owner, rosa.id, update({ roles: ["super-admin"] }));
    const second: StaffActor = { id: rosa.id, name: rosa.name, email: rosa.email, superAdmin: true };

    // Both read the state (two super-admins) before either writes: only the batch's SQL guard can
    // tell the second writer that it would leave none.
    const racing = gateFirstReads(t.db, 2);
    const results = await Promise.allSettled([
      updateUser(racing, owner, rosa.id, update({ roles: [] })),
      updateUser(racing, second, owner.id, update({ roles: [] })),
    ]);
    const refused = results.filter((result) => result.status === "rejected");
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const reason = (refused[0] as PromiseRejectedResult).reason as Error;
    expect(reason).toBeInstanceOf(ConflictError);
    expect(reason.message).toBe(USER_MESSAGES.lastSuperAdmin);

    const superAdmins = await listUsers(t.db, UserListQuerySchema.parse({ role: "super-admin" }));
    expect(superAdmins.total).toBe(1);
    // Only the change that was made is in the audit log.
    const entries = [...(await auditOf(t, "user", owner.id)), ...(await auditOf(t, "user", rosa.id))].filter((entry) =>
      entry.summary.startsWith("Revoked super-admin"),
    );
    expect(entries).toHaveLength(1);
  });

  it("survives a super-admin disabled while they demote the other one", async () => {
    const rosa = await newCustomer(t);
    await updateUser(t.db, owner, rosa.id, update({ roles: ["super-admin"] }));
    const second: StaffActor = { id: rosa.id, name: rosa.name, email: rosa.email, superAdmin: true };
    const racing = gateFirstReads(t.db, 2);
    const results = await Promise.allSettled([
      updateUser(racing, owner, rosa.id, update({ disabled: true })),
      updateUser(racing, second, owner.id, update({ roles: [] })),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const enabledSuperAdmins = (
      await t.client.execute(
        `SELECT count(*) AS n FROM user_roles ur JOIN roles r ON r.id = ur.role_id JOIN users u ON u.id = ur.user_id WHERE r.name = 'super-admin' AND u.disabled_at IS NULL`,
      )
    ).rows[0]!.n;
    expect(Number(enabledSuperAdmins)).toBe(1);
  });
});

/**
 * The database as two concurrent requests see it: the first `count` batches (each request's read)
 * all finish before any of them is answered, so every request decides on the same state.
 */
function gateFirstReads(db: Database, count: number): Database {
  let waiting = count;
  let release!: () => void;
  const allRead = new Promise<void>((resolve) => (release = resolve));
  const gated = Object.create(db) as Database;
  gated.batch = (async (statements: Parameters<Database["batch"]>[0]) => {
    const result = await db.batch(statements);
    if (waiting > 0) {
      waiting -= 1;
      if (waiting === 0) release();
      await allRead;
    }
    return result;
  }) as unknown as Database["batch"];
  return gated;
}

describe("disabling an account", () => {
  let t: TestDb;
  let owner: StaffActor;
  let admin: StaffActor;
  beforeAll(async () => {
    t = await createTestDb();
    owner = await staff(t, OWNER, true);
    admin = await staff(t, ADMIN, false);
  });

  it("lets an admin disable a customer: every session ends at once and logging in is refused with the message", async () => {
    const rosa = await newCustomer(t);
    const second = await login(
      t.db,
      env,
      LoginSchema.parse({ email: rosa.email, password: PASSWORD }),
      unique("client"),
    );
    expect(await authenticateToken(t.db, env, rosa.token)).not.toBeNull();

    const disabled = await updateUser(t.db, admin, rosa.id, update({ disabled: true }));
    expect(disabled).toMatchObject({ disabled: true, roles: ["customer"] });
    expect(disabled.disabled_at).toEqual(expect.any(String));
    expect(await authenticateToken(t.db, env, rosa.token)).toBeNull();
    expect(await authenticateToken(t.db, env, second.token)).toBeNull();
    const open = await t.client.execute({
      sql: "SELECT count(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NULL",
      args: [rosa.id],
    });
    expect(Number(open.rows[0]!.n)).toBe(0);

    const refused = await rejection(
      login(t.db, env, LoginSchema.parse({ email: rosa.email, password: PASSWORD }), unique("client")),
    );
    expect(refused).toBeInstanceOf(AccountDisabledError);
    expect(refused.message).toBe(ACCOUNT_DISABLED_MESSAGE);
    expect(refused.message).toBe("This account has been disabled. Please contact us.");
    // A wrong password learns nothing about the account.
    const wrong = await rejection(
      login(t.db, env, LoginSchema.parse({ email: rosa.email, password: "Wrong1234" }), unique("client")),
    );
    expect(wrong.message).toBe("Invalid email or password. Please try again.");

    const [entry] = await auditOf(t, "user", rosa.id);
    expect(entry).toMatchObject({
      summary: `Disabled the account (its sessions ended): ${rosa.name} (${rosa.email})`,
      changes: { disabled: [false, true] },
    });

    // Enabled again, the account logs in (its old sessions stay ended).
    expect((await updateUser(t.db, admin, rosa.id, update({ disabled: false }))).disabled).toBe(false);
    expect(await authenticateToken(t.db, env, rosa.token)).toBeNull();
    const back = await login(t.db, env, LoginSchema.parse({ email: rosa.email, password: PASSWORD }), unique("client"));
    expect(await authenticateToken(t.db, env, back.token)).not.toBeNull();
  });

  it("keeps a staff account's state for a super-admin to change (403 for an admin)", async () => {
    const error = await rejection(updateUser(t.db, admin, owner.id, update({ disabled: true })));
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error.message).toBe(USER_MESSAGES.staffNeedsSuperAdmin);

    const rosa = await newCustomer(t);
    await updateUser(t.db, owner, rosa.id, update({ roles: ["admin"] }));
    expect(await rejection(updateUser(t.db, admin, rosa.id, update({ disabled: true })))).toBeInstanceOf(
      ForbiddenError,
    );
    expect((await updateUser(t.db, owner, rosa.id, update({ disabled: true }))).disabled).toBe(true);
    expect(await updateUser(t.db, owner, rosa.id, update({ disabled: false, roles: [] }))).toMatchObject({
      disabled: false,
      roles: ["customer"],
    });
  });

  it("refuses to disable one's own account (409)", async () => {
    const error = await rejection(updateUser(t.db, admin, admin.id, update({ disabled: true })));
    expect(error).toBeInstanceOf(ForbiddenError); // an admin is staff: only a super-admin changes that
    const own = await rejection(updateUser(t.db, owner, owner.id, update({ disabled: true })));
    expect(own).toBeInstanceOf(ConflictError);
    expect(own.message).toBe(USER_MESSAGES.notYourself);
    expect((await getAdminUser(t.db, owner.id))!.disabled).toBe(false);
  });
});

describe("the contact inbox", () => {
  let t: TestDb;
  let admin: StaffActor;
  beforeAll(async () => {
    t = await createTestDb();
    admin = await staff(t, ADMIN, false);
  });

  const send = (subject: string) =>
    submitContactMessage(
      t.db,
      { name: "Rosa Bloom", email: "rosa@example.com", subject, message: "Do you make bouquets in blue?" },
      unique("client"),
    );

  it("lists messages by status, newest first, with the count of each status; reading changes nothing", async () => {
    const before = (await listMessages(t.db, MessageListQuerySchema.parse({}))).counts;
    const first = await send(unique("First"));
    const second = await send(unique("Second"));
    const unread = await listMessages(t.db, MessageListQuerySchema.parse({ status: "unread" }));
    expect(unread.data.slice(0, 2).map((message) => message.id)).toEqual([second.id, first.id]);
    expect(unread.counts.unread).toBe(before.unread + 2);
    expect(unread.total).toBe(unread.counts.unread);

    const shown = await getMessage(t.db, first.id);
    expect(shown!.message).toMatchObject({ id: first.id, status: "unread", read_at: null, email: "rosa@example.com" });
    expect((await getMessage(t.db, first.id))!.message.status).toBe("unread");
    expect(await getMessage(t.db, 999_999)).toBeNull();
  });

  it("opens a message as read, once, then marks it unread, archives and restores it, each change audited", async () => {
    const { id } = await send(unique("Open me"));
    const opened = await openMessage(t.db, admin, id);
    expect(opened.status).toBe("read");
    expect(opened.read_at).toEqual(expect.any(String));
    // Opening again, or marking it read again, records nothing more.
    await openMessage(t.db, admin, id);
    await setMessageStatus(t.db, admin, id, "read");
    expect((await auditOf(t, "message", id)).map((entry) => entry.changes)).toEqual([{ status: ["unread", "read"] }]);

    expect(await setMessageStatus(t.db, admin, id, "unread")).toMatchObject({ status: "unread", read_at: null });
    expect((await setMessageStatus(t.db, admin, id, "archived")).status).toBe("archived");
    // Opening an archived message leaves it archived.
    expect((await openMessage(t.db, admin, id)).status).toBe("archived");
    const archived = await listMessages(t.db, MessageListQuerySchema.parse({ status: "archived" }));
    expect(archived.data.map((message) => message.id)).toContain(id);
    expect((await setMessageStatus(t.db, admin, id, "read")).status).toBe("read");

    const audit = await auditOf(t, "message", id);
    expect(audit.map((entry) => entry.changes)).toEqual([
      { status: ["archived", "read"] },
      { status: ["unread", "archived"] },
      { status: ["read", "unread"] },
      { status: ["unread", "read"] },
    ]);
    expect(audit[0]!.actor.email).toBe(ADMIN.email);
  });

  it("answers 404 for an unknown message", async () => {
    expect(await rejection(setMessageStatus(t.db, admin, 999_999, "read"))).toBeInstanceOf(NotFoundError);
    expect(await rejection(openMessage(t.db, admin, 999_999))).toBeInstanceOf(NotFoundError);
  });
});
