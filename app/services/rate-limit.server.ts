import { and, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { DomainError } from "./errors";
import { log } from "./log.server";

/**
 * Limits kept in the database, so every Worker instance sees the same count (docs/decisions/022).
 *
 * A limit is CONSUMED BEFORE the work it guards: one UPSERT per counter that adds the attempt and
 * answers the new count (`INSERT ... ON CONFLICT DO UPDATE ... RETURNING`), all of a request's
 * counters in one batch. The request is refused when a count went over its maximum. Two requests
 * racing each get their own count from SQLite, so N parallel requests let exactly `max` through;
 * "read the count, do the work, then count" let every one of them through.
 */
export interface Limit {
  /** What is counted, e.g. `order:client:2001:db8:1:2::/64`. */
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
/** Login attempts per client address in the window (a successful one is given back). */
export const LOGIN_MAX_FAILURES_PER_CLIENT = 30;
/** Failed logins for one email that cost nothing; from the next one on, each waits 1, 2, 4... seconds. */
export const LOGIN_FREE_FAILURES = 5;
/** The longest wait between two attempts for one email: the owner is never locked out for long. */
export const LOGIN_BACKOFF_CAP_SECONDS = 5 * 60;
/** An email's failures are forgotten once this long has passed since its last wait ended. */
export const LOGIN_FORGET_SECONDS = 60 * 60;
export const REGISTER_WINDOW_SECONDS = 60 * 60;
export const REGISTER_MAX_PER_CLIENT = 20;
export const CONTACT_WINDOW_SECONDS = 60 * 60;
/** Contact messages allowed per client address in the window. */
export const CONTACT_MAX_PER_CLIENT = 5;

/** What a limit counts, for the logs: its key less whom it counts (`login:client`, never the address). */
const limitKind = (limit: Limit) => limit.key.split(":").slice(0, 2).join(":");

/** The limit on one action of one client or account: counted under `{prefix}:{who}`, at most `max` in the window. */
export const limitOn =
  (prefix: string, max: number, windowSeconds: number) =>
  (who: string | number): Limit => ({ key: `${prefix}:${who}`, max, windowSeconds });

export const LOGIN_LIMITED_MESSAGE = (wait: string) => `Too many login attempts. Please try again in ${wait}.`;

export const loginClientLimit = limitOn("login:client", LOGIN_MAX_FAILURES_PER_CLIENT, LOGIN_WINDOW_SECONDS);

/** The key of an email's login backoff (the email as the login form normalised it). */
export const loginEmailKey = (email: string) => `login:email:${email.toLowerCase()}`;

export const registerLimit = limitOn("register:client", REGISTER_MAX_PER_CLIENT, REGISTER_WINDOW_SECONDS);

export const contactLimit = limitOn("contact:client", CONTACT_MAX_PER_CLIENT, CONTACT_WINDOW_SECONDS);

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** "1 second", "40 seconds", "2 minutes", "3 hours": how long to wait, as a message says it. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? "" : "s"}`;
  const m = Math.ceil(s / 60);
  if (m >= 120) return `${Math.ceil(m / 60)} hours`;
  return `${m} minute${m === 1 ? "" : "s"}`;
}

/**
 * The statement that counts one more event against a limit (opening a new window when the last one
 * ended); `.returning(...)` on it answers the new count. For a batch that must count with its work
 * (a guarded write); a request that must be refused past a limit calls `consumeLimits` first.
 */
export function countStatement(db: Database, limit: Limit, at = nowSeconds()) {
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

/**
 * Consumes one attempt of every limit, atomically and BEFORE the work: one batch of UPSERTs, each
 * answering its new count. Throws RateLimitError (429, Retry-After: until the last window that
 * went over ends) when any count went over its maximum; the attempt stays counted, so hammering a
 * limit never opens it.
 */
export async function consumeLimits(db: Database, limits: Limit[], message: (wait: string) => string): Promise<void> {
  if (limits.length === 0) return;
  const at = nowSeconds();
  const [first, ...rest] = limits.map((limit) =>
    countStatement(db, limit, at).returning({
      key: rateLimits.key,
      count: rateLimits.count,
      resetAt: rateLimits.resetAt,
    }),
  );
  const results = (await db.batch([first!, ...rest])) as Array<Array<{ key: string; count: number; resetAt: Date }>>;
  let wait = 0;
  results.forEach((rows, i) => {
    const row = rows[0];
    if (row && row.count > limits[i]!.max) {
      wait = Math.max(wait, Math.floor(row.resetAt.getTime() / 1000) - at, 1);
      log.warn("rate limit reached", { limit: limitKind(limits[i]!) });
    }
  });
  if (wait > 0) throw new RateLimitError(message(waitText(wait)), wait);
}

/**
 * The rows of these limits whose windows are still open at `at` (seconds), to read in a batch: with
 * `limitsReached`, whether a mail may go without counting an attempt (a confirmation mail's limits).
 */
export function openLimitRows(db: Database, limits: Limit[], at: number) {
  return db
    .select({ key: rateLimits.key, count: rateLimits.count })
    .from(rateLimits)
    .where(
      and(
        inArray(
          rateLimits.key,
          limits.map((limit) => limit.key),
        ),
        gt(rateLimits.resetAt, new Date(at * 1000)),
      ),
    );
}

/** Whether any of these limits is reached, by its open rows (`openLimitRows`). */
export const limitsReached = (limits: Limit[], rows: Array<{ key: string; count: number }>) =>
  rows.some((row) => row.count >= (limits.find((limit) => limit.key === row.key)?.max ?? Infinity));

/** True in SQL while none of these limits is reached at `at` (a guard in the batch of the work they limit, for two racing). */
export const underLimitsSql = (limits: Limit[], at: number): SQL =>
  and(
    ...limits.map(
      (limit) =>
        sql`NOT EXISTS (SELECT 1 FROM ${rateLimits} WHERE ${rateLimits.key} = ${limit.key} AND ${rateLimits.resetAt} > ${at} AND ${rateLimits.count} >= ${limit.max})`,
    ),
  )!;

/** Gives one attempt back (a login that succeeded): never below zero, never opens a new window. */
export function refundStatement(db: Database, limit: Limit) {
  return db
    .update(rateLimits)
    .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, limit.key));
}

export function resetStatement(db: Database, key: string) {
  return db.delete(rateLimits).where(eq(rateLimits.key, key));
}

// ---------------------------------------------------------------- login: backoff per email

/**
 * An email's failed logins, as one row of `rate_limits`: `count` the failures in a row, `reset_at`
 * the moment (seconds, with a fraction) before which no attempt for the email is even looked at.
 * The first LOGIN_FREE_FAILURES cost nothing; the next waits 1 s, then 2, 4, 8... up to
 * LOGIN_BACKOFF_CAP_SECONDS. Never a long lock: the owner waits minutes at most, a guesser gets a
 * few hundred tries a day instead of thousands a second.
 *
 * An attempt is CLAIMED before the password is checked, as a failure (one UPSERT whose update only
 * applies when the wait is over, RETURNING the row it wrote): of many parallel attempts only those
 * the backoff allows reach the (slow) password check; a success then clears the row.
 */
function backoffSql(failures: SQL) {
  return sql`(CASE WHEN ${failures} < ${LOGIN_FREE_FAILURES} THEN 0 ELSE min(${LOGIN_BACKOFF_CAP_SECONDS}, 1 << min(${failures} - ${LOGIN_FREE_FAILURES}, 20)) END)`;
}

/** The seconds before the next attempt for an email may be tried after `failures` in a row. */
export function loginBackoffSeconds(failures: number): number {
  return failures < LOGIN_FREE_FAILURES
    ? 0
    : Math.min(LOGIN_BACKOFF_CAP_SECONDS, 2 ** Math.min(failures - LOGIN_FREE_FAILURES, 20));
}

/**
 * Claims one login attempt for `email` from `client`, before any password is checked: the client's
 * window is consumed first (30 in 15 minutes), then the email's backoff. Throws RateLimitError
 * (429, "Too many login attempts. Please try again in {wait}.") when either refuses.
 */
export async function claimLoginAttempt(db: Database, email: string, client: string): Promise<void> {
  await consumeLimits(db, [loginClientLimit(client)], LOGIN_LIMITED_MESSAGE);
  const key = loginEmailKey(email);
  // Seconds with a fraction: a 1-second wait is a second, not "until the clock ticks".
  const at = Date.now() / 1000;
  const failures = sql`(CASE WHEN ${rateLimits.resetAt} + ${LOGIN_FORGET_SECONDS} <= ${at} THEN 1 ELSE ${rateLimits.count} + 1 END)`;
  const [claimed, current] = await db.batch([
    db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt: sql`${at} + ${backoffSql(sql`1`)}` as unknown as Date })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { count: failures, resetAt: sql`${at} + ${backoffSql(failures)}` },
        // Still waiting: nothing changes, and nothing is returned.
        setWhere: sql`${rateLimits.resetAt} <= ${at}`,
      })
      .returning({ count: rateLimits.count }),
    db
      .select({ resetAt: sql<number>`${rateLimits.resetAt}` })
      .from(rateLimits)
      .where(eq(rateLimits.key, key)),
  ]);
  if (claimed.length > 0) return;
  const wait = Math.max(1, Math.ceil(Number(current[0]?.resetAt ?? at) - at));
  log.warn("rate limit reached", { limit: "login:email" });
  throw new RateLimitError(LOGIN_LIMITED_MESSAGE(waitText(wait)), wait);
}

/**
 * After a failed password check: the email's wait counts from now, not from the claim (the check
 * itself takes a while), so the next attempt really waits 1, 2, 4... seconds after this failure.
 */
export async function loginFailed(db: Database, email: string): Promise<void> {
  const at = Date.now() / 1000;
  await db
    .update(rateLimits)
    .set({ resetAt: sql`max(${rateLimits.resetAt}, ${at} + ${backoffSql(sql`${rateLimits.count}`)})` })
    .where(eq(rateLimits.key, loginEmailKey(email)));
}

/** What a successful login writes with its session: the email's failures forgotten, the client's attempt given back. */
export function loginSucceededStatements(db: Database, email: string, client: string) {
  return [resetStatement(db, loginEmailKey(email)), refundStatement(db, loginClientLimit(client))] as const;
}

// ---------------------------------------------------------------- who is asking

/**
 * Who is asking, as Cloudflare reports it (`CF-Connecting-IP`); local runs have no such header.
 * The ONE key every per-client limit uses: an IPv4 address as it is, an IPv6 address by its /64
 * prefix (one household or server gets a whole /64, and picks any address in it at will), written
 * one way (`::` expanded, lower case, no leading zeros) so two spellings are one client.
 */
export function clientAddress(request: Request): string {
  const raw = request.headers.get("CF-Connecting-IP")?.trim();
  if (!raw) return "local";
  return clientKey(raw);
}

/** The per-client key of an address (see clientAddress). */
export function clientKey(address: string): string {
  const value = address.trim().toLowerCase();
  if (!value.includes(":")) return value.slice(0, 64);
  const groups = ipv6Groups(value);
  if (!groups) return value.slice(0, 64);
  // An IPv4-mapped address (::ffff:192.0.2.1) is the IPv4 client it names.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a dotted IPv4 tail), or null when it is not one. */
function ipv6Groups(value: string): number[] | null {
  const address = value.split("%")[0]!;
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    const pieces = part.split(":");
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!;
      if (i === pieces.length - 1 && piece.includes(".")) {
        const octets = piece.split(".").map((o) => (/^\d{1,3}$/.test(o) ? Number(o) : NaN));
        if (octets.length !== 4 || octets.some((o) => !(o >= 0 && o <= 255))) return null;
        out.push((octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!);
      } else {
        if (!/^[0-9a-f]{1,4}$/.test(piece)) return null;
        out.push(parseInt(piece, 16));
      }
    }
    return out;
  };
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}
