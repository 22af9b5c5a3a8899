import { TextField, type FieldErrors } from "~/components/form";

/** A new password (the rule it must meet as its hint) and its confirmation: the register and reset forms. */
export function NewPasswordFields({ confirmName, errors }: { confirmName: string; errors: FieldErrors }) {
  return (
    <>
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters, with a lowercase letter, an uppercase letter and a number."
        errors={errors}
      />
      <TextField
        name={confirmName}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        errors={errors}
      />
    </>
  );
}
