import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  DAILY_CRON,
  findJob,
  JOBS,
  jobsWithLastRun,
  MAIL_SWEEP_CRON,
  runJobAsStaff,
  runScheduledJobs,
} from "~/http/jobs.server";
import { sendLowStockDigest } from "~/services/admin/low-stock.server";
import { listAudit } from "~/services/audit.server";
import type { MailContext } from "~/services/mail/context";
import { takeQueuedMail } from "~/services/mail/outbox.server";
import { siteConfigFromSettings } from "~/services/settings.server";
import { ADMIN } from "../fixtures/accounts";
import { expectConsoleError } from "../console-guard";
import { actorOf, createTestDb, type TestDb } from "./db";

// The scheduled jobs' registry (docs/decisions/036) against a real database: each Cron Trigger runs
// its jobs and only those, every run recorded (a failing one too, the others still run), Run now
// audited; and the daily low-stock digest to staff (once a day, only when something is low).

const ENV = { ENVIRONMENT: "test", SHOP_ORIGIN: "https://shop.test" } as unknown as Env;
const DAY = 86_400_000;

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterEach(() => {
  vi.restoreAllMocks();
  takeQueuedMail(t.db);
});

const runs = async () =>
  (await t.client.execute("SELECT name, outcome, result, error, ran_by FROM job_runs ORDER BY name")).rows.map(
    (row) => ({ ...row }),
  );

describe("the jobs' registry", () => {
  it("has the schedules wrangler.toml triggers, and every job on one of them", () => {
    const toml = readFileSync(path.resolve(__dirname, "../../wrangler.toml"), "utf8");
    const crons = JSON.parse(/^crons = (\[.*\])$/m.exec(toml)![1]!) as string[];
    expect(crons.sort()).toEqual([DAILY_CRON, MAIL_SWEEP_CRON].sort());
    expect(new Set(JOBS.map((job) => job.cron))).toEqual(new Set(crons));
  });

  it("runs each trigger's jobs and only those, recording each; a failing job is recorded and the others run", async () => {
    await t.client.execute("DELETE FROM job_runs");
    vi.spyOn(findJob("order-expiry")!, "run").mockRejectedValue(new Error("The database is away"));
    expectConsoleError(/"msg":"job failed","job":"order-expiry"/);
    const daily = await runScheduledJobs(t.db, ENV, DAILY_CRON);
    expect(daily.map((run) => run.name).sort()).toEqual(
      [
        "low-stock-digest",
        "mail-retention",
        "occasion-reminders",
        "order-expiry",
        "search-misses-cleanup",
        "uploads-cleanup",
      ].sort(),
    );
    const recorded = await runs();
    expect(recorded.map((row) => row.name)).not.toContain("mail-sweep");
    expect(recorded.find((row) => row.name === "order-expiry")).toEqual({
      name: "order-expiry",
      outcome: "failed",
      result: null,
      error: "The database is away",
      ran_by: "Schedule",
    });
    expect(recorded.find((row) => row.name === "uploads-cleanup")).toMatchObject({
      outcome: "ok",
      result: "0 unused images and 0 old import files removed.",
      error: null,
    });
    expect(recorded.filter((row) => row.outcome === "ok")).toHaveLength(5);

    await runScheduledJobs(t.db, ENV, MAIL_SWEEP_CRON);
    expect((await runs()).find((row) => row.name === "mail-sweep")).toMatchObject({
      outcome: "ok",
      result: "0 emails queued again.",
    });
  });

  it("runs one at once for staff, audited, and lists each job with its last run", async () => {
    const admin = await actorOf(t.client, ADMIN.email);
    const run = await runJobAsStaff(t.db, ENV, findJob("mail-retention")!, admin);
    expect(run).toMatchObject({ outcome: "ok", ranBy: admin.name });
    const audit = await listAudit(t.db, { entity: "job", entity_id: "mail-retention", page: 1, per_page: 5 });
    expect(audit.data[0]).toMatchObject({ action: "run", summary: `Ran the job mail-retention: ${run.result}` });
    const listed = await jobsWithLastRun(t.db);
    expect(listed.map((job) => job.name)).toEqual(JOBS.map((job) => job.name));
    expect(listed.find((job) => job.name === "mail-retention")).toMatchObject({
      schedule: "Daily at 03:17 UTC",
      lastRun: { outcome: "ok", result: run.result, ranBy: admin.name },
    });
  });
});

