import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { roles, userIdentities, userRoles, users } from "../../db/schema";
import type { SocialProvider } from "../lib/social-login";
import {
  AccountDisabledError,
  insertSession,
  isAdmin,
  newSession,
  result,
  selectUsers,
  toUser,
  userFields,
  type AuthResult,
  type UserRow,
} from "./auth.server";
import { DomainError } from "./errors";
import { isUniqueViolation } from "./sql";
import type { MailContext } from "./mail/context";
import { welcomeStatements } from "./mail/order-mails.server";
import { hashPassword } from "../lib/password";
import { requireSecondFactorFirst } from "./two-factor-challenge.server";
import {
  consumeLimits,
  LOGIN_LIMITED_MESSAGE,
  LOGIN_MAX_FAILURES_PER_CLIENT,
  LOGIN_WINDOW_SECONDS,
  limitOn,
  refundStatement,
} from "./rate-limit.server";

/**
 * Signing in with a provider's identity (docs/decisions/014): the account behind an identity already
 * linked; else the account with the same verified email, which gets the identity linked, but only
 * when that account's own address is verified too (docs/decisions/021); else a new customer account. Every outcome ends in a session like a password login's, written in the
 * same batch as the link or the account.
 */

/** Who the provider says signed in. `email` is set only when the provider says it is verified. */
export interface ProviderIdentity {
  provider: SocialProvider;
  providerUserId: string;
  email: string | null;
  name: string | null;
}

export type SocialSignInOutcome = "signed_in" | "linked" | "created";

export interface SocialSignIn extends AuthResult {
  outcome: SocialSignInOutcome;
}

/**
 * The provider's verified address is an account's whose owner has not proved it (docs/decisions/021):
 * whoever registered it may not be its owner, so the identity is not linked and nobody is signed in.
 * The owner logs in with the password (or resets it by mail, which proves the address and ends
 * every session) and links the provider from the profile.
 */
export class SocialLinkRequiresPasswordError extends DomainError {
  constructor() {
    super(
      "An account with this email address exists, but its address is not verified yet. Log in with your password, then link the provider from your profile.",
      409,
    );
  }
}

/** No identity linked and no verified email: an account without an email is never created. */
export class SocialEmailMissingError extends DomainError {
  constructor() {
    super("The provider did not share a verified email address.", 422);
  }
}

/** Failed social sign-ins per client address in the window: the password login's own figures. */
export const socialLoginLimit = limitOn("social:client", LOGIN_MAX_FAILURES_PER_CLIENT, LOGIN_WINDOW_SECONDS);

/**
 * Claims one social sign-in attempt of this client BEFORE anything is checked (consumed atomically:
 * parallel callbacks cannot all pass); throws RateLimitError past the limit. A sign-in that
 * succeeds, or that the shopper cancelled at the provider, gives its attempt back, so only
 * failures (a forged state, a refused code, a provider error) add up.
 */
export function claimSocialLoginAttempt(db: Database, client: string): Promise<void> {
  return consumeLimits(db, [socialLoginLimit(client)], LOGIN_LIMITED_MESSAGE);
}

/** Gives back the attempt of a sign-in that did not fail. */
export async function refundSocialLoginAttempt(db: Database, client: string): Promise<void> {
  await refundStatement(db, socialLoginLimit(client));
}

const EMAIL_MAX = 254;
const NAME_MAX = 100;
const PLAIN_EMAIL = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]{2,}$/;

/** A provider's address as the shop stores addresses (lowercase), or null when it is not a plain address. */
export function normalizeProviderEmail(email: unknown): string | null {
  if (typeof email !== "string") return null;
  const value = email.trim().toLowerCase();
  return value.length <= EMAIL_MAX && PLAIN_EMAIL.test(value) ? value : null;
}

/** The name a new account gets: the provider's (spaces collapsed, at most 100 characters), else the address's local part. */
export function accountName(name: string | null, email: string): string {
  const cleaned = (name ?? "")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, NAME_MAX)
    .trim();
  return cleaned || email.split("@")[0]!.slice(0, NAME_MAX);
}

/** A password nobody knows, hashed like any other: the account can log in with a password only after a reset sets one. */
async function unusablePasswordHash(): Promise<string> {
  const secret = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
  return hashPassword(secret);
}

type AccountRow = UserRow & { disabled_at: Date | null };

const accountFields = { ...userFields, disabled_at: users.disabledAt };

