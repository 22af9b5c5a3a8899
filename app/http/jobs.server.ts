import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { jobRuns } from "../../db/schema";
import { expireUnconfirmedOrders } from "../services/admin/orders.server";
import { sendLowStockDigest } from "../services/admin/low-stock.server";
import { auditEntry, type Actor } from "../services/audit.server";
import { enqueueMail, removeOldMailBodies, requeueStuckMail } from "../services/mail/outbox.server";
import { MISSES_KEPT_DAYS, removeOldSearchMisses } from "../services/search.server";
import { removeUnusedUploads } from "../services/uploads.server";
import { removeOldImportFiles } from "../services/admin/import-files.server";
import { log } from "../services/log.server";
import { sendCartReminders } from "../services/saved-carts.server";
import { backgroundMailContext } from "./mail.server";
import { cartRestoreSigner } from "./saved-cart.server";
import { occasionRemovalSigner, retentionSigner } from "./retention.server";
import { sendOccasionReminders } from "../services/occasions.server";
import { sendBackInStockMails } from "../services/stock-alerts.server";

/**
 * The shop's scheduled jobs, in one registry (docs/decisions/036): the Worker's `scheduled()` runs
 * the jobs of the Cron Trigger that fired and nothing else; staff run one at once from /admin/jobs,
 * and a development server from `POST /api/dev/jobs/{name}`. Every run is recorded in `job_runs`
 * (the last one per job); a job that fails is recorded as failed and never stops the others.
 */

/** The Cron Triggers (wrangler.toml `[triggers]`; a test holds the two together). */
export const MAIL_SWEEP_CRON = "*/10 * * * *";
export const DAILY_CRON = "17 3 * * *";

/** What a job is given: the database (the primary: no shopper, no bookmark), the Worker's bindings. */
export interface JobContext {
  db: Database;
  env: Env;
  now: Date;
}

