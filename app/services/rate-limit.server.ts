import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { DomainError } from "./errors";

/** Fixed-window counters kept in the database, so every Worker instance sees the same count. */
export interface Limit {
  /** What is counted, e.g. `login:email:ann@example.com`. */
  key: string;
  max: number;
  windowSeconds: number;
}

export class RateLimitError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 429);
  }
}

export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Failed logins allowed per email, and per client address, in the window. */
export const LOGIN_MAX_FAILURES_PER_EMAIL = 10;
export const LOGIN_MAX_FAILURES_PER_CLIENT = 30;
export const REGISTER_WINDOW_SECONDS = 60 * 60;
export const REGISTER_MAX_PER_CLIENT = 20;
export const CONTACT_WINDOW_SECONDS = 60 * 60;
/** Contact messages allowed per client address in the window. */
export const CONTACT_MAX_PER_CLIENT = 5;

export const loginLimits = (email: string, client: string): Limit[] => [
  { key: `login:email:${email}`, max: LOGIN_MAX_FAILURES_PER_EMAIL, windowSeconds: LOGIN_WINDOW_SECONDS },
  { key: `login:client:${client}`, max: LOGIN_MAX_FAILURES_PER_CLIENT, windowSeconds: LOGIN_WINDOW_SECONDS },
];

export const registerLimit = (client: string): Limit => ({
  key: `register:client:${client}`,
  max: REGISTER_MAX_PER_CLIENT,
  windowSeconds: REGISTER_WINDOW_SECONDS,
});

export const contactLimit = (client: string): Limit => ({
  key: `contact:client:${client}`,
  max: CONTACT_MAX_PER_CLIENT,
  windowSeconds: CONTACT_WINDOW_SECONDS,
});

const now = () => Math.floor(Date.now() / 1000);

function minutes(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} minute${m === 1 ? "" : "s"}`;
}

/** Throws when any of the counters has reached its maximum within its window (one read). */
export async function assertUnderLimits(db: Database, limits: Limit[], message: (wait: string) => string): Promise<void> {
  if (limits.length === 0) return;
  const rows = await db
    .select({ key: rateLimits.key, count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, limits.map((limit) => limit.key)), gt(rateLimits.resetAt, new Date(now() * 1000))));
  let wait = 0;
  for (const row of rows) {
    const limit = limits.find((l) => l.key === row.key);
    if (limit && row.count >= limit.max) wait = Math.max(wait, Math.floor(row.resetAt.getTime() / 1000) - now());
  }
  if (wait > 0) throw new RateLimitError(message(minutes(wait)), wait);
}

/** The statement that counts one more event against a limit, opening a new window when the last one ended. */
export function countStatement(db: Database, limit: Limit) {
  const at = now();
  const next = at + limit.windowSeconds;
  return db
    .insert(rateLimits)
    .values({ key: limit.key, count: 1, resetAt: new Date(next * 1000) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetAt} <= ${at} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${at} THEN ${next} ELSE ${rateLimits.resetAt} END`,
      },
    });
}

export async function countEvents(db: Database, limits: Limit[]): Promise<void> {
  if (limits.length === 0) return;
  const [first, ...rest] = limits.map((limit) => countStatement(db, limit));
  await db.batch([first!, ...rest]);
}

export function resetStatement(db: Database, key: string) {
  return db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Who is asking, as Cloudflare reports it; local runs have no such header. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}