const identityWhere = (identity: Pick<ProviderIdentity, "provider" | "providerUserId">) =>
  and(eq(userIdentities.provider, identity.provider), eq(userIdentities.providerUserId, identity.providerUserId));

/** The account linked to the identity and the account with its email (one round trip). */
async function findAccounts(
  db: Database,
  identity: ProviderIdentity,
): Promise<{ linked: AccountRow | null; byEmail: AccountRow | null }> {
  const linkedQuery = db
    .select(accountFields)
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(identityWhere(identity));
  if (!identity.email) {
    const [linked] = await linkedQuery;
    return { linked: linked ?? null, byEmail: null };
  }
  const [linkedRows, emailRows] = await db.batch([
    linkedQuery,
    db.select(accountFields).from(users).where(eq(users.email, identity.email)),
  ]);
  return { linked: linkedRows[0] ?? null, byEmail: emailRows[0] ?? null };
}

/**
 * Signs in with a provider's identity; see the file's comment for which account. A disabled account
 * is refused (AccountDisabledError) before anything is written; no linked identity and no verified
 * email is SocialEmailMissingError. Two callbacks racing for the same identity or address: the
 * loser's batch fails on the unique key, writes nothing, and is tried once more against what the
 * winner wrote.
 */
export async function signInWithIdentity(
  db: Database,
  env: Env,
  identity: ProviderIdentity,
  mail?: MailContext,
): Promise<SocialSignIn> {
  try {
    return await attempt(db, env, identity, mail);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return attempt(db, env, identity, mail);
  }
}

async function attempt(
  db: Database,
  env: Env,
  identity: ProviderIdentity,
  mail: MailContext | undefined,
): Promise<SocialSignIn> {
  const { linked, byEmail } = await findAccounts(db, identity);
  const session = newSession(false);
  const now = new Date();

  if (linked) {
    if (linked.disabled_at) throw new AccountDisabledError();
    // A provider proves who it is, not the staff member's second factor (docs/decisions/023).
    await requireSecondFactorFirst(db, env, { id: linked.id, staff: isAdmin(toUser(linked)) }, false);
    await db.batch([
      db
        .update(userIdentities)
        .set({ lastUsedAt: now, ...(identity.email ? { email: identity.email } : {}) })
        .where(identityWhere(identity)),
      insertSession(db, session, linked.id),
    ]);
    return { ...(await result(env, toUser(linked), session)), outcome: "signed_in" };
  }

  if (!identity.email) throw new SocialEmailMissingError();
  const email = identity.email;

  if (byEmail) {
    if (byEmail.disabled_at) throw new AccountDisabledError();
    // Linked by address only when the account's owner proved that address: else it may be someone else's account.
    if (byEmail.email_verified_at === null) throw new SocialLinkRequiresPasswordError();
    await requireSecondFactorFirst(db, env, { id: byEmail.id, staff: isAdmin(toUser(byEmail)) }, false);
    await db.batch([
      db.insert(userIdentities).values({
        provider: identity.provider,
        providerUserId: identity.providerUserId,
        userId: byEmail.id,
        email,
        lastUsedAt: now,
      }),
      insertSession(db, session, byEmail.id),
    ]);
    return { ...(await result(env, toUser(byEmail), session)), outcome: "linked" };
  }

  const name = accountName(identity.name, email);
  const passwordHash = await unusablePasswordHash();
  const userId = sql<number>`(SELECT "id" FROM "users" WHERE "email" = ${email})`;
  const results = await db.batch([
    // The provider verified the address; the password is one nobody knows (password_set false).
    db.insert(users).values({ name, email, passwordHash, emailVerifiedAt: now, passwordSet: false }),
    db.insert(userRoles).select(
      db
        .select({ userId: userId.as("user_id"), roleId: roles.id })
        .from(roles)
        .where(eq(roles.name, "customer")),
    ),
    db
      .insert(userIdentities)
      .values({ provider: identity.provider, providerUserId: identity.providerUserId, userId, email, lastUsedAt: now }),
    insertSession(db, session, userId),
    ...(mail ? welcomeStatements(db, mail, { name, email }) : []),
    selectUsers(db).where(eq(users.email, email)),
  ]);
  const row = (results[results.length - 1] as UserRow[])[0];
  if (!row) throw new Error("the new user was not read back");
  return { ...(await result(env, toUser(row), session)), outcome: "created" };
}
