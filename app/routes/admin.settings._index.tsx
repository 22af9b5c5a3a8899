import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SettingsAudit } from "~/components/admin/settings-audit";
import { SettingField } from "~/components/admin/settings-fields";
import { SettingsTabs } from "~/components/admin/settings-tabs";
import { AdminCard, AdminHeader, primaryButton } from "~/components/admin/ui";
import { Toaster } from "~/components/toaster";
import { formFailure, readForm, type FormFailure } from "~/http/pages/forms.server";
import { requireAdmin } from "~/http/pages/guards.server";
import { toasts } from "~/http/pages/toast.server";
import { actorOf } from "~/services/audit.server";
import { settingsPage, updateSettings } from "~/services/admin/settings.server";
import { ValidationError } from "~/services/errors";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  return json(await settingsPage(context.app.db), { headers: { "Cache-Control": "private, no-store" } });
}

/** One group's form: its fields (and the `group` it came from, which is not a setting) are saved together. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const viewer = await requireAdmin(app, request);
  const { group, ...values } = await readForm(request);
  try {
    const { changed } = await updateSettings(app.db, actorOf(viewer), values);
    const message =
      changed.length === 0
        ? "Nothing to save: no setting changed."
        : changed.length === 1
          ? "Setting saved."
          : `${changed.length} settings saved.`;
    return toasts(app.env, request).redirectWithSuccess("/admin/settings", message);
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

export default function AdminSettings() {
  const { groups, audit } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" ? navigation.formData?.get("group") : null;
  return (
    <section aria-labelledby="admin-title">
      <Toaster toast={failure?.toast ?? null} listen={false} />
      <AdminHeader
        title="Settings"
        description="The shop's settings by group. Public ones show on the shop as soon as they are saved."
      />
      <SettingsTabs />
      <div className="mt-6 grid gap-6">
        {groups.map((group) => {
          const failed = failure?.values.group === group.key ? failure : undefined;
          return (
            <AdminCard key={group.key} id={`group-${group.key}`} title={group.label}>
              {group.description ? <p className="mt-1 text-sm text-gray-600">{group.description}</p> : null}
              <Form method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
                <input type="hidden" name="group" value={group.key} />
                {group.settings.map((setting) => (
                  <div
                    key={setting.key}
                    className={setting.input === "json" || setting.input === "textarea" ? "sm:col-span-2" : undefined}
                  >
                    <SettingField
                      setting={setting}
                      value={failed ? (failed.values[setting.key] ?? setting.text) : setting.text}
                      messages={failed?.errors[setting.key]}
                    />
                  </div>
                ))}
                <div className="sm:col-span-2">
                  <button
                    type="submit"
                    className={primaryButton}
                    disabled={navigation.state !== "idle"}
                    aria-busy={saving === group.key || undefined}
                  >
                    {saving === group.key ? "Saving…" : `Save ${group.label.toLowerCase()}`}
                  </button>
                </div>
              </Form>
            </AdminCard>
          );
        })}
      </div>
      <SettingsAudit id="settings-audit" title="Latest changes to the settings" entries={audit} />
    </section>
  );
}
