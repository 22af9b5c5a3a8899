import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { savedRecipients } from "../../db/schema";
import type { Recipient } from "../lib/schemas/checkout";

/**
 * The people a signed-in shopper sent gifts to (gifting.md section 3), kept to pick next time:
 * saved in the gift order's batch, the same person once (by name and address, in any case), the
 * latest 20, listed newest first, removable one by one from the profile.
 */

export const SAVED_RECIPIENTS_MAX = 20;

export interface SavedRecipient extends Recipient {
  id: number;
}

/** A person's address as an order keeps it (the spec's JSON string); a recipient has no email. */
export function addressJson(person: Recipient, email = ""): string {
  return JSON.stringify({
    firstName: person.firstName,
    lastName: person.lastName,
    email,
    phone: person.phone ?? "",
    address: person.address,
    city: person.city,
    state: person.state ?? "",
    zipCode: person.zipCode ?? "",
    country: person.country,
  });
}

export const recipientAddress = (recipient: Recipient) => addressJson(recipient);

const fingerprint = (recipient: Recipient) =>
  JSON.stringify(
    [
      recipient.firstName,
      recipient.lastName,
      recipient.address,
      recipient.city,
      recipient.zipCode ?? "",
      recipient.country,
    ].map((part) => part.trim().toLowerCase().replace(/\s+/g, " ")),
  );

/** For the gift order's batch: the recipient saved (or its address and last use refreshed), the oldest beyond 20 dropped. */
export function saveRecipientStatements(db: Database, userId: number, recipient: Recipient) {
  const latest = db
    .select({ id: savedRecipients.id })
    .from(savedRecipients)
    .where(eq(savedRecipients.userId, userId))
    .orderBy(desc(savedRecipients.lastUsedAt), desc(savedRecipients.id))
    .limit(SAVED_RECIPIENTS_MAX);
  return [
    db
      .insert(savedRecipients)
      .values({ userId, address: recipientAddress(recipient), fingerprint: fingerprint(recipient) })
      .onConflictDoUpdate({
        target: [savedRecipients.userId, savedRecipients.fingerprint],
        set: { address: sql`excluded.address`, lastUsedAt: sql`unixepoch()` },
      }),
    db.delete(savedRecipients).where(and(eq(savedRecipients.userId, userId), notInArray(savedRecipients.id, latest))),
  ] as const;
}

function toSaved(row: { id: number; address: string }): SavedRecipient {
  const address = JSON.parse(row.address) as Record<string, string>;
  return {
    id: row.id,
    firstName: address.firstName ?? "",
    lastName: address.lastName ?? "",
    phone: address.phone || null,
    address: address.address ?? "",
    city: address.city ?? "",
    state: address.state || null,
    zipCode: address.zipCode || null,
    country: address.country ?? "",
  };
}

/** A shopper's saved recipients, the latest used first. */
export async function listSavedRecipients(db: Database, userId: number): Promise<SavedRecipient[]> {
  const rows = await db
    .select({ id: savedRecipients.id, address: savedRecipients.address })
    .from(savedRecipients)
    .where(eq(savedRecipients.userId, userId))
    .orderBy(desc(savedRecipients.lastUsedAt), desc(savedRecipients.id))
    .limit(SAVED_RECIPIENTS_MAX);
  return rows.map(toSaved);
}

/** One of the shopper's saved recipients (another's is not found). */
export async function getSavedRecipient(db: Database, userId: number, id: number): Promise<SavedRecipient | null> {
  const [row] = await db
    .select({ id: savedRecipients.id, address: savedRecipients.address })
    .from(savedRecipients)
    .where(and(eq(savedRecipients.id, id), eq(savedRecipients.userId, userId)));
  return row ? toSaved(row) : null;
}

/** Removes one of the shopper's saved recipients; false when it was not theirs or already gone. */
export async function removeSavedRecipient(db: Database, userId: number, id: number): Promise<boolean> {
  const removed = await db
    .delete(savedRecipients)
    .where(and(eq(savedRecipients.id, id), eq(savedRecipients.userId, userId)))
    .returning({ id: savedRecipients.id });
  return removed.length > 0;
}
