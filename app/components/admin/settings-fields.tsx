import type { ReactNode } from "react";
import { FieldError } from "~/components/field-error";
import { WEEKDAYS } from "~/lib/delivery";
import { numberRules, type SectionField } from "~/lib/schemas/admin-settings";
import type { AdminSetting } from "~/services/admin/settings.server";
import { adminInput, adminLabel } from "./ui";

/** The attributes that tie a control to its messages. */
function described(id: string, messages: string[] | undefined, hint?: string) {
  const invalid = Boolean(messages?.length);
  const ids = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": invalid ? (true as const) : undefined,
    "aria-describedby": ids || undefined,
    className: `${adminInput} mt-1 ${invalid ? "border-red-600" : ""}`.trim(),
  };
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-xs text-gray-600">
      {children}
    </p>
  );
}

/**
 * A checkbox that says false when unticked, without JavaScript: the box sends "true" and the hidden
 * field after it "false"; the form reader keeps the first value of a name.
 */
export function BooleanControl({
  id,
  name,
  label,
  checked,
  hint,
  messages,
}: {
  id: string;
  name: string;
  label: ReactNode;
  checked: boolean;
  hint?: ReactNode;
  messages?: string[];
}) {
  const props = described(id, messages, hint ? "hint" : undefined);
  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          type="checkbox"
          id={id}
          name={name}
          value="true"
          defaultChecked={checked}
          aria-invalid={props["aria-invalid"]}
          aria-describedby={props["aria-describedby"]}
          className="h-4 w-4 rounded border-gray-300 text-bloom-600 focus:ring-bloom-500"
        />
        <input type="hidden" name={name} value="false" />
        <label htmlFor={id} className={adminLabel}>
          {label}
        </label>
      </div>
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      <FieldError id={`${id}-error`} messages={messages} />
    </div>
  );
}

const TEXT_TYPES = {
  text: "text",
  url: "url",
  email: "email",
  number: "number",
  timezone: "text",
  time: "time",
} as const;

/** A list setting's items as its form text holds them: one a line. */
const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** The days of the week as checkboxes; the hidden empty value says "none ticked" when none is. */
function WeekdayBoxes({
  id,
  setting,
  value,
  messages,
  hint,
}: {
  id: string;
  setting: AdminSetting;
  value: string;
  messages?: string[];
  hint: ReactNode;
}) {
  const ticked = new Set(lines(value));
  const props = described(id, messages, "hint");
  return (
    <fieldset aria-describedby={props["aria-describedby"]}>
      <legend className={adminLabel}>{setting.label}</legend>
      <input type="hidden" name={setting.key} value="" />
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {WEEKDAYS.map((day) => (
          <label key={day} className="flex items-center gap-2 text-sm text-gray-800">
            <input
              type="checkbox"
              id={`${id}-${day}`}
              name={setting.key}
              value={day}
              defaultChecked={ticked.has(day)}
              className="h-4 w-4 rounded border-gray-300 text-bloom-600 focus:ring-bloom-500"
            />
            {day}
          </label>
        ))}
      </div>
      <Hint id={`${id}-hint`}>{hint}</Hint>
      <FieldError id={`${id}-error`} messages={messages} />
    </fieldset>
  );
}

/** One setting: its label, the control its type and key call for, its description and its messages. */
export function SettingField({
  setting,
  value,
  messages,
}: {
  setting: AdminSetting;
  value: string;
  messages?: string[];
}) {
  const id = `setting-${setting.key}`;
  const hint = (
    <>
      {setting.description}
      {setting.is_public ? null : <span className="ml-1 font-medium">(not shown to shoppers)</span>}
    </>
  );
  if (setting.input === "boolean") {
    return (
      <BooleanControl
        id={id}
        name={setting.key}
        label={setting.label}
        checked={value === "true"}
        hint={hint}
        messages={messages}
      />
    );
  }
  if (setting.input === "weekdays")
    return <WeekdayBoxes id={id} setting={setting} value={value} messages={messages} hint={hint} />;
  const props = described(id, messages, "hint");
  const bounds = numberRules(setting.key);
  let control: ReactNode;
  switch (setting.input) {
    case "textarea":
      control = <textarea {...props} name={setting.key} rows={3} defaultValue={value} />;
      break;
    case "json":
    case "dates":
      control = (
        <textarea
          {...props}
          name={setting.key}
          rows={setting.input === "json" ? 6 : 4}
          spellCheck={false}
          placeholder={setting.input === "dates" ? "2026-12-25" : undefined}
          className={`${props.className} font-mono`}
          defaultValue={value}
        />
      );
      break;
    case "select":
      control = (
        <select {...props} name={setting.key} defaultValue={value}>
          {(setting.choices ?? []).map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      );
      break;
    default:
      control = (
        <input
          {...props}
          type={TEXT_TYPES[setting.input]}
          name={setting.key}
          defaultValue={value}
          {...(setting.input === "number"
            ? bounds.integer
              ? { step: 1, min: bounds.min, max: bounds.max, inputMode: "numeric" as const }
              : { step: "any", inputMode: "decimal" as const }
            : {})}
          {...(setting.input === "email" ? { autoComplete: "email" } : {})}
          {...(setting.input === "timezone" ? { autoComplete: "off", spellCheck: false } : {})}
        />
      );
  }
  return (
    <div>
      <label htmlFor={id} className={adminLabel}>
        {setting.label}
      </label>
      {control}
      <Hint id={`${id}-hint`}>{hint}</Hint>
      <FieldError id={`${id}-error`} messages={messages} />
    </div>
  );
}

/** A home section's field (a text, a link, a number, a long text or a checkbox). */
export function SectionFieldControl({
  field,
  id,
  name,
  value,
  messages,
}: {
  field: SectionField;
  id: string;
  name: string;
  value: string;
  messages?: string[];
}) {
  if (field.input === "boolean") {
    return (
      <BooleanControl
        id={id}
        name={name}
        label={field.label}
        checked={value !== "false"}
        hint={field.hint}
        messages={messages}
      />
    );
  }
  const props = described(id, messages, field.hint ? "hint" : undefined);
  return (
    <div className={field.input === "textarea" ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className={adminLabel}>
        {field.label}
      </label>
      {field.input === "textarea" ? (
        <textarea {...props} name={name} rows={3} defaultValue={value} />
      ) : (
        <input
          {...props}
          type={field.input === "number" ? "number" : "text"}
          inputMode={field.input === "url" ? "url" : undefined}
          name={name}
          defaultValue={value}
        />
      )}
      {field.hint ? <Hint id={`${id}-hint`}>{field.hint}</Hint> : null}
      <FieldError id={`${id}-error`} messages={messages} />
    </div>
  );
}
