import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../functions/worker";
import { occasionRemovalSigner } from "../../app/http/retention.server";
import { addDays, shopClock } from "../../app/lib/delivery";
import { OCCASION_MESSAGES } from "../../app/lib/form-messages";
import { occasionRemovalToken } from "../../app/services/occasions.server";
import { apiClient, loggedIn } from "./fixtures";
import { BASE, CookieJar, expectErrorsUnder, field, get, mailsTo, postForm, visibleText, visit } from "./helpers";

// Occasions on the Worker: the JSON API (the caller's own only: 401 for a guest, 404 for another's,
// 422 with each field's message), the profile's forms without JavaScript (add, errors under the
// fields, edit in place, remove), the mail's removal link (a GET changes nothing, the POST removes,
// a forged link is refused), and the job run on a development server writing the reminder.

let counter = 0;
const tag = () => `${++counter}-${crypto.randomUUID().slice(0, 8)}`;
const newIp = () => `198.51.100.${(counter % 250) + 1}-${tag()}`;
const { call, post } = apiClient(newIp);
const PASSWORD = "Secret123";

async function newAccount() {
  const email = `occasions-${tag()}@example.com`;
  const result = await post("/api/auth/register", {
    name: "Ona Occasion",
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(result.status).toBe(201);
  return { email, password: PASSWORD, token: result.body.data.token as string };
}

/** The shop's date in its time zone (the seeded delivery_time_zone), `days` ahead. */
const shopDay = (days = 0) => addDays(shopClock(new Date(), "Asia/Colombo").date, days);
const monthDay = (date: string) => ({ month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) });

const occasionCount = async (id: number) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM occasions WHERE id = ?").bind(id).first<{ n: number }>())!.n;

describe("the occasions API", () => {
  it("saves, lists, changes and removes the caller's own occasions", async () => {
    const { token } = await newAccount();
    expect((await call("GET", "/api/v1/occasions")).status).toBe(401);

    const refused = await post("/api/v1/occasions", { name: "", month: 4, day: 31, repeats: "yearly" }, { token });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ name: [OCCASION_MESSAGES.name], day: [OCCASION_MESSAGES.noSuchDay] });

    const saved = await post(
      "/api/v1/occasions",
      { name: "Mum's birthday", month: 2, day: 29, repeats: "yearly" },
      { token },
    );
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      success: true,
      message: OCCASION_MESSAGES.saved,
      data: { name: "Mum's birthday", month: 2, day: 29, year: null, repeats: "yearly" },
    });
    expect(saved.body.data.date_label).toBe("29 February, every year (28 February in other years)");
    const id = saved.body.data.id as number;

    const listed = await call("GET", "/api/v1/occasions", { token });
    expect(listed.status).toBe(200);
    expect(listed.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(listed.body.data.map((o: { id: number }) => o.id)).toEqual([id]);

    const changed = await call("PATCH", `/api/v1/occasions/${id}`, { token, body: { name: "Mum" } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ id, name: "Mum", month: 2, day: 29 });
    const past = await call("PATCH", `/api/v1/occasions/${id}`, {
      token,
      body: { repeats: "once", year: 2020 },
    });
    expect(past.status).toBe(422);

    // Another shopper's occasion is not found, to read, change or remove.
    const other = await newAccount();
    expect((await call("GET", "/api/v1/occasions", { token: other.token })).body.data).toEqual([]);
    expect((await call("PATCH", `/api/v1/occasions/${id}`, { token: other.token, body: { name: "x" } })).status).toBe(
      404,
    );
    expect((await call("DELETE", `/api/v1/occasions/${id}`, { token: other.token })).status).toBe(404);
    expect(await occasionCount(id)).toBe(1);

    const removed = await call("DELETE", `/api/v1/occasions/${id}`, { token });
    expect(removed.body).toEqual({ success: true, message: OCCASION_MESSAGES.removed });
    expect((await call("DELETE", `/api/v1/occasions/${id}`, { token })).status).toBe(404);
  });
});

