/**
 * Secrets come from the environment (`wrangler secret put`, `.dev.vars` locally). Only a local
 * development or test Worker may fall back to a fixed value; production without strong ones
 * refuses to run (docs/decisions/024).
 */
const LOCAL_ENVIRONMENTS = new Set(["development", "test"]);

export type SecretName = "SESSION_SECRET" | "JWT_SECRET";
const SECRET_NAMES: readonly SecretName[] = ["JWT_SECRET", "SESSION_SECRET"];

/** The placeholders of `.dev.vars.example`: copied as they are, they are public knowledge. */
export const EXAMPLE_SECRETS: readonly string[] = [
  "change-me-to-a-long-random-string",
  "change-me-to-another-long-random-string",
];

/** Hex carries 4 bits a character: 64 of them are 32 bytes (`openssl rand -hex 32`). */
const MIN_HEX_LENGTH = 64;
/** Base64 (or any wider alphabet) carries 6 bits a character: 43 of them are 32 bytes (`openssl rand -base64 32`). */
const MIN_LENGTH = 43;
/** Random strings of those lengths use far more distinct characters than this (hex: ~16, base64: ~30). */
const MIN_DISTINCT = 10;

/**
 * Why a value cannot be a production secret, or null when it can. The rule (at least 32 random
 * bytes, simply): at least 64 characters when it is all hex digits, else at least 43; at least 10
 * distinct characters; not a shorter string repeated; not one of the example's placeholders.
 */
export function secretWeakness(value: string | undefined): string | null {
  if (!value) return "is not set";
  if (EXAMPLE_SECRETS.includes(value.trim())) return "is the example's placeholder";
  const hex = /^[0-9a-f]+$/i.test(value);
  if (value.length < (hex ? MIN_HEX_LENGTH : MIN_LENGTH))
    return hex ? `is shorter than ${MIN_HEX_LENGTH} hex characters` : `is shorter than ${MIN_LENGTH} characters`;
  if (new Set(value).size < MIN_DISTINCT || repeats(value)) return "is not random enough";
  return null;
}

/** Whether the value is a shorter string over and over ("abcabcabc…", "0123456789abcdef0123…"), a last partial copy allowed. */
function repeats(value: string): boolean {
  for (let period = 1; period <= value.length / 2; period++) {
    let periodic = true;
    for (let i = period; i < value.length && periodic; i++) periodic = value[i] === value[i - period];
    if (periodic) return true;
  }
  return false;
}

function secret(env: Env, name: SecretName): string {
  const value = env[name];
  if (LOCAL_ENVIRONMENTS.has(env.ENVIRONMENT ?? ""))
    return value && value.length >= 16 ? value : `local-only-${name.toLowerCase()}-not-for-production`;
  if (!value || secretWeakness(value) !== null || env.JWT_SECRET === env.SESSION_SECRET)
    throw new Error(`${name} is not usable: run \`wrangler secret put ${name}\` with \`openssl rand -hex 32\``);
  return value;
}

export const sessionSecret = (env: Env) => secret(env, "SESSION_SECRET");
export const jwtSecret = (env: Env) => secret(env, "JWT_SECRET");

/**
 * What is wrong with a production Worker's secrets, one line each (empty when they are fine): a
 * secret that is missing or weak, or both secrets the same. The Worker answers every request with
 * an error saying so until they are put, rather than run with a guessable key. Local runs (development,
 * test) keep their fallback and are never refused.
 */
export function secretProblems(env: Env): string[] {
  if (LOCAL_ENVIRONMENTS.has(env.ENVIRONMENT ?? "")) return [];
  const problems = SECRET_NAMES.flatMap((name) => {
    const weakness = secretWeakness(env[name]);
    return weakness ? [`${name} ${weakness}`] : [];
  });
  if (problems.length === 0 && env.JWT_SECRET === env.SESSION_SECRET)
    problems.push("JWT_SECRET and SESSION_SECRET are the same");
  return problems;
}

/** The secrets a production Worker lacks or must replace (empty when all are strong and different). */
export function missingSecrets(env: Env): SecretName[] {
  if (LOCAL_ENVIRONMENTS.has(env.ENVIRONMENT ?? "")) return [];
  const weak = SECRET_NAMES.filter((name) => secretWeakness(env[name]) !== null);
  if (weak.length === 0 && env.JWT_SECRET === env.SESSION_SECRET) return ["SESSION_SECRET"];
  return weak;
}
