import type { Database } from "../../db/client";
import { contactMessages } from "../../db/schema";
import type { ContactInput } from "../lib/schemas/contact";
import { consumeLimits, contactLimit } from "./rate-limit.server";

/**
 * Stores a contact message from `client` (its address, as `clientAddress` reads it), counted
 * against the client's limit before it is stored. Throws RateLimitError once the client has sent
 * its allowance for the window; nothing is stored then.
 */
export async function submitContactMessage(db: Database, input: ContactInput, client: string): Promise<{ id: number }> {
  await consumeLimits(
    db,
    [contactLimit(client)],
    (wait) => `You have sent several messages already. Please try again in ${wait}.`,
  );
  const rows = await db
    .insert(contactMessages)
    .values({ name: input.name, email: input.email, subject: input.subject, message: input.message, ipAddress: client })
    .returning({ id: contactMessages.id });
  const row = rows[0];
  if (!row) throw new Error("the contact message was not stored");
  return { id: row.id };
}
