import { beforeEach, describe, expect, it } from "vitest";
import { occasionRemovalSigner, retentionSigner } from "~/http/retention.server";
import { addDays, shopClock } from "~/lib/delivery";
import { OCCASION_MESSAGES } from "~/lib/form-messages";
import type { MailContext } from "~/services/mail/context";
import { ALL_TOPICS, suppressStatement } from "~/services/mail/retention.server";
import {
  addOccasion,
  listOccasions,
  removalTarget,
  removeOccasionByLink,
  sendOccasionReminders,
  updateOccasion,
} from "~/services/occasions.server";
import { siteConfigFromSettings } from "~/services/settings.server";
import { createTestDb, type TestDb } from "./db";
import { rejection, testSeal } from "./fixtures";

// Occasions against a real database: what a shopper saves (at most 20), and the daily reminder job:
// one mail per occasion and day, only within the window, never to an address that left the topic
// or bounced, never a second return mail in a day (the occasion stays due), nothing while the
// setting is off; a one-time occasion past its day is removed.

const ENV = { ENVIRONMENT: "test" } as Env;
const signers = { unsubscribe: retentionSigner(ENV), removal: occasionRemovalSigner(ENV) };
const mail: MailContext = {
  origin: "https://shop.test",
  site: siteConfigFromSettings({}),
  signOrder: async () => "sig",
  seal: testSeal,
};
const HOUR = 3_600_000;

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});

/** Today in the shop's time zone (the seeded delivery_time_zone). */
const today = (now = new Date()) => shopClock(now, "Asia/Colombo").date;