describe("the profile's occasions", () => {
  it("are added, shown again with errors under the fields, edited in place and removed, without JavaScript", async () => {
    const account = await newAccount();
    const jar = await loggedIn(account, newIp());
    const page = visibleText(await (await visit(jar, "/profile")).text());
    expect(page).toContain("Occasions");
    expect(page).toContain("We email you 7 days before each one, with a link to shop.");

    const form = await (await visit(jar, "/profile?edit=occasion")).text();
    expect(field(form, "name")).toContain('id="occasion-name"');

    const refused = await postForm(jar, "/profile?edit=occasion", {
      intent: "occasion",
      name: "Our wedding",
      day: "3",
      month: "6",
      repeats: "once",
      year: "",
    });
    expect(refused.status).toBe(422);
    const shownAgain = await refused.text();
    expectErrorsUnder(shownAgain, { "occasion-year": OCCASION_MESSAGES.year, "occasion-name": "" });
    expect(field(shownAgain, "name")).toContain('value="Our wedding"');

    const year = Number(shopDay().slice(0, 4)) + 1;
    const added = await postForm(jar, "/profile?edit=occasion", {
      intent: "occasion",
      name: "Our wedding",
      day: "3",
      month: "6",
      repeats: "once",
      year: String(year),
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/profile");
    let profile = visibleText(await (await visit(jar, "/profile")).text());
    expect(profile).toContain(OCCASION_MESSAGES.saved);
    expect(profile).toContain(`Our wedding 3 June ${year}`);

    const { id } = (await env.DB.prepare(
      "SELECT id FROM occasions WHERE name = 'Our wedding' AND user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind(account.email)
      .first<{ id: number }>())!;
    const editing = await (await visit(jar, `/profile?edit=occasion-${id}`)).text();
    expect(field(editing, "name")).toContain('value="Our wedding"');
    const edited = await postForm(jar, `/profile?edit=occasion-${id}`, {
      intent: `occasion-${id}`,
      name: "Our anniversary",
      day: "3",
      month: "6",
      repeats: "yearly",
      year: "",
    });
    expect(edited.status).toBe(302);
    profile = visibleText(await (await visit(jar, "/profile")).text());
    expect(profile).toContain(OCCASION_MESSAGES.updated);
    expect(profile).toContain("Our anniversary 3 June, every year");

    // Another shopper's post changes nothing.
    const stranger = await loggedIn(await newAccount(), newIp());
    expect((await postForm(stranger, "/profile", { remove_occasion: String(id) })).status).toBe(302);
    expect(await occasionCount(id)).toBe(1);

    expect((await postForm(jar, "/profile", { remove_occasion: String(id) })).status).toBe(302);
    profile = visibleText(await (await visit(jar, "/profile")).text());
    expect(profile).toContain(OCCASION_MESSAGES.removed);
    expect(profile).not.toContain("Our anniversary");
  });

  it("say reminders are paused while the setting is off", async () => {
    const jar = await loggedIn(await newAccount(), newIp());
    await env.DB.prepare("UPDATE settings SET value = 'false' WHERE key = 'occasion_reminder_mail'").run();
    try {
      expect(visibleText(await (await visit(jar, "/profile")).text())).toContain("Occasion reminders are paused");
    } finally {
      await env.DB.prepare("UPDATE settings SET value = 'true' WHERE key = 'occasion_reminder_mail'").run();
    }
  });
});

describe("the reminder and its removal link", () => {
  it("is mailed by the job; the link's page changes nothing, its button removes; a forged link is refused", async () => {
    const account = await newAccount();
    const saved = await post(
      "/api/v1/occasions",
      { name: "Gran's birthday", ...monthDay(shopDay(3)), repeats: "yearly" },
      { token: account.token },
    );
    const id = saved.body.data.id as number;

    const ctx = createExecutionContext();
    const ran = await worker.fetch!(
      new Request(`${BASE}/api/dev/jobs/occasion-reminders`, { method: "POST" }) as Request<
        unknown,
        IncomingRequestCfProperties
      >,
      { ...env, ENVIRONMENT: "development", SHOP_ORIGIN: BASE } as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(ran.status).toBe(200);
    const [reminder] = await mailsTo(account.email, "occasion_reminder");
    expect(reminder!.subject).toMatch(/^Gran's birthday is on /);
    expect(reminder!.text).toContain(`Shop bouquets: ${BASE}/products`);
    expect(reminder!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    const link = /Remove this reminder for good: (\S+)/.exec(reminder!.text)![1]!;
    const path = link.slice(BASE.length);
    expect(path).toMatch(/^\/occasions\/remove\?token=/);

    // Opened (as a mail scanner would): it names the occasion, and nothing changes.
    const opened = await get(path);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Cache-Control")).toBe("private, no-store");
    expect(visibleText(await opened.text())).toContain("Remove Gran's birthday");
    expect(await occasionCount(id)).toBe(1);

    // A forged link is refused, and removes nothing.
    const forged = path.replace(/token=\d+\./, `token=${id}.x`);
    expect(visibleText(await (await get(forged)).text())).toContain(OCCASION_MESSAGES.invalidLink);
    const anotherSigned = `/occasions/remove?token=${encodeURIComponent(await occasionRemovalToken(occasionRemovalSigner(env), id + 1_000_000))}`;
    expect(visibleText(await (await get(anotherSigned)).text())).toContain(OCCASION_MESSAGES.alreadyRemoved);
    const refused = await postForm(new CookieJar(), `/occasions/remove?token=${id}.${"A".repeat(43)}`, {});
    expect(refused.status).toBe(422);
    expect(visibleText(await refused.text())).toContain(OCCASION_MESSAGES.invalidLink);
    expect(await occasionCount(id)).toBe(1);

    // The button removes it, with no sign-in; the page then says so.
    const removed = await postForm(new CookieJar(), path, {});
    expect(removed.status).toBe(302);
    expect(await occasionCount(id)).toBe(0);
    expect(visibleText(await (await get(path)).text())).toContain(OCCASION_MESSAGES.alreadyRemoved);
  });
});
