import { z } from "zod";
import { isAdmin } from "../../app/services/auth.server";
import { ForbiddenError } from "../../app/services/errors";
import { checkDatabase, checkUploads, overdueMailCount } from "../../app/services/health.server";
import { apiApp, errors, json, mount, success, GUEST_OR_SIGNED_IN_READ } from "./openapi";
import { HealthSchema, HealthFailureSchema } from "./schemas";
import { optionalViewer } from "./session";
import type { ApiContext } from "./http";

const NO_STORE = { "Cache-Control": "no-store" };

/** Which bindings the Worker has: names and yes or no, never a value. */
function bindingsOf(env: Env) {
  return {
    DB: Boolean(env.DB) || Boolean(env.LIBSQL_URL),
    UPLOADS: Boolean(env.UPLOADS),
    MAIL_QUEUE: Boolean(env.MAIL_QUEUE),
    ASSETS: Boolean(env.ASSETS),
    SEND_EMAIL: Boolean(env.SEND_EMAIL),
    cache: typeof caches !== "undefined",
  };
}

/** The deep checks, for staff: R2 answers, and how much mail waits past its time. */
async function deepChecks(c: ApiContext) {
  const { env, db } = c.var.app;
  return {
    uploads: await checkUploads(env.UPLOADS),
    mail_queue: env.MAIL_QUEUE ? ("ok" as const) : ("error" as const),
    overdue_mail: await overdueMailCount(db),
  };
}

export const health = mount(
  apiApp(),
  {
    method: "get",
    path: "/",
    tags: ["System"],
    summary: "Whether the API and its database are up, and which bindings the Worker has",
    description:
      "Reads the database once (`SELECT 1`). With `deep=1`, for staff only (a bearer token or the session cookie of an admin; anyone else gets 403), it also asks R2 for an object and counts the mail queued past its time.",
    middleware: optionalViewer,
    security: GUEST_OR_SIGNED_IN_READ,
    request: { query: z.object({ deep: z.literal("1").optional() }) },
    responses: {
      200: json(success(HealthSchema), "Up."),
      ...errors(403),
      503: json(HealthFailureSchema, "The database does not answer (or, deep, R2 does not)."),
    },
  },
  async (c) => {
    const { env, db } = c.var.app;
    const deep = c.req.query("deep") === "1";
    if (deep) {
      const viewer = c.var.maybeViewer;
      if (!viewer || !isAdmin(viewer.user)) throw new ForbiddenError("The deep check is for the shop's staff only.");
    }
    const database = await checkDatabase(db);
    const checks = deep && database === "ok" ? await deepChecks(c) : undefined;
    const failed = database === "error" || checks?.uploads === "error";
    const data = {
      status: failed ? ("error" as const) : ("ok" as const),
      database,
      bindings: bindingsOf(env),
      ...(checks ? { checks } : {}),
    };
    if (failed) return c.json({ success: false, message: "Service unavailable", data }, 503, NO_STORE);
    return c.json({ success: true, data }, 200, NO_STORE);
  },
);

mount(
  health,
  {
    method: "get",
    path: "/live",
    tags: ["System"],
    summary: "Whether the Worker answers, touching nothing (liveness)",
    description:
      "No database, no binding: the cheapest answer the API gives, for a load balancer or a benchmark's floor.",
    security: [],
    responses: { 200: json(success(z.object({ status: z.literal("ok") })), "Up.") },
  },
  (c) => c.json({ success: true, data: { status: "ok" } }, 200, NO_STORE),
);
