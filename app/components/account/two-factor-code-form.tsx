import { Form, useNavigation } from "@remix-run/react";
import { SubmitButton, TextField, type FieldErrors } from "~/components/form";

const RECOVERY_HINT = "The 6-digit code your authenticator app shows, or one of your recovery codes.";

/**
 * A step of a staff sign-in with a second factor: one code from the authenticator app, posted with
 * where the staff member was going. `recovery`: a recovery code (letters too) is taken instead.
 */
export function TwoFactorCodeForm({
  redirectTo,
  errors,
  label,
  submitLabel,
  recovery = false,
  className,
}: {
  redirectTo: string;
  errors: FieldErrors | undefined;
  label: string;
  submitLabel: string;
  recovery?: boolean;
  className: string;
}) {
  const submitting = useNavigation().state === "submitting";
  return (
    <Form method="post" noValidate className={className}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <TextField
        name="code"
        label={label}
        type="text"
        inputMode={recovery ? "text" : "numeric"}
        autoComplete="one-time-code"
        autoCapitalize={recovery ? "off" : undefined}
        spellCheck={recovery ? false : undefined}
        hint={recovery ? RECOVERY_HINT : undefined}
        errors={errors}
      />
      <SubmitButton busy={submitting} label={submitLabel} busyLabel="Checking…" />
    </Form>
  );
}
