import { revealSecrets, sealSecrets, unsealSecrets } from "../../app/services/mail/sealed.server";
// Shared by the service tests.

/** The error a call fails with; fails the test when the call succeeds. */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the call to fail");
}

/** A test's mail context's sealing: the same as a local Worker's (the fallback secret of a test run). */
export const testSeal = (secrets: Record<string, string>) => sealSecrets({ ENVIRONMENT: "test" }, secrets);

/**
 * An outbox row (as libSQL returns it) as its recipient gets it: its sealed links revealed in the
 * text, the HTML and the headers, as the queue's consumer does (docs/decisions/020).
 */
export async function asDelivered(
  stored: object,
): Promise<{ text: string; html: string; headers: Record<string, string> | null }> {
  const row = stored as { text?: unknown; html?: unknown; headers?: unknown; secrets?: unknown };
  const mail = {
    text: String(row.text),
    html: String(row.html),
    headers: row.headers ? (JSON.parse(String(row.headers)) as Record<string, string>) : null,
  };
  return row.secrets ? revealSecrets(mail, await unsealSecrets({ ENVIRONMENT: "test" }, String(row.secrets))) : mail;
}