export interface Job {
  /** Its name in addresses and records (`mail-sweep`). */
  name: string;
  /** What it does, as staff read it. */
  description: string;
  /** Its Cron Trigger. */
  cron: typeof MAIL_SWEEP_CRON | typeof DAILY_CRON;
  /** Does the work; answers what it did, in a few words staff read ("3 orders cancelled"). */
  run(context: JobContext): Promise<string>;
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const JOBS: readonly Job[] = [
  {
    name: "mail-sweep",
    description: "Queues again the emails whose delivery never started or stopped half-way.",
    cron: MAIL_SWEEP_CRON,
    run: async ({ db, env }) =>
      `${counted(await requeueStuckMail(db, env.MAIL_QUEUE), "email", "emails")} queued again.`,
  },
  {
    name: "uploads-cleanup",
    description:
      "Removes uploaded images that nothing has referred to for a day, product import files never imported within a day, and import reports after 30 days.",
    cron: DAILY_CRON,
    run: async ({ db, env, now }) => {
      const images = (await removeUnusedUploads(db, env.UPLOADS)).length;
      const imports = await removeOldImportFiles(env.UPLOADS, now);
      return `${counted(images, "unused image", "unused images")} and ${counted(imports, "old import file", "old import files")} removed.`;
    },
  },
  {
    name: "order-expiry",
    description:
      "Cancels cash-on-delivery orders left unconfirmed longer than the setting allows, and tells their customers.",
    cron: DAILY_CRON,
    run: async ({ db, env, now }) => {
      const mail = await backgroundMailContext(env, db);
      const cancelled = await expireUnconfirmedOrders(db, mail ?? undefined, now);
      return `${counted(cancelled, "unconfirmed order", "unconfirmed orders")} cancelled.`;
    },
  },
  {
    name: "mail-retention",
    description: "Removes the bodies of sent emails older than the setting allows (their address and subject stay).",
    cron: DAILY_CRON,
    run: async ({ db, now }) => `${counted(await removeOldMailBodies(db, now), "email body", "email bodies")} removed.`,
  },
  {
    name: "search-misses-cleanup",
    description: `Forgets the searches that found nothing once they are ${MISSES_KEPT_DAYS} days old.`,
    cron: DAILY_CRON,
    run: async ({ db, now }) => {
      await removeOldSearchMisses(db, now);
      return `Searches older than ${MISSES_KEPT_DAYS} days removed.`;
    },
  },
  {
    name: "low-stock-digest",
    description: "Emails staff the products and variants at or under the low stock threshold, once a day.",
    cron: DAILY_CRON,
    run: async ({ db, env, now }) => sendLowStockDigest(db, await backgroundMailContext(env, db), now),
  },
  {
    name: "cart-reminders",
    description:
      "Emails signed-in shoppers once about the cart they left a day ago without ordering, with a link that restores it.",
    cron: MAIL_SWEEP_CRON,
    run: async ({ db, env, now }) =>
      sendCartReminders(
        db,
        await backgroundMailContext(env, db),
        { unsubscribe: retentionSigner(env), restore: cartRestoreSigner(env) },
        now,
      ),
  },
  {
    name: "occasion-reminders",
    description: "Emails shoppers a reminder of the occasions they saved, the set number of days before each.",
    cron: DAILY_CRON,
    run: async ({ db, env, now }) =>
      sendOccasionReminders(
        db,
        await backgroundMailContext(env, db),
        { unsubscribe: retentionSigner(env), removal: occasionRemovalSigner(env) },
        now,
      ),
  },
  {
    name: "back-in-stock",
    description:
      "Emails once each shopper waiting for a sold-out item that is back in stock (at most one return email a day each), and ends their request.",
    cron: MAIL_SWEEP_CRON,
    run: async ({ db, env, now }) =>
      sendBackInStockMails(db, await backgroundMailContext(env, db), retentionSigner(env), now),
  },
];

/** The schedules as staff read them. */
export const SCHEDULES: Record<Job["cron"], string> = {
  [MAIL_SWEEP_CRON]: "Every 10 minutes",
  [DAILY_CRON]: "Daily at 03:17 UTC",
};

export const findJob = (name: string): Job | undefined => JOBS.find((job) => job.name === name);

/** The refusal of a name no job has (the page's toast, the API's 404). */
export const NO_SUCH_JOB = "There is no such job.";

/** A job's run once it ended, as `job_runs` keeps it. */
export type JobRun = Omit<typeof jobRuns.$inferSelect, "outcome"> & { outcome: "ok" | "failed" };

/** Who ran a job when it was not a staff member. */
export const RAN_BY_SCHEDULE = "Schedule";
export const RAN_BY_DEVELOPMENT = "Development";

/**
 * Runs one job and records it: its row says "running" first, then how it ended and what it did or
 * why it failed. A failure of the job is recorded and answered, never thrown; the mails the job
 * wrote go to the delivery queue at once.
 */
export async function runJob(db: Database, env: Env, job: Job, ranBy: string, now = new Date()): Promise<JobRun> {
  const started = { name: job.name, startedAt: now, finishedAt: null, outcome: "running" as const, ranBy };
  await db
    .insert(jobRuns)
    .values({ ...started, result: null, error: null })
    .onConflictDoUpdate({ target: jobRuns.name, set: { ...started, result: null, error: null } });
  let ended: Pick<JobRun, "outcome" | "result" | "error">;
  try {
    ended = { outcome: "ok", result: await job.run({ db, env, now }), error: null };
    log.info("job done", { job: job.name });
  } catch (error) {
    log.error("job failed", error, { job: job.name });
    ended = { outcome: "failed", result: null, error: error instanceof Error ? error.message : String(error) };
  }
  const finished: JobRun = { ...started, ...ended, finishedAt: new Date() };
  await db.update(jobRuns).set(finished).where(eq(jobRuns.name, job.name));
  await enqueueMail(db, env.MAIL_QUEUE);
  return finished;
}

/**
 * The Cron Trigger's work: every job of `cron`, side by side; one that fails (even to be recorded)
 * leaves the others running. Answers the runs that were recorded.
 */
export async function runScheduledJobs(db: Database, env: Env, cron: string): Promise<JobRun[]> {
  const jobs = JOBS.filter((job) => job.cron === cron);
  if (jobs.length === 0) log.error("no job runs on this cron", undefined, { job: cron });
  const settled = await Promise.allSettled(jobs.map((job) => runJob(db, env, job, RAN_BY_SCHEDULE)));
  return settled.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
}

/** Run now, by a staff member: the run, and its audit row (who ran what, and how it ended). */
export async function runJobAsStaff(db: Database, env: Env, job: Job, actor: Actor): Promise<JobRun> {
  const run = await runJob(db, env, job, actor.name);
  await auditEntry(db, actor, {
    action: "run",
    entity: "job",
    entityId: job.name,
    summary: `Ran the job ${job.name}: ${run.outcome === "ok" ? run.result : `failed (${run.error})`}`,
  });
  return run;
}

/** How a staff run ended, as staff read it (the page's toast, the API's message). */
export const runMessage = (job: Job, run: JobRun) =>
  run.outcome === "ok" ? `${job.name}: ${run.result}` : `${job.name} failed: ${run.error}`;

/** The jobs as /admin/jobs lists them: each with its schedule and its last run (null before the first). */
export async function jobsWithLastRun(db: Database) {
  const runs = await db.select().from(jobRuns);
  return JOBS.map(({ name, description, cron }) => ({
    name,
    description,
    schedule: SCHEDULES[cron],
    cron,
    lastRun: runs.find((run) => run.name === name) ?? null,
  }));
}
