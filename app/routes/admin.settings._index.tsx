import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SettingsAudit } from "~/components/admin/settings-audit";
import { SettingField } from "~/components/admin/settings-fields";
import { SettingsForm, SettingsPage } from "~/components/admin/settings-page";
import { AdminCard } from "~/components/admin/ui";
import { formFailure, readForm, type FormFailure } from "~/http/pages/forms.server";
import { adminAction, loadAdminPage } from "~/http/pages/admin-pages.server";
import { LIST_SETTING_KEYS } from "~/lib/schemas/admin-settings";
import { settingsPage, updateSettings } from "~/services/admin/settings.server";
import { ValidationError } from "~/services/errors";

export const loader = (args: LoaderFunctionArgs) => loadAdminPage(args, settingsPage);

/** One group's form: its fields (and the `group` it came from, which is not a setting) are saved together. */
export async function action(args: ActionFunctionArgs) {
  const { app, actor, toast } = await adminAction(args);
  const { group, ...values } = await readForm(args.request, LIST_SETTING_KEYS);
  try {
    const { changed } = await updateSettings(app.db, actor, values);
    const message =
      changed.length === 0
        ? "Nothing to save: no setting changed."
        : changed.length === 1
          ? "Setting saved."
          : `${changed.length} settings saved.`;
    return toast.redirectWithSuccess("/admin/settings", message);
  } catch (error) {
    if (error instanceof ValidationError) {
      return formFailure(error.errors, "Some settings could not be saved. Please check the fields marked in red.", {
        ...values,
        group: group ?? "",
      });
    }
    throw error;
  }
}

/** The controls that take the card's whole width. */
const WIDE = new Set(["json", "textarea", "weekdays", "dates"]);

export default function AdminSettings() {
  const { groups, audit } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  return (
    <SettingsPage
      toast={failure?.toast ?? null}
      title="Settings"
      description="The shop's settings by group. Public ones show on the shop as soon as they are saved."
      after={<SettingsAudit id="settings-audit" title="Latest changes to the settings" entries={audit} />}
    >
      {groups.map((group) => {
        const failed = failure?.values.group === group.key ? failure : undefined;
        return (
          <AdminCard key={group.key} id={`group-${group.key}`} title={group.label}>
            {group.description ? <p className="mt-1 text-sm text-gray-600">{group.description}</p> : null}
            <SettingsForm name="group" value={group.key} saveLabel={`Save ${group.label.toLowerCase()}`}>
              {group.settings.map((setting) => (
                <div key={setting.key} className={WIDE.has(setting.input) ? "sm:col-span-2" : undefined}>
                  <SettingField
                    setting={setting}
                    value={failed ? (failed.values[setting.key] ?? setting.text) : setting.text}
                    messages={failed?.errors[setting.key]}
                  />
                </div>
              ))}
            </SettingsForm>
          </AdminCard>
        );
      })}
    </SettingsPage>
  );
}
