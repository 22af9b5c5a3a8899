import { and, eq, gt, isNull, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { accountTokens } from "../../db/schema";
import { hashToken } from "./tokens.server";

/**
 * The account's mailed links (docs/decisions/021): verifying the address, confirming a new one,
 * deleting the account. A new link of one purpose ends the older ones; a link works while unused
 * and unexpired.
 */

export type AccountTokenPurpose = (typeof accountTokens.$inferSelect)["purpose"];

/** Ends the account's unused links of this purpose (only the newest works): a statement to batch. */
export const retireTokens = (db: Database, userId: number | SQL<number>, purpose: AccountTokenPurpose, now: Date) =>
  db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));

/** A link of this purpose that still works at `now`: unused, unexpired. */
export const unusedToken = (purpose: AccountTokenPurpose, now: Date) =>
  and(eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now));

/** A new link: whose, for what, to which address, its token, and for how many minutes from `now` it works. */
export interface NewLink {
  userId: number | SQL<number>;
  purpose: AccountTokenPurpose;
  email: string;
  token: string;
  now: Date;
  validMinutes: number;
}

/** The statements that make `link` the account's one working link of its purpose: the older ones retired, its SHA-256 kept. */
export async function newLinkStatements(db: Database, link: NewLink) {
  return [
    retireTokens(db, link.userId, link.purpose, link.now),
    db.insert(accountTokens).values({
      tokenHash: await hashToken(link.token),
      userId: link.userId,
      purpose: link.purpose,
      email: link.email,
      expiresAt: new Date(link.now.getTime() + link.validMinutes * 60 * 1000),
    }),
  ] as const;
}
