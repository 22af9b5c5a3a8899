import { and, count, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { log } from "./log.server";
import { UNSENT_AFTER_SECONDS } from "./mail/outbox.server";

/**
 * What `/api/health` checks (docs/decisions/032): the database answers one `SELECT 1`; the deep
 * check (staff) also asks R2 for an object that is never there and counts the mail waiting too long.
 */

export type Check = "ok" | "error";

/** One round trip to the database: "error" when it throws. */
export async function checkDatabase(db: Database): Promise<Check> {
  try {
    await db.run(sql`SELECT 1`);
    return "ok";
  } catch (error) {
    log.error("health: the database does not answer", error);
    return "error";
  }
}

/** A head of a key no upload has: R2 answers null when it works. "error" when it throws or is not bound. */
export async function checkUploads(bucket: R2Bucket | undefined): Promise<Check> {
  if (!bucket) return "error";
  try {
    await bucket.head("health-check/none");
    return "ok";
  } catch (error) {
    log.error("health: R2 does not answer", error);
    return "error";
  }
}

/** Mails still queued past the time the queue should have sent them: a stuck queue or a failing transport. */
export async function overdueMailCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "queued"), lt(mailOutbox.createdAt, sql`unixepoch() - ${UNSENT_AFTER_SECONDS}`)));
  return row?.n ?? 0;
}
