import { z } from "zod";
import { missingSecrets, secretProblems } from "./secrets.server";

/** A binding wrangler provides: an object with the method named, or the message naming how to bind it. */
const binding = <T>(method: string, how: string) =>
  z.custom<T>((value) => typeof (value as Record<string, unknown> | undefined)?.[method] === "function", {
    message: `is not bound (${how})`,
  });

const origin = z.string().refine((value) => URL.canParse(value) && new URL(value).origin === value, {
  message: "is not an origin like https://shop.example (a scheme and host, no path)",
});

/**
 * The Worker's bindings, variables and secrets (wrangler.toml, `wrangler secret put`, .dev.vars): what
 * each must be. The global `Env` type (env.d.ts) is this schema's type, so the two cannot drift.
 */
export const EnvSchema = z
  .object({
    /** The shop's database (D1), unless LIBSQL_URL points at a libSQL one. */
    DB: z.custom<D1Database>(() => true).optional(),
    ASSETS: binding<Fetcher>("fetch", "[assets] in wrangler.toml").optional(),
    /** Staff-uploaded images (R2), served at /uploads/{key}. */
    UPLOADS: binding<R2Bucket>("put", "[[r2_buckets]] binding = UPLOADS").optional(),
    /** `production` (wrangler.toml), `development` (npm start), `test` (the worker tests). */
    ENVIRONMENT: z.string().optional(),
    /** The outbox's delivery queue (producer); the same Worker consumes it. */
    MAIL_QUEUE: binding<Queue<{ id: string }>>("send", "[[queues.producers]] binding = MAIL_QUEUE").optional(),
    /** Resend's API key: with MAIL_FROM, mail leaves through Resend's REST API. */
    RESEND_API_KEY: z.string().optional(),
    /** Resend's webhook signing secret (`whsec_...`): with it, POST /api/mail/events records bounces and complaints. */
    RESEND_WEBHOOK_SECRET: z.string().optional(),
    /** Cloudflare Email Routing's binding (`[[send_email]]`), used when Resend is not configured. */
    SEND_EMAIL: binding<SendEmail>("send", "[[send_email]] name = SEND_EMAIL").optional(),
    /** The sender, e.g. `Twistbloom <shop@example.com>`. */
    MAIL_FROM: z.string().optional(),
    /** Social login (docs/decisions/014): a provider's button shows only when both its id and secret are set. */
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    TWITTER_CLIENT_ID: z.string().optional(),
    TWITTER_CLIENT_SECRET: z.string().optional(),
    /** Development only: the loopback origin of the stand-in for Google the browser journeys start. */
    OAUTH_STUB_ORIGIN: origin.optional(),
    /** The shop's address, for links in mails written without a request (the daily sweep). */
    SHOP_ORIGIN: origin.optional(),
    /** Strength checked by `secretProblems` (production only). */
    SESSION_SECRET: z.string().optional(),
    JWT_SECRET: z.string().optional(),
    /** Sentry's DSN (a secret): with it, server errors are reported to Sentry too (docs/decisions/032). */
    SENTRY_DSN: z.string().optional(),
    LIBSQL_URL: z.string().optional(),
    LIBSQL_AUTH_TOKEN: z.string().optional(),
  })
  .superRefine((env, context) => {
    if (!env.LIBSQL_URL && typeof (env.DB as { prepare?: unknown } | undefined)?.prepare !== "function")
      context.addIssue({
        code: "custom",
        path: ["DB"],
        message: "is not bound ([[d1_databases]] binding = DB in wrangler.toml, or set LIBSQL_URL)",
      });
  });

/** The code reads DB as bound: without it (and without LIBSQL_URL) the Worker serves only its 503. */
export type WorkerEnv = Omit<z.infer<typeof EnvSchema>, "DB"> & { DB: D1Database };

const checked = new WeakMap<object, string | null>();

/**
 * What is wrong with the Worker's configuration, as one message naming each binding, variable or
 * secret and how to fix it, or null when the shop can serve. Checked once per `env` object (an
 * isolate keeps its own), so a request pays a lookup.
 */
export function configurationProblem(env: Env): string | null {
  let problem = checked.get(env);
  if (problem === undefined) {
    const parsed = EnvSchema.safeParse(env);
    const problems = [
      ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`)),
      ...secretProblems(env),
    ];
    const missing = missingSecrets(env);
    problem =
      problems.length === 0
        ? null
        : `The shop is not configured: ${problems.join("; ")}.` +
          (missing.length > 0
            ? ` Run ${missing.map((name) => `\`wrangler secret put ${name}\``).join(" and ")} with a value from \`openssl rand -hex 32\` (a different one each).`
            : "");
    checked.set(env, problem);
  }
  return problem;
}
