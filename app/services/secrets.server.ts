/**
 * Secrets come from the environment (`wrangler secret put`, `.dev.vars` locally). Only a local
 * development or test Worker may fall back to a fixed value; production without one refuses to run.
 */
const LOCAL_ENVIRONMENTS = new Set(["development", "test"]);

function secret(env: Env, name: "SESSION_SECRET" | "JWT_SECRET"): string {
  const value = env[name];
  if (value && value.length >= 16) return value;
  if (LOCAL_ENVIRONMENTS.has(env.ENVIRONMENT ?? "")) return `local-only-${name.toLowerCase()}-not-for-production`;
  throw new Error(`${name} is not set: run \`wrangler secret put ${name}\``);
}

export const sessionSecret = (env: Env) => secret(env, "SESSION_SECRET");
export const jwtSecret = (env: Env) => secret(env, "JWT_SECRET");

/**
 * The secrets a production Worker lacks (empty when all are set). The Worker answers every request
 * with an error naming them until they are put, rather than run with a guessable default.
 */
export function missingSecrets(env: Env): string[] {
  if (LOCAL_ENVIRONMENTS.has(env.ENVIRONMENT ?? "")) return [];
  return (["JWT_SECRET", "SESSION_SECRET"] as const).filter((name) => !env[name] || env[name]!.length < 16);
}
