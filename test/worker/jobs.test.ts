import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../functions/worker";
import { DAILY_CRON, JOBS, MAIL_SWEEP_CRON } from "../../app/http/jobs.server";
import { ADMIN, CUSTOMER } from "../fixtures/accounts";
import { apiClient, apiToken, loggedIn } from "./fixtures";
import { BASE, postForm, visibleText, visit } from "./helpers";

// The scheduled jobs on the Worker (docs/decisions/036): the Cron Triggers run the registry's jobs;
// staff run one from /admin/jobs (a form post, a toast; a customer refused); a development server
// runs one from POST /api/dev/jobs/{name}, which every other environment answers 404.

let counter = 0;
const newIp = () => `2001:db8:36:${(counter++).toString(16)}::9`;
const DEVELOPMENT = { ...env, ENVIRONMENT: "development" } as Env;

const runs = async () =>
  (
    await env.DB.prepare("SELECT name, outcome, ran_by FROM job_runs ORDER BY name").all<{
      name: string;
      outcome: string;
      ran_by: string;
    }>()
  ).results;

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM job_runs").run();
});

/** The shop's origin is known (the digest's links start with it). */
async function cron(expression: string) {
  const ctx = createExecutionContext();
  const bindings = { ...env, SHOP_ORIGIN: BASE } as Env;
  await worker.scheduled!(createScheduledController({ cron: expression, scheduledTime: new Date() }), bindings, ctx);
  await waitOnExecutionContext(ctx);
}

describe("the Cron Triggers", () => {
  it.each([MAIL_SWEEP_CRON, DAILY_CRON])("run the registry's jobs of %s, each recorded", async (expression) => {
    await cron(expression);
    const expected = JOBS.filter((job) => job.cron === expression).map((job) => job.name);
    const recorded = await runs();
    expect(recorded.map((run) => run.name)).toEqual([...expected].sort());
    for (const run of recorded) expect(run).toMatchObject({ outcome: "ok", ran_by: "Schedule" });
  });
});

async function postJob(bindings: Env, name: string) {
  const ctx = createExecutionContext();
  const response = await worker.fetch!(
    new Request(`${BASE}/api/dev/jobs/${name}`, { method: "POST" }) as Request<unknown, IncomingRequestCfProperties>,
    bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

describe("POST /api/dev/jobs/{name}", () => {
  it("runs the job on a development server and answers its run", async () => {
    const response = await postJob(DEVELOPMENT, "mail-sweep");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      data: { name: "mail-sweep", outcome: "ok", result: "0 emails queued again.", error: null },
    });
    expect(await runs()).toEqual([{ name: "mail-sweep", outcome: "ok", ran_by: "Development" }]);
  });

  it("is the API's 404 for a name no job has, and in any other environment", async () => {
    const unknown = await postJob(DEVELOPMENT, "make-coffee");
    expect(unknown.status).toBe(404);
    const elsewhere = await SELF.fetch(`${BASE}/api/dev/jobs/mail-sweep`, { method: "POST" });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toEqual({ success: false, message: "Not found" });
    expect(await runs()).toEqual([]);
  });

  it("is not in the published document", async () => {
    const document = await (await SELF.fetch(`${BASE}/api/openapi.json`)).text();
    expect(document).not.toContain("/dev/jobs");
  });
});

describe("/admin/jobs", () => {
  it("lists every job with its schedule and last run, and runs one now with a toast", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const before = visibleText(await (await visit(jar, "/admin/jobs")).text());
    for (const job of JOBS) expect(before).toContain(job.name);
    expect(before).toContain("Every 10 minutes");
    expect(before).toContain("Never");

    const response = await postForm(jar, "/admin/jobs", { name: "search-misses-cleanup" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/jobs");
    const after = visibleText(await (await visit(jar, "/admin/jobs")).text());
    expect(after).toContain("search-misses-cleanup: Searches older than 90 days removed.");
    expect(after).toContain(`By ${ADMIN.name}`);
    expect(await runs()).toEqual([{ name: "search-misses-cleanup", outcome: "ok", ran_by: ADMIN.name }]);

    const unknown = await postForm(jar, "/admin/jobs", { name: "make-coffee" });
    expect(visibleText(await (await visit(jar, unknown.headers.get("Location")!)).text())).toContain(
      "There is no such job.",
    );
  });

  it("keeps a customer out: the page is not theirs, and their post runs nothing", async () => {
    const jar = await loggedIn(CUSTOMER, newIp());
    expect([302, 403, 404]).toContain((await visit(jar, "/admin/jobs")).status);
    const posted = await postForm(jar, "/admin/jobs", { name: "mail-sweep" });
    expect([302, 403, 404]).toContain(posted.status);
    expect(posted.headers.get("Location") ?? "").not.toBe("/admin/jobs");
    expect(await runs()).toEqual([]);
  });
});

describe("the jobs' admin API", () => {
  const { call } = apiClient(newIp);

  it("GET /api/admin/jobs lists every job of the registry with its schedule and last run", async () => {
    const token = await apiToken(newIp(), ADMIN);
    await call("POST", "/api/admin/jobs/search-misses-cleanup/run", { token });
    const { status, body } = await call("GET", "/api/admin/jobs", { token });
    expect(status).toBe(200);
    expect(body.data.map((job: { name: string }) => job.name)).toEqual(JOBS.map((job) => job.name));
    expect(body.data.find((job: { name: string }) => job.name === "mail-sweep")).toEqual({
      name: "mail-sweep",
      description: JOBS.find((job) => job.name === "mail-sweep")!.description,
      schedule: "Every 10 minutes",
      cron: MAIL_SWEEP_CRON,
      last_run: null,
    });
    expect(body.data.find((job: { name: string }) => job.name === "search-misses-cleanup").last_run).toMatchObject({
      outcome: "ok",
      result: "Searches older than 90 days removed.",
      error: null,
      ran_by: ADMIN.name,
    });
  });

  it("POST /api/admin/jobs/{name}/run runs it now, recorded and audited; an unknown name is a 404", async () => {
    const token = await apiToken(newIp(), ADMIN);
    const { status, body } = await call("POST", "/api/admin/jobs/search-misses-cleanup/run", { token });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      message: "search-misses-cleanup: Searches older than 90 days removed.",
      data: { outcome: "ok", result: "Searches older than 90 days removed.", error: null, ran_by: ADMIN.name },
    });
    expect(await runs()).toEqual([{ name: "search-misses-cleanup", outcome: "ok", ran_by: ADMIN.name }]);
    const audit = await call("GET", "/api/admin/audit?entity=job&entity_id=search-misses-cleanup", { token });
    expect(audit.body.data.data[0]).toMatchObject({
      action: "run",
      summary: "Ran the job search-misses-cleanup: Searches older than 90 days removed.",
    });
    const unknown = await call("POST", "/api/admin/jobs/make-coffee/run", { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: "There is no such job." });
  });

  it("is for staff only: no token is a 401, a customer's a 403, and nothing runs", async () => {
    expect((await call("GET", "/api/admin/jobs")).status).toBe(401);
    const customer = await apiToken(newIp(), CUSTOMER);
    expect((await call("GET", "/api/admin/jobs", { token: customer })).status).toBe(403);
    expect((await call("POST", "/api/admin/jobs/mail-sweep/run", { token: customer })).status).toBe(403);
    expect(await runs()).toEqual([]);
  });
});
