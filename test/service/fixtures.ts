import { sealSecrets } from "../../app/services/mail/sealed.server";
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
