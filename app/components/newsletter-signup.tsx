import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { HONEYPOT } from "~/lib/honeypot";
import type { FormFailure } from "~/http/pages/forms.server";
import { EmailSignupRow, FormAlert } from "./email-signup";
import { FieldError } from "./field-error";
import { Toaster } from "./toaster";

/** The action every sign-up form posts to (app/routes/newsletter.tsx). */
export const NEWSLETTER_ACTION = "/newsletter";

/**
 * The newsletter's sign-up form: an address and "Subscribe". Without JavaScript a plain form post to
 * /newsletter, which comes back to `redirectTo` with a toast (or shows the form again with the
 * field's message); with it a fetcher, so the page stays where it is: a refused address shows its
 * message under the field and a toast, and a sign-up comes back to this page with the toast.
 *
 * The field's label says "newsletter", not "Email": the footer is on every page, next to the
 * login's and the checkout's own Email fields.
 *
 * The address is checked by the server only (its message comes back through the fetcher, in place):
 * the form is on every page, and checking it in the browser would load the schema library (zod,
 * about 27 KB gzip) on pages that have no other form.
 */
export function NewsletterSignup({
  redirectTo,
  idPrefix,
  failure: pageFailure,
  variant = "footer",
}: {
  /** Where to come back to: the page the form is on. */
  redirectTo: string;
  /** Keeps the ids unique on the page. */
  idPrefix: string;
  /** The action's failure, when the page shows it (the /newsletter page without JavaScript). */
  failure?: FormFailure;
  variant?: "footer" | "page";
}) {
  const fetcher = useFetcher<FormFailure>({ key: `newsletter-${idPrefix}` });
  const failure = fetcher.data ?? pageFailure;
  const errors = failure?.errors ?? {};
  const busy = fetcher.state !== "idle";
  const id = `${idPrefix}email`;
  const messages = errors.email;
  const invalid = Boolean(messages?.length);
  // The server's message when no field is to blame (too many attempts), next to the form.
  const formError = failure && Object.keys(failure.errors).length === 0 ? failure.toast.message : null;
  const formRef = useRef<HTMLFormElement>(null);
  // After a sign-up (the action redirected: no new failure) the field starts empty; a refused one keeps what was typed.
  const before = useRef<FormFailure | undefined | null>(null);
  useEffect(() => {
    if (fetcher.state === "submitting" && before.current === null) before.current = fetcher.data;
    else if (fetcher.state === "idle" && before.current !== null) {
      const refused = fetcher.data !== undefined && fetcher.data !== before.current;
      before.current = null;
      if (!refused) formRef.current?.reset();
    }
  }, [fetcher.state, fetcher.data]);
  return (
    <>
      <Toaster toast={failure?.toast ?? null} listen={false} />
      <fetcher.Form
        ref={formRef}
        method="post"
        action={NEWSLETTER_ACTION}
        noValidate
        className={variant === "footer" ? "mt-3" : "mt-6"}
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <label htmlFor={id} className="block text-sm font-medium text-gray-800">
          Get our newsletter
        </label>
        <EmailSignupRow
          id={id}
          defaultValue={failure?.values.email}
          invalid={invalid}
          busy={busy}
          label="Subscribe"
          busyLabel="Subscribing…"
        />
        <FieldError id={`${id}-error`} messages={messages} />
        {invalid ? null : (
          <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
            New bouquets and crafting tutorials by email. We ask you to confirm first; unsubscribe at any time.
          </p>
        )}
        <FormAlert message={formError} />
        {/* The spam trap: hidden from people and assistive technology; a bot that fills it in is ignored. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={`${idPrefix}${HONEYPOT}`}>Website</label>
          <input id={`${idPrefix}${HONEYPOT}`} name={HONEYPOT} type="text" tabIndex={-1} autoComplete="off" />
        </div>
      </fetcher.Form>
    </>
  );
}
