import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthCard } from "~/components/account/auth-card";
import { ErrorAlert, SubmitButton } from "~/components/form";
import { Toaster } from "~/components/toaster";
import type { Toast } from "~/lib/toast";

/**
 * The page a mailed link opens (docs/decisions/021). Opening it changes nothing (mail scanners open
 * links): the page asks for a press of its button, a POST to `action` with the token. A link that
 * does not work, or a press the server refused, says so (`invalid`, or the refusal's message) and
 * where to go on (`next`). The route's loader gives `token` (null when the link does not work); its
 * action, when it refuses, a toast.
 */
export function ConfirmByButton({
  title,
  subtitle,
  action,
  prompt,
  label,
  busyLabel,
  invalid,
  next,
}: {
  title: string;
  subtitle: string;
  action: string;
  prompt: ReactNode;
  label: string;
  busyLabel: string;
  invalid: string;
  next: ReactNode;
}) {
  const { token } = useLoaderData<{ token: string | null }>();
  const refused = useActionData<{ toast: Toast }>();
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard title={title} subtitle={subtitle}>
      <Toaster toast={refused?.toast ?? null} listen={false} />
      {token && !refused ? (
        <Form method="post" action={`${action}?token=${encodeURIComponent(token)}`} noValidate className="grid gap-4">
          <input type="hidden" name="token" value={token} />
          <p className="text-sm text-gray-700">{prompt}</p>
          <SubmitButton busy={busy} label={label} busyLabel={busyLabel} />
        </Form>
      ) : (
        <>
          <ErrorAlert className="mb-4">{refused?.toast.message ?? invalid}</ErrorAlert>
          <p className="text-sm text-gray-700">{next}</p>
        </>
      )}
    </AuthCard>
  );
}
