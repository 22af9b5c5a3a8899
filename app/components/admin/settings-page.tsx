import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Toast } from "~/lib/toast";
import { AdminPage } from "./admin-page";
import { SettingsTabs } from "./settings-tabs";
import { primaryButton } from "./ui";

/**
 * A page of the settings' tabs (the settings, the home page's sections, one's own two-factor
 * sign-in): the refused form's toast, the header, the tabs, the page's cards, then `after` (its
 * latest changes).
 */
export function SettingsPage({
  toast,
  title,
  description,
  after,
  children,
}: {
  toast: Toast | null;
  title: string;
  description: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AdminPage toast={toast} title={title} description={description}>
      <SettingsTabs />
      <div className="mt-6 grid gap-6">{children}</div>
      {after}
    </AdminPage>
  );
}

/**
 * One card's form of settings saved together: `name`=`value` says which card posted it (it is not a
 * setting); its Save button says "Saving…" while this form is being saved.
 */
export function SettingsForm({
  name,
  value,
  saveLabel,
  children,
}: {
  name: string;
  value: string;
  saveLabel: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get(name) === value;
  return (
    <Form method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name={name} value={value} />
      {children}
      <div className="sm:col-span-2">
        <button
          type="submit"
          className={primaryButton}
          disabled={navigation.state !== "idle"}
          aria-busy={saving || undefined}
        >
          {saving ? "Saving…" : saveLabel}
        </button>
      </div>
    </Form>
  );
}
