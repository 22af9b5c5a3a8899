import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SettingsAudit } from "~/components/admin/settings-audit";
import { SectionFieldControl } from "~/components/admin/settings-fields";
import { SettingsForm, SettingsPage } from "~/components/admin/settings-page";
import { AdminCard, adminLabel } from "~/components/admin/ui";
import { formFailure, readForm, type FormFailure } from "~/http/pages/forms.server";
import { adminAction, privateJson } from "~/http/pages/admin-pages.server";
import { requireAdmin } from "~/http/pages/guards.server";
import {
  HOME_SECTION_FORMS,
  isHomeSectionKey,
  NEW_ROWS,
  rowField,
  sectionFormErrors,
  sectionFromForm,
  type SectionForm,
} from "~/lib/schemas/admin-settings";
import { homeSectionsPage, updateHomeSection } from "~/services/admin/settings.server";
import { NotFoundError, ValidationError } from "~/services/errors";

const HERE = "/admin/settings/home";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const { sections, audit } = await homeSectionsPage(context.app.db);
  // The forms' descriptions stay on the server: the page gets what it draws.
  const forms = Object.fromEntries(
    sections
      .filter((section) => section.editable)
      .map((section) => [section.key, HOME_SECTION_FORMS[section.key as keyof typeof HOME_SECTION_FORMS]]),
  );
  return privateJson({ sections, forms, audit, newRows: NEW_ROWS });
}

/** One section's form: its fields and its list's rows (rows left blank or marked "remove" are dropped). */
export async function action(args: ActionFunctionArgs) {
  const { app, actor, toast } = await adminAction(args);
  const values = await readForm(args.request);
  const key = values.section ?? "";
  if (!isHomeSectionKey(key)) return toast.redirectWithError(HERE, "That home page section cannot be edited.");
  const { data, rows } = sectionFromForm(key, values);
  try {
    const { changed } = await updateHomeSection(app.db, actor, key, data);
    const label = HOME_SECTION_FORMS[key].label;
    return toast.redirectWithSuccess(
      HERE,
      changed.length ? `${label} section saved.` : `Nothing to save: the ${label} section did not change.`,
    );
  } catch (error) {
    if (error instanceof ValidationError) {
      return formFailure(
        sectionFormErrors(key, error.errors, rows),
        "The section could not be saved. Please check the fields marked in red.",
        values,
      );
    }
    if (error instanceof NotFoundError) return toast.redirectWithError(HERE, error.message);
    throw error;
  }
}

const text = (value: unknown) =>
  value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);

/** The rows a list form shows: its items (or, after a refusal, the rows as they were sent), then empty rows to add. */
function listRows(
  form: SectionForm,
  data: Record<string, unknown>,
  sent: Record<string, string> | undefined,
  newRows: number,
) {
  const list = form.list!;
  if (sent) {
    const pattern = new RegExp(`^${list.name}\\.(\\d{1,3})\\.`);
    const indexes = [
      ...new Set(
        Object.keys(sent)
          .map((name) => pattern.exec(name)?.[1])
          .filter((i): i is string => i !== undefined)
          .map(Number),
      ),
    ].sort((a, b) => a - b);
    return indexes.map((row) => ({
      row,
      values: Object.fromEntries(
        list.fields.map((field) => [field.name, sent[rowField(list.name, row, field.name)] ?? ""]),
      ),
      removed: Boolean(sent[rowField(list.name, row, "remove")]),
    }));
  }
  const items = Array.isArray(data[list.name]) ? (data[list.name] as Record<string, unknown>[]) : [];
  const filled = items.map((item, row) => ({
    row,
    values: Object.fromEntries(list.fields.map((field) => [field.name, text(item[field.name])])),
    removed: false,
  }));
  const blank = Array.from({ length: newRows }, (_, i) => ({
    row: items.length + i,
    values: {} as Record<string, string>,
    removed: false,
  }));
  return [...filled, ...blank];
}

export default function AdminHomeSections() {
  const { sections, forms, audit, newRows } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  return (
    <SettingsPage
      toast={failure?.toast ?? null}
      title="Home page sections"
      description="What the home page says: each section is saved on its own and shows on the shop at once."
      after={<SettingsAudit id="home-audit" title="Latest changes to the home page" entries={audit} />}
    >
      {sections.map((section) => {
        const form = forms[section.key];
        if (!form) return null;
        const failed = failure?.values.section === section.key ? failure : undefined;
        const value = (name: string) =>
          failed ? (failed.values[name] ?? "") : text(section.data[name] ?? (name === "is_active" ? true : ""));
        return (
          <AdminCard key={section.key} id={`section-${section.key}`} title={form.label}>
            <p className="mt-1 text-sm text-gray-600">
              {form.description}
              {section.is_active ? null : <span className="ml-1 font-medium">(hidden on the home page)</span>}
            </p>
            <SettingsForm name="section" value={section.key} saveLabel={`Save the ${form.label} section`}>
              {form.fields.map((field) => (
                <SectionFieldControl
                  key={field.name}
                  field={field}
                  id={`${section.key}-${field.name}`}
                  name={field.name}
                  value={value(field.name)}
                  messages={failed?.errors[field.name]}
                />
              ))}
              {form.list ? (
                <fieldset className="sm:col-span-2">
                  <legend className={adminLabel}>{form.list.label}</legend>
                  <p className="text-xs text-gray-600">
                    Leave a row blank to skip it; tick "Remove" to take an item out.
                  </p>
                  <ol className="mt-2 grid gap-3">
                    {listRows(form, section.data, failed?.values, newRows).map(({ row, values, removed }, index) => {
                      const list = form.list!;
                      const removeId = `${section.key}-${list.name}-${row}-remove`;
                      return (
                        <li key={row} className="rounded-xl border border-bloom-100 p-3">
                          <p className="text-sm font-medium text-gray-800">{`${list.item} ${index + 1}`}</p>
                          <div className="mt-2 grid gap-3 sm:grid-cols-2">
                            {list.fields.map((field) => {
                              const name = rowField(list.name, row, field.name);
                              return (
                                <SectionFieldControl
                                  key={field.name}
                                  field={{ ...field, label: `${list.item} ${index + 1}: ${field.label}` }}
                                  id={`${section.key}-${name.replaceAll(".", "-")}`}
                                  name={name}
                                  value={values[field.name] ?? ""}
                                  messages={failed?.errors[name]}
                                />
                              );
                            })}
                          </div>
                          <div className="mt-2 flex items-center gap-2 text-sm">
                            <input
                              type="checkbox"
                              id={removeId}
                              name={rowField(list.name, row, "remove")}
                              value="1"
                              defaultChecked={removed}
                              className="h-4 w-4 rounded border-gray-300"
                            />
                            <label htmlFor={removeId}>Remove {`${list.item.toLowerCase()} ${index + 1}`}</label>
                          </div>
                        </li>
                      );
                    })}
                  </ol>
                  {failed?.errors[form.list.name] ? (
                    <p role="alert" className="mt-2 text-sm text-red-700">
                      {failed.errors[form.list.name]!.join(" ")}
                    </p>
                  ) : null}
                </fieldset>
              ) : null}
            </SettingsForm>
          </AdminCard>
        );
      })}
    </SettingsPage>
  );
}
