/**
 * The address field and its button of the shop's sign-up forms that ask for nothing but an email
 * (the newsletter's, "Email me when it's back"), and the server's message when no field is to blame.
 * The label, the hint (`{id}-hint`) and the field's messages (`{id}-error`) are the form's own.
 */

const buttonClass =
  "inline-flex items-center justify-center rounded-full bg-bloom-600 px-5 py-2 font-semibold text-white shadow-sm hover:bg-bloom-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600 disabled:cursor-wait disabled:opacity-70";

export function EmailSignupRow({
  id,
  defaultValue,
  invalid,
  busy,
  label,
  busyLabel,
}: {
  id: string;
  defaultValue: string | undefined;
  invalid: boolean;
  busy: boolean;
  /** The button's words, and while the form is sent. */
  label: string;
  busyLabel: string;
}) {
  return (
    <div className="mt-1 flex flex-col gap-2 sm:flex-row">
      <input
        id={id}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        defaultValue={defaultValue}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-error` : `${id}-hint`}
        className={`block w-full min-w-0 flex-1 rounded-full border bg-white px-4 py-2 text-gray-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-bloom-500 ${
          invalid ? "border-red-600" : "border-gray-300"
        }`}
      />
      <button type="submit" disabled={busy} className={buttonClass}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}

/** The server's message when no field is to blame (too many attempts), next to the form. */
export function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  ) : null;
}
