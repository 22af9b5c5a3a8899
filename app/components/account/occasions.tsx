import { Form, Link, useNavigation } from "@remix-run/react";
import { CancelLink, SelectField, SubmitButton, TextField, useLiveValidation } from "~/components/form";
import { Panel } from "~/components/section";
import { OCCASION_MESSAGES } from "~/lib/form-messages";
import { MONTH_NAMES, OCCASION_NAME_MAX, OCCASIONS_MAX } from "~/lib/occasions";
import type { FormFailure } from "~/http/pages/forms.server";
import type { OccasionView } from "~/services/occasions.server";

/**
 * The profile's "Occasions": the days a shopper wants a reminder of (a birthday, an anniversary),
 * each with Edit (a link that opens its form in place, `?edit=occasion-<id>`) and Remove (a form),
 * and "Add an occasion" (`?edit=occasion`). Every form posts to /profile and works without
 * JavaScript; a form sent back with errors stays open with what was typed.
 */

/** The form's `intent`: `occasion` adds one, `occasion-<id>` changes that one. */
export const occasionIntent = (id?: number) => (id === undefined ? "occasion" : `occasion-${id}`);

/** What an `intent` asks: `{}` to add, `{ id }` to change that one; null when it is not an occasion's. */
export function readOccasionIntent(intent: string | undefined): { id?: number } | null {
  if (intent === "occasion") return {};
  const match = /^occasion-(\d{1,12})$/.exec(intent ?? "");
  return match ? { id: Number(match[1]) } : null;
}

/** The form's choices, in their order: the day, the month, every year or once. */
const SELECTS = [
  {
    name: "day",
    label: "Day",
    options: [
      { value: "", label: "Day" },
      ...Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
    ],
  },
  {
    name: "month",
    label: "Month",
    options: [{ value: "", label: "Month" }, ...MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }))],
  },
  {
    name: "repeats",
    label: "Repeats",
    options: [
      { value: "yearly", label: "Every year" },
      { value: "once", label: "Once" },
    ],
  },
] as const;

const smallButton =
  "rounded-full border border-gray-300 px-4 py-1.5 text-sm font-medium text-gray-800 hover:border-bloom-400";

function OccasionForm({ occasion, today, failure }: { occasion?: OccasionView; today: string; failure?: FormFailure }) {
  const intent = occasionIntent(occasion?.id);
  const own = failure?.values.intent === intent ? failure : undefined;
  const { errors, formProps } = useLiveValidation(
    () => import("~/lib/schemas/occasions").then((module) => module.occasionSchema(today)),
    OCCASION_MESSAGES.formErrors,
    own?.errors,
  );
  const saved = occasion
    ? {
        name: occasion.name,
        day: String(occasion.day),
        month: String(occasion.month),
        repeats: occasion.repeats,
        year: occasion.year === null ? "" : String(occasion.year),
      }
    : { name: "", day: "", month: "", repeats: "yearly", year: "" };
  const values: Record<string, string> = { ...saved, ...own?.values };
  const submitting = useNavigation().formData?.get("intent") === intent;
  const prefix = `${intent}-`;
  return (
    <Form
      method="post"
      action={`/profile?edit=${intent}`}
      {...formProps}
      aria-label={occasion ? `Edit ${occasion.name}` : "Add an occasion"}
      className="grid gap-4 sm:grid-cols-2"
    >
      <input type="hidden" name="intent" value={intent} />
      <TextField
        name="name"
        label="Occasion"
        idPrefix={prefix}
        defaultValue={values.name}
        maxLength={OCCASION_NAME_MAX}
        hint="Mum's birthday, our anniversary…"
        errors={errors}
        className="sm:col-span-2"
      />
      {SELECTS.map((select) => (
        <SelectField
          key={select.name}
          {...select}
          idPrefix={prefix}
          defaultValue={values[select.name]}
          errors={errors}
        />
      ))}
      <TextField
        name="year"
        label="Year (for a one-time occasion)"
        idPrefix={prefix}
        defaultValue={values.year}
        inputMode="numeric"
        autoComplete="off"
        hint="Leave it empty for every year."
        errors={errors}
      />
      <p className="text-xs text-gray-600 sm:col-span-2">
        On 29 February every year? In other years we remind you before 28 February.
      </p>
      <div className="flex gap-3 sm:col-span-2">
        <SubmitButton busy={submitting} label={occasion ? "Save" : "Add"} busyLabel="Saving…" />
        <CancelLink to="/profile" />
      </div>
    </Form>
  );
}

export function OccasionsSection({
  occasions,
  days,
  enabled,
  today,
  mode,
  failure,
}: {
  occasions: OccasionView[];
  /** The `occasion_reminder_days` setting. */
  days: number;
  /** The `occasion_reminder_mail` setting: off, the dates are kept and nothing is sent. */
  enabled: boolean;
  today: string;
  /** The open form (`occasion`, `occasion-<id>`), if any. */
  mode: string | null | undefined;
  failure?: FormFailure;
}) {
  return (
    <Panel id="occasions-heading" title="Occasions">
      <p className="mt-2 text-sm text-gray-700">
        {enabled
          ? `We email you ${days} day${days === 1 ? "" : "s"} before each one, with a link to shop.`
          : "Occasion reminders are paused for now: your dates are kept, and we will remind you once they are back."}
      </p>
      {occasions.length === 0 ? (
        <p className="mt-4 text-sm text-gray-600">Save a birthday or an anniversary, and never miss it.</p>
      ) : (
        <ul aria-label="Your occasions" className="mt-4 grid gap-3 text-sm">
          {occasions.map((occasion) =>
            mode === occasionIntent(occasion.id) ? (
              <li key={occasion.id}>
                <OccasionForm occasion={occasion} today={today} failure={failure} />
              </li>
            ) : (
              <li key={occasion.id} className="flex flex-wrap items-center justify-between gap-3">
                <span>
                  <span className="block font-medium text-gray-900">{occasion.name}</span>
                  <span className="block text-gray-700">{occasion.date_label}</span>
                </span>
                <span className="flex gap-2">
                  <Link
                    to={`/profile?edit=${occasionIntent(occasion.id)}`}
                    preventScrollReset
                    aria-label={`Edit ${occasion.name}`}
                    className={smallButton}
                  >
                    Edit
                  </Link>
                  <Form method="post" action="/profile" noValidate>
                    <input type="hidden" name="remove_occasion" value={occasion.id} />
                    <button type="submit" aria-label={`Remove ${occasion.name}`} className={smallButton}>
                      Remove
                    </button>
                  </Form>
                </span>
              </li>
            ),
          )}
        </ul>
      )}
      <div className="mt-4">
        {mode === occasionIntent() ? (
          <OccasionForm today={today} failure={failure} />
        ) : occasions.length < OCCASIONS_MAX ? (
          <Link to={`/profile?edit=${occasionIntent()}`} preventScrollReset className={smallButton}>
            Add an occasion
          </Link>
        ) : (
          <p className="text-sm text-gray-600">{OCCASION_MESSAGES.tooMany}</p>
        )}
      </div>
    </Panel>
  );
}