describe("the low-stock digest", () => {
  const now = new Date("2031-05-06T03:17:00Z");
  let mail: MailContext;
  let low: { zero: string; three: string };

  beforeAll(async () => {
    mail = {
      origin: "https://shop.test",
      site: siteConfigFromSettings({ contact: { contact_email: "studio@example.com" } }),
      signOrder: async () => "",
      seal: async () => "",
    };
    // The registry's test ran the digest on the seeded stock: this one starts from no digest.
    await t.client.execute("DELETE FROM mail_outbox WHERE template = 'low_stock'");
    await t.client.execute("UPDATE product_variants SET stock = 100");
    const picked = await t.client.execute(
      "SELECT v.sku FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.is_active = 1 AND v.is_active = 1 ORDER BY v.id LIMIT 2",
    );
    low = { zero: String(picked.rows[0]!.sku), three: String(picked.rows[1]!.sku) };
    await t.client.execute({ sql: "UPDATE product_variants SET stock = 0 WHERE sku = ?", args: [low.zero] });
    await t.client.execute({ sql: "UPDATE product_variants SET stock = 3 WHERE sku = ?", args: [low.three] });
  });

  const digests = async () =>
    (
      await t.client.execute(
        "SELECT to_address, subject, text FROM mail_outbox WHERE template = 'low_stock' ORDER BY rowid",
      )
    ).rows;

  it("sends one mail to the shop's address listing what is low, the lowest first; never twice a day", async () => {
    expect(await sendLowStockDigest(t.db, mail, now)).toBe("2 low items mailed to studio@example.com.");
    const [sent, ...others] = await digests();
    expect(others).toEqual([]);
    expect(sent!.to_address).toBe("studio@example.com");
    expect(sent!.subject).toBe("Low stock: 2 items at or under 5 in stock");
    const text = String(sent!.text);
    expect(text).toContain(`SKU ${low.zero}: none left`);
    expect(text).toContain(`SKU ${low.three}: 3 left`);
    expect(text.indexOf(low.zero)).toBeLessThan(text.indexOf(low.three));
    expect(text).toContain("https://shop.test/admin/products?low_stock=1");

    // Again the same day, even two at once: nothing more.
    const again = await Promise.all([
      sendLowStockDigest(t.db, mail, new Date(now.getTime() + 3_600_000)),
      sendLowStockDigest(t.db, mail, new Date(now.getTime() + 7_200_000)),
    ]);
    expect(again).toEqual(["Already sent today: nothing sent.", "Already sent today: nothing sent."]);
    expect(await digests()).toHaveLength(1);

    // The next day: sent again, by the threshold as set (0: only what is sold out), to the
    // notifications address (`admin_email`) once the shop has one.
    await t.client.execute("UPDATE settings SET value = '0' WHERE key = 'low_stock_threshold'");
    expect(
      await sendLowStockDigest(t.db, { ...mail, staffEmail: "orders@example.com" }, new Date(now.getTime() + DAY)),
    ).toBe("1 low item mailed to orders@example.com.");
    const latest = (await digests()).at(-1)!;
    expect(latest.to_address).toBe("orders@example.com");
    expect(latest.subject).toBe("Low stock: 1 item at or under 0 in stock");
    expect(String(latest.text)).not.toContain(low.three);
    await t.client.execute("UPDATE settings SET value = '5' WHERE key = 'low_stock_threshold'");
  });

  it("sends nothing when nothing is low, without the shop's address, or when the switch is off", async () => {
    await t.client.execute("UPDATE product_variants SET stock = 100");
    expect(await sendLowStockDigest(t.db, mail, new Date(now.getTime() + 2 * DAY))).toBe(
      "Nothing is low: nothing sent.",
    );
    await t.client.execute({ sql: "UPDATE product_variants SET stock = 1 WHERE sku = ?", args: [low.zero] });
    // Without an origin for its links (no SHOP_ORIGIN, no order mail yet), as the other daily mail: none.
    expect(await sendLowStockDigest(t.db, null, new Date(now.getTime() + 3 * DAY))).toBe(
      "No mail written: the shop's address is not known (set SHOP_ORIGIN).",
    );
    await t.client.execute("UPDATE settings SET value = 'false' WHERE key = 'low_stock_digest'");
    expect(await sendLowStockDigest(t.db, mail, new Date(now.getTime() + 3 * DAY))).toBe(
      "Switched off in the settings: nothing sent.",
    );
    expect(await digests()).toHaveLength(2);
    await t.client.execute("UPDATE settings SET value = 'true' WHERE key = 'low_stock_digest'");
  });
});
