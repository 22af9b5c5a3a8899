import { z } from "zod";
import { hasDevMailbox, listDevMail } from "../../app/services/mail/dev-mailbox.server";
import { NotFoundError } from "../../app/services/errors";
import { findJob, RAN_BY_DEVELOPMENT, runJob } from "../../app/http/jobs.server";
import { ok } from "./http";
import { apiApp, errors, json, mount, success } from "./openapi";

/** A mail of the development mailbox, as delivered (secrets revealed). */
const DevMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  text: z.string(),
  html: z.string(),
  sent_at: z.string().nullable(),
});

/**
 * GET /api/dev/mail?to=<address>: the development mailbox (docs/decisions/020), newest first, for
 * the browser tests and a developer's scripts. Only on a development server; 404 in every other
 * environment, as an unknown path is. Kept out of the published document (`hide`): the contract is
 * the live shop's, where this route never answers.
 */
export const devApi = apiApp();
mount(
  devApi,
  {
    method: "get",
    path: "/mail",
    hide: true,
    tags: ["System"],
    summary: "The development mailbox: mails as delivered, newest first (development only)",
    request: { query: z.object({ to: z.string().optional() }) },
    responses: { 200: json(success(z.array(DevMailSchema)), "The mails."), ...errors(404) },
  },
  async (c) => {
    const { app } = c.var;
    if (!hasDevMailbox(app.env)) throw new NotFoundError();
    const mails = await listDevMail(app.db, { to: c.req.query("to") || undefined });
    c.header("Cache-Control", "no-store");
    return ok(
      c,
      mails.map(({ id, to, subject, template, text, html, sent_at }) => ({
        id,
        to,
        subject,
        template,
        text,
        html,
        sent_at,
      })),
    );
  },
);

/** A job's run, as recorded (`job_runs`). */
const DevJobRunSchema = z.object({
  name: z.string(),
  outcome: z.enum(["ok", "failed"]),
  result: z.string().nullable(),
  error: z.string().nullable(),
});

/**
 * POST /api/dev/jobs/{name}: runs a scheduled job at once (app/http/jobs.server.ts) and answers how
 * it ended, so the browser tests and a developer's scripts can trigger one. Development only, like
 * the mailbox: 404 in every other environment, and for a name no job has. Without SHOP_ORIGIN, the
 * mails it writes link to the address this request came to (a schedule has none to go by).
 */
mount(
  devApi,
  {
    method: "post",
    path: "/jobs/{name}",
    hide: true,
    tags: ["System"],
    summary: "Run a scheduled job now (development only)",
    request: { params: z.object({ name: z.string() }) },
    responses: { 200: json(success(DevJobRunSchema), "The run, as recorded."), ...errors(404) },
  },
  async (c) => {
    const { app } = c.var;
    const job = findJob(c.req.param("name") ?? "");
    if (!hasDevMailbox(app.env) || !job) throw new NotFoundError();
    const env = { ...app.env, SHOP_ORIGIN: app.env.SHOP_ORIGIN || new URL(c.req.url).origin };
    const { name, outcome, result, error } = await runJob(app.db, env, job, RAN_BY_DEVELOPMENT);
    c.header("Cache-Control", "no-store");
    return ok(c, { name, outcome, result, error });
  },
);
