import { useFetcher } from "@remix-run/react";
import type { FormEvent } from "react";
import type { FormFailure } from "~/http/pages/forms.server";
import type { PartProps } from "~/lib/personal";
import { EmailSignupRow, FormAlert } from "./email-signup";
import { FieldError } from "./field-error";
import { Personal } from "./personal";
import { submitForData } from "./submit-for-data";
import { Toaster } from "./toaster";
import { useRootData } from "./use-root-data";

/** The product page action's intent of a back-in-stock request (app/routes/product.$slug.tsx). */
export const STOCK_ALERT_INTENT = "stock-alert";

/** What the action answers a fetcher that asked (`respond=data`): the one message for every address. */
export interface StockAlertSent {
  ok: true;
  message: string;
}

/**
 * "Email me when it's back", under a sold-out product or variant. Without JavaScript a plain form
 * post to the product page, which comes back with a toast (or shows the form again with the field's
 * message); with it a fetcher, so the page stays: the answer or the message shows in place. A
 * signed-in shopper's address is filled in; they confirm by mail all the same. The visitor's part
 * of a page the edge keeps whole (docs/decisions/017): a guest's is empty.
 */
export function StockAlert({
  failure: pageFailure,
  ...props
}: PartProps["stockAlert"] & {
  /** The action's failure, when the page shows it (without JavaScript). */
  failure?: FormFailure;
}) {
  const root = useRootData();
  const fetcher = useFetcher<FormFailure | StockAlertSent>({ key: `stock-alert-${props.variantId}` });
  const answer = fetcher.data;
  const refused = answer && "errors" in answer ? answer : undefined;
  const failure = refused ?? pageFailure;
  return (
    <>
      {/* A fetcher's refusal brings its toast (a page shown again renders its own). */}
      {refused ? <Toaster toast={refused.toast} listen={false} /> : null}
      <Personal name="stockAlert" props={props}>
        <StockAlertForm
          {...props}
          email={root?.viewer?.email ?? null}
          failure={failure}
          sent={answer && "ok" in answer ? answer.message : null}
          busy={fetcher.state !== "idle"}
          onSubmit={submitForData(fetcher, props.action)}
        />
      </Personal>
    </>
  );
}

/** The form, for a visitor (`email`: a signed-in shopper's address, else null). */
export function StockAlertForm({
  action,
  variantId,
  productName,
  email,
  failure,
  sent = null,
  busy = false,
  onSubmit,
}: PartProps["stockAlert"] & {
  email: string | null;
  failure?: FormFailure;
  sent?: string | null;
  busy?: boolean;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const id = "stock-alert-email";
  const messages = failure?.errors.email;
  const invalid = Boolean(messages?.length);
  // The server's message when the address is not to blame (in stock now, too many requests), next to the form.
  const formError = failure && !invalid ? failure.toast.message : null;
  return (
    <form
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit}
      className="rounded-2xl border border-bloom-100 bg-bloom-50/40 p-4"
      data-testid="stock-alert"
    >
      <input type="hidden" name="intent" value={STOCK_ALERT_INTENT} />
      {variantId !== null ? <input type="hidden" name="variant_id" value={variantId} /> : null}
      <label htmlFor={id} className="block font-semibold text-gray-900">
        Email me when it&apos;s back
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
        {`One email when ${productName} is back in stock. We ask you to confirm first.`}
      </p>
      <EmailSignupRow
        id={id}
        defaultValue={failure?.values.email ?? email ?? undefined}
        invalid={invalid}
        busy={busy}
        label="Notify me"
        busyLabel="Sending…"
      />
      <FieldError id={`${id}-error`} messages={messages} />
      <FormAlert message={formError} />
      {sent ? (
        <p role="status" className="mt-2 text-sm text-leaf-700">
          {sent}
        </p>
      ) : null}
    </form>
  );
}
