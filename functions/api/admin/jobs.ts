import { z } from "zod";
import {
  findJob,
  jobsWithLastRun,
  NO_SUCH_JOB,
  runJobAsStaff,
  runMessage,
  type JobRun,
} from "../../../app/http/jobs.server";
import { NotFoundError } from "../../../app/services/errors";
import { isoDate } from "../../../app/services/sql";
import { ok } from "../http";
import { apiApp } from "../openapi";
import { actor } from "./staff";
import { staffRoute } from "./route";

const JobRunSchema = z
  .object({
    outcome: z.enum(["running", "ok", "failed"]).meta({
      description: "`running` while it runs (or when the Worker stopped before it ended).",
    }),
    result: z.string().nullable().meta({ description: "What it did, as staff read it; null unless it ended well." }),
    error: z.string().nullable().meta({ description: "Why it failed; null unless it failed." }),
    ran_by: z.string().meta({ description: "`Schedule`, or the name of the staff member who ran it." }),
    started_at: z.string().meta({ format: "date-time" }),
    finished_at: z.string().nullable().meta({ format: "date-time" }),
  })
  .meta({ id: "AdminJobRun" });

const JobSchema = z
  .object({
    name: z.string().meta({ description: "Its name in addresses (`mail-sweep`)." }),
    description: z.string(),
    schedule: z.string().meta({ description: "When it runs, as staff read it (`Daily at 03:17 UTC`)." }),
    cron: z.string().meta({ description: "Its Cron Trigger." }),
    last_run: JobRunSchema.nullable().meta({ description: "Its last run; null before the first." }),
  })
  .meta({ id: "AdminJob" });

/** A run as `job_runs` keeps it (one still running too). */
type RunRow = Omit<JobRun, "outcome"> & { outcome: JobRun["outcome"] | "running" };

const runJson = (run: RunRow) => ({
  outcome: run.outcome,
  result: run.result,
  error: run.error,
  ran_by: run.ranBy,
  started_at: isoDate(run.startedAt) ?? "",
  finished_at: isoDate(run.finishedAt),
});

/**
 * GET /api/admin/jobs and POST /api/admin/jobs/{name}/run: the scheduled jobs of the registry
 * (app/http/jobs.server.ts), as /admin/jobs lists them, and its Run now (recorded and audited).
 */
export const adminJobsApi = staffRoute(
  apiApp(),
  {
    method: "get",
    path: "/",
    summary: "The scheduled jobs",
    description: "Every job the shop runs on its own: what it does, when it runs, and how its last run ended.",
    data: z.array(JobSchema),
    answer: "The jobs, in the registry's order.",
  },
  async (c) =>
    ok(
      c,
      (await jobsWithLastRun(c.var.app.db)).map(({ lastRun, ...job }) => ({
        ...job,
        last_run: lastRun ? runJson(lastRun) : null,
      })),
    ),
);

staffRoute(
  adminJobsApi,
  {
    method: "post",
    path: "/{name}/run",
    summary: "Run a scheduled job now",
    description:
      "Runs the job at once, as Run now on /admin/jobs: the run is recorded as the job's last run and audited. A job that fails answers 200 with the outcome `failed` and why.",
    request: { params: z.object({ name: z.string() }) },
    data: JobRunSchema,
    answer: "The run, as recorded; `message` says how it ended.",
  },
  async (c) => {
    const job = findJob(c.req.param("name") ?? "");
    if (!job) throw new NotFoundError(NO_SUCH_JOB);
    const run = await runJobAsStaff(c.var.app.db, c.var.app.env, job, actor(c));
    return ok(c, runJson(run), { message: runMessage(job, run) });
  },
);