let counter = 0;
async function shopper(): Promise<{ id: number; email: string }> {
  const email = `occasion-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const row = (
    await t.client.execute({
      sql: "INSERT INTO users (name, email, password_hash) VALUES (?, ?, 'x') RETURNING id",
      args: [`Shopper ${counter}`, email],
    })
  ).rows[0]!;
  return { id: Number(row.id), email };
}

/** A yearly occasion `inDays` days from today. */
async function yearlyIn(userId: number, inDays: number, name = "Mum's birthday") {
  const date = addDays(today(), inDays);
  return addOccasion(
    t.db,
    userId,
    { name, month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)), repeats: "yearly" },
    today(),
  );
}

const mailsTo = async (email: string) =>
  (
    await t.client.execute({
      sql: "SELECT subject, text, template FROM mail_outbox WHERE to_address = ? ORDER BY created_at",
      args: [email],
    })
  ).rows;
const remindedFor = async (id: number) =>
  (await t.client.execute({ sql: "SELECT reminded_for FROM occasions WHERE id = ?", args: [id] })).rows[0]
    ?.reminded_for ?? null;
const run = (now = new Date()) => sendOccasionReminders(t.db, mail, signers, now);

describe("a shopper's occasions", () => {
  it("are saved, listed the next first, changed, and refused past the 20th", async () => {
    const { id } = await shopper();
    const later = await yearlyIn(id, 40, "Anniversary");
    const sooner = await yearlyIn(id, 5);
    expect((await listOccasions(t.db, id, today())).map((o) => o.name)).toEqual(["Mum's birthday", "Anniversary"]);
    const changed = await updateOccasion(t.db, id, sooner.id, { name: "Dad's birthday" }, today());
    expect(changed).toMatchObject({ name: "Dad's birthday", month: sooner.month, day: sooner.day });
    const other = await shopper();
    expect((await rejection(updateOccasion(t.db, other.id, later.id, { name: "Mine" }, today()))).message).toBe(
      OCCASION_MESSAGES.notFound,
    );
    for (let i = 2; i < 20; i++) await yearlyIn(id, i);
    expect((await rejection(yearlyIn(id, 30))).message).toBe(OCCASION_MESSAGES.tooMany);
  });
});

describe("the occasion reminders", () => {
  it("mail once per occasion and day, only for the days in the window", async () => {
    const [soon, far, onDay, once] = await Promise.all([shopper(), shopper(), shopper(), shopper()]);
    const due = await yearlyIn(soon.id, 3, "Our anniversary");
    await yearlyIn(far.id, 8);
    await yearlyIn(onDay.id, 0);
    const oneDay = addDays(today(), 7);
    const wedding = await addOccasion(
      t.db,
      once.id,
      {
        name: "Sam's wedding",
        day: Number(oneDay.slice(8, 10)),
        month: Number(oneDay.slice(5, 7)),
        year: Number(oneDay.slice(0, 4)),
        repeats: "once",
      },
      today(),
    );
    expect(await run()).toBe("2 occasion reminders sent.");
    const [reminder] = await mailsTo(soon.email);
    expect(reminder).toMatchObject({ template: "occasion_reminder" });
    expect(String(reminder!.subject)).toMatch(/^Our anniversary is on \w+ \d+ \w+ \d{4}$/);
    expect(String(reminder!.text)).toContain("Shop bouquets: https://shop.test/products?category=anniversary");
    expect(String(reminder!.text)).toMatch(/Remove this reminder for good: \{\{secret:remove_link:/);
    expect(String((await mailsTo(once.email))[0]!.text)).toContain("https://shop.test/products?category=wedding");
    expect(await mailsTo(far.email)).toHaveLength(0);
    expect(await mailsTo(onDay.email)).toHaveLength(0);
    expect(String(await remindedFor(due.id)).slice(0, 10)).toBe(addDays(today(), 3));
    expect(String(await remindedFor(wedding.id)).slice(0, 10)).toBe(oneDay);

    // A second run the same day, then the next day's: nothing more for the same occasions; the
    // window moved on by a day, to the one 8 days ahead.
    expect(await run()).toBe("Nothing due: nothing sent.");
    expect(await run(new Date(Date.now() + 25 * HOUR))).toBe("1 occasion reminder sent.");
    expect(await mailsTo(soon.email)).toHaveLength(1);
    expect(await mailsTo(once.email)).toHaveLength(1);
    expect(await mailsTo(far.email)).toHaveLength(1);
  });

  it("never mail an address that left occasion reminders or bounced: the occasion stays due", async () => {
    const [left, bounced, leftOther] = await Promise.all([shopper(), shopper(), shopper()]);
    const kept = await yearlyIn(left.id, 2);
    await yearlyIn(bounced.id, 2);
    await yearlyIn(leftOther.id, 2);
    await t.db.batch([
      suppressStatement(t.db, left.email, "occasion_reminder", "unsubscribed"),
      suppressStatement(t.db, bounced.email, ALL_TOPICS, "bounced"),
      suppressStatement(t.db, leftOther.email, "cart_reminder", "unsubscribed"),
    ]);
    expect(await run()).toBe("1 occasion reminder sent, 2 held back (unsubscribed, bounced or mailed today).");
    expect(await mailsTo(left.email)).toHaveLength(0);
    expect(await mailsTo(bounced.email)).toHaveLength(0);
    expect(await mailsTo(leftOther.email)).toHaveLength(1);
    expect(await remindedFor(kept.id)).toBeNull();
  });

  it("send no second return mail in a day: the other occasion goes on a later run", async () => {
    const { id, email } = await shopper();
    const first = await yearlyIn(id, 2);
    const second = await yearlyIn(id, 4, "Dad's birthday");
    expect(await run()).toBe("1 occasion reminder sent, 1 held back (unsubscribed, bounced or mailed today).");
    expect(await remindedFor(first.id)).not.toBeNull();
    expect(await remindedFor(second.id)).toBeNull();
    // A day later the other one goes (its day still ahead).
    expect(await run(new Date(Date.now() + 25 * HOUR))).toBe("1 occasion reminder sent.");
    expect((await mailsTo(email)).map((row) => String(row.subject).split(" is on")[0])).toEqual([
      "Mum's birthday",
      "Dad's birthday",
    ]);
  });

  it("send nothing while the setting is off", async () => {
    const { id, email } = await shopper();
    await yearlyIn(id, 2);
    await t.client.execute("UPDATE settings SET value = 'false' WHERE key = 'occasion_reminder_mail'");
    expect(await run()).toBe("Switched off in the settings: nothing sent.");
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it("follow the reminder days setting, and remove one-time occasions past their day", async () => {
    const { id, email } = await shopper();
    await yearlyIn(id, 12);
    await t.client.execute({
      sql: "INSERT INTO occasions (user_id, name, month, day, year, repeats) VALUES (?, 'Old party', 1, 1, 2020, 'once')",
      args: [id],
    });
    expect(await run()).toBe("Nothing due: nothing sent. 1 past one-time occasion removed.");
    await t.client.execute("UPDATE settings SET value = '14' WHERE key = 'occasion_reminder_days'");
    expect(await run()).toBe("1 occasion reminder sent.");
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await listOccasions(t.db, id, today())).map((o) => o.name)).toEqual(["Mum's birthday"]);
  });
});

describe("the removal link", () => {
  it("shows what it removes without changing anything, removes it once; a forged one does nothing", async () => {
    const { id } = await shopper();
    const occasion = await yearlyIn(id, 30);
    const token = `${occasion.id}.${await signers.removal.sign(`occasion:${occasion.id}`)}`;
    expect(await removalTarget(t.db, signers.removal, token)).toEqual({
      status: "found",
      name: "Mum's birthday",
      date_label: occasion.date_label,
    });
    const forged = `${occasion.id}.${"A".repeat(43)}`;
    expect(await removeOccasionByLink(t.db, signers.removal, forged)).toEqual({ status: "invalid" });
    // The unsubscribe links' signer cannot make one.
    const other = `${occasion.id}.${await signers.unsubscribe.sign(`occasion:${occasion.id}`)}`;
    expect(await removeOccasionByLink(t.db, signers.removal, other)).toEqual({ status: "invalid" });
    expect(await listOccasions(t.db, id, today())).toHaveLength(1);
    expect(await removeOccasionByLink(t.db, signers.removal, token)).toEqual({
      status: "removed",
      name: "Mum's birthday",
    });
    expect(await removeOccasionByLink(t.db, signers.removal, token)).toEqual({ status: "gone" });
  });
});
