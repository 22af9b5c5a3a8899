import {
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from "react";
import { Link, useActionData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import type { FormFailure } from "~/http/pages/forms.server";
import { HONEYPOT } from "~/lib/honeypot";
import { fieldErrors } from "~/lib/schemas/field-errors";
import type { Toast } from "~/lib/toast";
import { FieldError } from "./field-error";
import { showToast, Toaster } from "./toaster";

export type FieldErrors = Record<string, string[] | undefined>;

const inputClass =
  "mt-1 block w-full rounded-lg border px-3 py-2 text-gray-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-bloom-500 aria-[invalid=true]:border-red-600";

/** What every field shows around its control: the label, a hint while it is right, its messages. */
interface FieldFrameProps {
  name: string;
  label: ReactNode;
  errors?: FieldErrors;
  /** A prefix that keeps ids unique when two forms on a page share field names. */
  idPrefix?: string;
  className?: string;
  /** What to type (shown under the control while the field has no messages). */
  hint?: ReactNode;
}

/** A field's label, its control, its hint and its messages; `control` gets the control's id and error attributes. */
function LabelledField({
  name,
  label,
  errors,
  idPrefix = "",
  className,
  hint,
  control,
}: FieldFrameProps & {
  control: (props: {
    id: string;
    name: string;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
    className: string;
  }) => ReactNode;
}) {
  const id = `${idPrefix}${name}`;
  const messages = errors?.[name];
  const invalid = Boolean(messages?.length);
  const hinted = Boolean(hint) && !invalid;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {control({
        id,
        name,
        "aria-invalid": invalid ? true : undefined,
        "aria-describedby": invalid ? `${id}-error` : hinted ? `${id}-hint` : undefined,
        className: `${inputClass} ${invalid ? "border-red-600" : "border-gray-300"}`,
      })}
      {hinted ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} messages={messages} />
    </div>
  );
}

/** A labelled input with its error messages under it. */
export function TextField({
  name,
  label,
  errors,
  idPrefix,
  className,
  hint,
  ...input
}: FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  return (
    <LabelledField
      name={name}
      label={label}
      errors={errors}
      idPrefix={idPrefix}
      className={className}
      hint={hint}
      control={(props) => <input {...props} {...input} />}
    />
  );
}

/** A labelled textarea with its error messages under it. */
export function TextAreaField({
  rows,
  defaultValue,
  ...field
}: FieldFrameProps & { rows: number; defaultValue?: string }) {
  return (
    <LabelledField {...field} control={(props) => <textarea {...props} rows={rows} defaultValue={defaultValue} />} />
  );
}

/** A labelled select of `options` with its error messages under it. */
export function SelectField({
  options,
  defaultValue,
  ...field
}: FieldFrameProps & { options: ReadonlyArray<{ value: string; label: string }>; defaultValue?: string }) {
  return (
    <LabelledField
      {...field}
      control={(props) => (
        <select {...props} defaultValue={defaultValue} className={`${props.className} bg-white`}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/**
 * The schema a form is checked with: the schema itself, or a function that imports it. A page
 * that passes the import keeps the schema library (zod, about 27 KB gzip) out of the JavaScript it
 * loads: it is fetched when the shopper first focuses a field of the form (docs/decisions/019).
 */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);

/**
 * Validates a form in the browser with the same zod schema the server uses: a field's messages
 * appear once the shopper has left it (or submitted), and update as they type. A submit with
 * errors is stopped, every message shows, the first wrong field takes the focus and `formMessage`
 * shows as a toast. The server's errors (`serverErrors`, from the action) show as they come.
 *
 * With a schema imported on first use, a field left before it arrived gets its message when it
 * does, and a submit before it arrived waits for it, then is checked and sent as any other. If it
 * cannot be fetched, the form is sent and the server checks it (the same messages, from the action).
 */
export function useLiveValidation(
  source: SchemaSource,
  formMessage: string,
  serverErrors?: FieldErrors,
  /** Which submit buttons the check guards (all by default): a checkout's "Apply coupon" needs no address. */
  guards: (submitter: HTMLElement | null) => boolean = () => true,
) {
  const [errors, setErrors] = useState<FieldErrors>(serverErrors ?? {});
  const touched = useRef(new Set<string>(Object.keys(serverErrors ?? {})));
  const schema = useRef<z.ZodType | null>(typeof source === "function" ? null : source);
  const loading = useRef<Promise<void> | null>(null);
  /** The schema could not be fetched: the server checks every submit. */
  const unavailable = useRef(false);

  // New errors from the server replace those shown; their fields count as touched.
  const [shownServerErrors, setShownServerErrors] = useState(serverErrors);
  if (serverErrors !== shownServerErrors) {
    setShownServerErrors(serverErrors);
    setErrors(serverErrors ?? {});
  }
  useEffect(() => {
    for (const name of Object.keys(serverErrors ?? {})) touched.current.add(name);
  }, [serverErrors]);

  /** Every field's messages, or null while the schema is still on its way. */
  const check = (form: HTMLFormElement): FieldErrors | null => {
    if (!schema.current) return null;
    const result = schema.current.safeParse(Object.fromEntries(new FormData(form)));
    return result.success ? {} : fieldErrors(result.error);
  };

  const refresh = (form: HTMLFormElement) => {
    const all = check(form);
    if (!all) return;
    const shown: FieldErrors = {};
    for (const name of touched.current) if (all[name]) shown[name] = all[name];
    setErrors(shown);
  };

  /** Fetches the schema once (when it is an import); the fields already left are checked when it comes. */
  const load = (form: HTMLFormElement): Promise<void> => {
    if (schema.current || typeof source !== "function") return Promise.resolve();
    return (loading.current ??= source().then(
      (loaded) => {
        schema.current = loaded;
        if (touched.current.size > 0 && form.isConnected) refresh(form);
      },
      (error: unknown) => {
        unavailable.current = true;
        console.warn("The form's checks could not be loaded; the server checks it.", error);
      },
    ));
  };

  return {
    errors,
    formProps: {
      noValidate: true,
      onFocus(event: FocusEvent<HTMLFormElement>) {
        void load(event.currentTarget);
      },
      onBlur(event: FocusEvent<HTMLFormElement>) {
        const target = event.target as EventTarget as HTMLInputElement;
        if (!target.name || target.type === "submit") return;
        touched.current.add(target.name);
        // Leaving a field for this form's submit button (pressed, not yet released): showing the
        // field's message now would move the button and swallow the click; the submit checks
        // every field anyway.
        const next = event.relatedTarget;
        if (next instanceof HTMLButtonElement && next.type === "submit" && next.form === event.currentTarget) return;
        refresh(event.currentTarget);
      },
      onChange(event: FormEvent<HTMLFormElement>) {
        const target = event.target as HTMLInputElement;
        if (target.type === "checkbox" && target.name) touched.current.add(target.name);
        if (touched.current.size > 0) refresh(event.currentTarget);
      },
      onSubmit(event: FormEvent<HTMLFormElement>) {
        const form = event.currentTarget;
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | HTMLInputElement | null;
        if (!guards(submitter) || unavailable.current) return;
        const all = check(form);
        if (!all) {
          // The schema is on its way: hold this submit, and send it again (the same button) once it came.
          event.preventDefault();
          void load(form).then(() => {
            if (form.isConnected) form.requestSubmit(submitter && submitter.form === form ? submitter : undefined);
          });
          return;
        }
        const names = Object.keys(all);
        if (names.length === 0) return;
        event.preventDefault();
        for (const name of names) touched.current.add(name);
        setErrors(all);
        showToast(formMessage, "error");
        const first = Array.from(form.elements).find(
          (element): element is HTMLInputElement =>
            element instanceof HTMLElement && names.includes((element as HTMLInputElement).name),
        );
        first?.focus();
      },
    },
  };
}

/**
 * What a page with one form starts with: the action's failure (the form shown again), the form's
 * live checks (its messages shown as `formMessage`) and whether the form is on its way.
 */
export function useFormPage(source: SchemaSource, formMessage: string) {
  const failure = useActionData<FormFailure>();
  const { errors, formProps } = useLiveValidation(source, formMessage, failure?.errors);
  const submitting = useNavigation().state === "submitting";
  return { failure, errors, formProps, submitting };
}

export const submitButtonClass =
  "inline-flex items-center justify-center rounded-full bg-bloom-600 px-6 py-2.5 font-semibold text-white shadow-sm hover:bg-bloom-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600 disabled:cursor-wait disabled:opacity-70";

/** A form's submit button, which says `busyLabel` (and cannot be pressed again) while the form is on its way. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className={submitButtonClass} disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** The Cancel link beside a form's submit button: back to `to`, nothing sent. */
export function CancelLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center rounded-full border border-gray-300 px-6 py-2.5 font-medium text-gray-800 hover:border-bloom-400"
    >
      Cancel
    </Link>
  );
}

/** The spam trap: hidden from people (and from assistive technology); a bot that fills it in is ignored. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={HONEYPOT}>Website</label>
      <input id={HONEYPOT} name={HONEYPOT} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/**
 * What an action's failure says above its form: the toast, and, when no field is to blame (wrong
 * credentials, too many attempts, a fault), the server's message in an alert.
 */
export function FormFailureNotice({
  failure,
  className,
}: {
  failure: { errors: Record<string, string[]>; toast: Toast } | undefined;
  className: string;
}) {
  const formError = failure && Object.keys(failure.errors).length === 0 ? failure.toast.message : null;
  return (
    <>
      <Toaster toast={failure?.toast ?? null} listen={false} />
      {formError ? <ErrorAlert className={className}>{formError}</ErrorAlert> : null}
    </>
  );
}

/** A refusal or a failure said on the page, announced at once (`className` places it). */
export function ErrorAlert({ className, children }: { className: string; children: ReactNode }) {
  return (
    <p role="alert" className={`${className} rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800`}>
      {children}
    </p>
  );
}
