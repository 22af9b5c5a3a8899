import { and, asc, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { sessions, userIdentities, users } from "../../db/schema";
import { SIGN_IN_METHOD_MESSAGES } from "../lib/account-email";
import { changes } from "../lib/cache-tags";
import { SOCIAL_PROVIDER_NAMES, type SocialProvider } from "../lib/social-login";
import { bumpTags } from "./cache-tags.server";
import { ConflictError, NotFoundError } from "./errors";
import type { ProviderIdentity } from "./social-login.server";
import { isUniqueViolation } from "./sql";

/**
 * An account's ways to sign in (docs/decisions/021): its password (unless social login created the
 * account and no reset has set one) and the providers linked to it. A signed-in owner links a
 * provider (the other sessions end) and unlinks one while another way in remains.
 */

export interface LinkedIdentity {
  provider: SocialProvider;
  /** The address the provider gave when it was last used, if any. */
  email: string | null;
  linked_at: string;
  last_used_at: string | null;
}

export interface SignInMethods {
  password_set: boolean;
  identities: LinkedIdentity[];
}

export async function signInMethods(db: Database, userId: number): Promise<SignInMethods> {
  const [account, identities] = await db.batch([
    db.select({ passwordSet: users.passwordSet }).from(users).where(eq(users.id, userId)),
    db
      .select({
        provider: userIdentities.provider,
        email: userIdentities.email,
        createdAt: userIdentities.createdAt,
        lastUsedAt: userIdentities.lastUsedAt,
      })
      .from(userIdentities)
      .where(eq(userIdentities.userId, userId))
      .orderBy(asc(userIdentities.provider), asc(userIdentities.createdAt)),
  ]);
  return {
    password_set: account[0]?.passwordSet ?? false,
    identities: identities.map((row) => ({
      provider: row.provider,
      email: row.email,
      linked_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    })),
  };
}

export type LinkOutcome = "linked" | "already_linked";

/**
 * Links a provider's identity to the signed-in account (the callback of a sign-in started from the
 * profile). An identity linked to another account is refused (409). Linking ends every other
 * session of the account, in the same batch: a new way in is a moment to log out devices.
 */
export async function linkIdentity(
  db: Database,
  viewer: { userId: number; sessionId: string },
  identity: ProviderIdentity,
): Promise<LinkOutcome> {
  const name = SOCIAL_PROVIDER_NAMES[identity.provider];
  const where = and(
    eq(userIdentities.provider, identity.provider),
    eq(userIdentities.providerUserId, identity.providerUserId),
  );
  const [existing] = await db.select({ userId: userIdentities.userId }).from(userIdentities).where(where);
  if (existing) {
    if (existing.userId === viewer.userId) return "already_linked";
    throw new ConflictError(SIGN_IN_METHOD_MESSAGES.linkedElsewhere(name));
  }
  const now = new Date();
  try {
    await db.batch([
      db.insert(userIdentities).values({
        provider: identity.provider,
        providerUserId: identity.providerUserId,
        userId: viewer.userId,
        email: identity.email,
        lastUsedAt: now,
      }),
      db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, viewer.userId), ne(sessions.id, viewer.sessionId), isNull(sessions.revokedAt))),
      bumpTags(db, changes.accountChanged(viewer.userId)),
    ]);
  } catch (error) {
    // Linked at the same moment by another callback: to this account, or to another one.
    if (isUniqueViolation(error)) return linkIdentity(db, viewer, identity);
    throw error;
  }
  return "linked";
}

/**
 * Removes a provider from the account, but never the last way in: one delete guarded in SQL by a
 * usable password or another provider remaining, so two unlinks at once cannot both pass. Not
 * linked: 404; the only way in: 409.
 */
export async function unlinkProvider(db: Database, userId: number, provider: SocialProvider): Promise<SignInMethods> {
  const name = SOCIAL_PROVIDER_NAMES[provider];
  const otherWayIn = or(
    sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.passwordSet} = 1)`,
    sql`EXISTS (SELECT 1 FROM ${userIdentities} AS others WHERE others.user_id = ${userId} AND others.provider <> ${provider})`,
  );
  const [removed] = await db.batch([
    db
      .delete(userIdentities)
      .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider), otherWayIn))
      .returning({ provider: userIdentities.provider }),
    bumpTags(db, changes.accountChanged(userId)),
  ]);
  if (removed.length === 0) {
    const linked = await db
      .select({ provider: userIdentities.provider })
      .from(userIdentities)
      .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)));
    if (linked.length === 0) throw new NotFoundError(SIGN_IN_METHOD_MESSAGES.notLinked(name));
    throw new ConflictError(SIGN_IN_METHOD_MESSAGES.lastMethod(name));
  }
  return signInMethods(db, userId);
}
