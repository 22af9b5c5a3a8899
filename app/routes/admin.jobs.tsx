import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { adminPageError, adminPageMeta } from "~/components/admin/admin-page";
import { AdminListPage } from "~/components/admin/list-page";
import { secondaryButton } from "~/components/admin/ui";
import { adminAction, loadAdminPage } from "~/http/pages/admin-pages.server";
import { readForm } from "~/http/pages/forms.server";
import { findJob, jobsWithLastRun, NO_SUCH_JOB, runJobAsStaff, runMessage } from "~/http/jobs.server";

export const meta = adminPageMeta("Jobs", "/admin/jobs");

export const loader = (args: LoaderFunctionArgs) =>
  loadAdminPage(args, async (db) => ({ jobs: await jobsWithLastRun(db) }));

const OUTCOMES = { running: "Running (or stopped)", ok: "Done", failed: "Failed" } as const;

/** Run now (a form post per job): the job runs at once, recorded and audited; back to the list with its result. */
export async function action(args: ActionFunctionArgs) {
  const { app, actor, toast } = await adminAction(args);
  const values = await readForm(args.request);
  const job = findJob(typeof values.name === "string" ? values.name : "");
  if (!job) return toast.redirectWithError("/admin/jobs", NO_SUCH_JOB);
  const run = await runJobAsStaff(app.db, app.env, job, actor);
  return run.outcome === "ok"
    ? toast.redirectWithSuccess("/admin/jobs", runMessage(job, run))
    : toast.redirectWithError("/admin/jobs", runMessage(job, run));
}

/** The scheduled jobs: what each does, when it runs, how its last run ended; and Run now. */
export default function AdminJobs() {
  const { jobs } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <AdminListPage
      title="Jobs"
      description="The work the shop does on its own, on a schedule. Run one now to see what it does; each run is recorded."
      table={{
        caption: "Scheduled jobs",
        rows: jobs.map((job) => ({ ...job, id: job.name })),
        empty: "No jobs.",
        columns: [
          {
            head: "Job",
            render: (job) => (
              <>
                <span className="font-medium text-gray-900">{job.name}</span>
                <span className="block text-sm text-gray-600">{job.description}</span>
              </>
            ),
          },
          { head: "Schedule", className: "whitespace-nowrap", render: (job) => job.schedule },
          { head: "Last run", date: (job) => job.lastRun?.startedAt ?? null, missing: "Never" },
          {
            head: "Result",
            render: (job) =>
              job.lastRun ? (
                <>
                  <span className={job.lastRun.outcome === "failed" ? "font-medium text-red-800" : "font-medium"}>
                    {OUTCOMES[job.lastRun.outcome]}
                  </span>
                  <span className="block text-sm text-gray-700">{job.lastRun.error ?? job.lastRun.result}</span>
                  <span className="block text-xs text-gray-600">By {job.lastRun.ranBy}</span>
                </>
              ) : (
                "—"
              ),
          },
          {
            head: "Actions",
            render: (job) => (
              <Form method="post" noValidate preventScrollReset>
                <input type="hidden" name="name" value={job.name} />
                <button type="submit" className={secondaryButton} disabled={busy} aria-label={`Run now: ${job.name}`}>
                  Run now
                </button>
              </Form>
            ),
          },
        ],
      }}
    />
  );
}

export const ErrorBoundary = adminPageError("Could not load the jobs");
