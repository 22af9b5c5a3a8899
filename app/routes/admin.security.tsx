import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { adminPageMeta } from "~/components/admin/admin-page";
import { RecoveryCodesList, TwoFactorSetupDetails } from "~/components/admin/two-factor-setup";
import { SettingsPage } from "~/components/admin/settings-page";
import { AdminCard, dangerButton, dateTime, primaryButton, secondaryButton } from "~/components/admin/ui";
import { TextField } from "~/components/form";
import { safeRedirect } from "~/lib/redirect";
import { qrPath } from "~/services/qr.server";
import {
  beginSetup,
  confirmSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  setupFromToken,
  twoFactorStatus,
} from "~/services/two-factor.server";
import { formPageHeaders, readForm, type FormFailure, buttonError } from "~/http/pages/forms.server";
import { requireAdmin } from "~/http/pages/guards.server";
import { toasts } from "~/http/pages/toast.server";
import {
  clearCodesCookie,
  clearSetupCookie,
  codesCookie,
  readCodesCookie,
  readSetupCookie,
  setupCookie,
} from "~/http/two-factor.server";

export const meta = adminPageMeta("Two-factor sign-in", "/admin/security");

export const headers = formPageHeaders;

const HERE = "/admin/security";

/**
 * The staff member's own second factor (docs/decisions/023): whether it is on, a set-up in progress
 * (its secret in a sealed cookie until a code confirms it), and recovery codes just made, shown once
 * (the page clears their cookie as it shows them).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const viewer = await requireAdmin(app, request);
  const status = await twoFactorStatus(app.db, app.env, viewer.user);
  const setup = status.enabled ? null : await setupFromToken(app.env, viewer, readSetupCookie(app.env, request));
  const codes = await readCodesCookie(app.env, request, viewer.user.id);
  const next = new URL(request.url).searchParams.get("continue");
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (codes) headers.append("Set-Cookie", clearCodesCookie(app.env, request));
  return json(
    {
      status,
      email: viewer.user.email,
      setup: setup ? { secretGrouped: setup.secret_grouped, qr: qrPath(setup.otpauth_uri) } : null,
      codes,
      continueTo: next ? safeRedirect(next, "/admin") : null,
    },
    { headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const viewer = await requireAdmin(app, request);
  const toast = toasts(app.env, request);
  const values = await readForm(request);
  try {
    switch (values.intent) {
      case "begin": {
        const setup = await beginSetup(app.db, app.env, viewer);
        return toast.redirectWithInfo(HERE, "Scan the QR code, then enter the code the app shows.", {
          headers: { "Set-Cookie": setupCookie(app.env, request, setup.setup_token) },
        });
      }
      case "cancel":
        return toast.redirectWithInfo(HERE, "Set-up cancelled.", {
          headers: { "Set-Cookie": clearSetupCookie(app.env, request) },
        });
      case "confirm": {
        const codes = await confirmSetup(app.db, app.env, viewer, readSetupCookie(app.env, request), {
          code: values.code,
        });
        const response = await toast.redirectWithSuccess(HERE, "Two-factor sign-in is on.", {
          headers: { "Set-Cookie": clearSetupCookie(app.env, request) },
        });
        response.headers.append("Set-Cookie", await codesCookie(app.env, request, viewer.user.id, codes));
        return response;
      }
      case "regenerate": {
        const codes = await regenerateRecoveryCodes(app.db, app.env, viewer, { code: values.code });
        return toast.redirectWithSuccess(HERE, "New recovery codes made: the old ones no longer work.", {
          headers: { "Set-Cookie": await codesCookie(app.env, request, viewer.user.id, codes) },
        });
      }
      case "disable":
        await disableTwoFactor(app.db, app.env, viewer, { code: values.code });
        return toast.redirectWithSuccess(HERE, "Two-factor sign-in is off.");
      default:
        return toast.redirectWithError(HERE, "That action is not available.");
    }
  } catch (error) {
    return buttonError(error, { toast, here: HERE, values: { intent: values.intent ?? "" } });
  }
}

function CodeForm({
  intent,
  label,
  button,
  danger,
  failure,
  busy,
}: {
  intent: string;
  label: string;
  button: string;
  danger?: boolean;
  failure?: FormFailure;
  busy: boolean;
}) {
  const errors = failure?.values.intent === intent ? failure.errors : undefined;
  return (
    <Form method="post" noValidate preventScrollReset className="grid gap-3 sm:max-w-sm">
      <input type="hidden" name="intent" value={intent} />
      <TextField
        name="code"
        idPrefix={`${intent}-`}
        label={label}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        errors={errors}
      />
      <div>
        <button type="submit" className={danger ? dangerButton : primaryButton} disabled={busy}>
          {button}
        </button>
      </div>
    </Form>
  );
}

export default function AdminSecurityPage() {
  const { status, email, setup, codes, continueTo } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state !== "idle";
  return (
    <SettingsPage
      toast={failure?.toast ?? null}
      title="Two-factor sign-in"
      description="Sign in with your password and a code from an authenticator app on your phone."
    >
      {codes ? (
        <AdminCard id="codes-heading" title="Your recovery codes">
          <div className="mt-4 grid gap-4">
            <RecoveryCodesList codes={codes} />
            {continueTo ? (
              <p>
                <Link to={continueTo} className={primaryButton}>
                  I have saved them: continue
                </Link>
              </p>
            ) : null}
          </div>
        </AdminCard>
      ) : null}

      <AdminCard id="status-heading" title="Status">
        <div className="mt-4 grid gap-2 text-sm text-gray-800">
          {status.enabled ? (
            <>
              <p>
                <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">On</span>{" "}
                {status.enabled_at ? `since ${dateTime(status.enabled_at)}` : null}
              </p>
              <p>
                Recovery codes left: <strong>{status.recovery_codes_left}</strong> of 10.
              </p>
            </>
          ) : (
            <p>
              <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800">Off</span>{" "}
              {status.required
                ? "The shop requires it of staff: you will be asked to set it up at your next sign-in."
                : "You can turn it on for your account."}
            </p>
          )}
          {status.required ? (
            <p className="text-gray-600">
              The shop's security setting requires two-factor sign-in for every admin and super-admin.
            </p>
          ) : null}
        </div>
      </AdminCard>

      {!status.enabled ? (
        <AdminCard id="setup-heading" title="Set up">
          <div className="mt-4 grid gap-4">
            {setup ? (
              <>
                <TwoFactorSetupDetails qr={setup.qr} secretGrouped={setup.secretGrouped} account={email} />
                <CodeForm intent="confirm" label="Code from the app" button="Turn on" failure={failure} busy={busy} />
                <Form method="post" noValidate>
                  <input type="hidden" name="intent" value="cancel" />
                  <button type="submit" className={secondaryButton} disabled={busy}>
                    Cancel
                  </button>
                </Form>
              </>
            ) : (
              <Form method="post" noValidate>
                <input type="hidden" name="intent" value="begin" />
                <button type="submit" className={primaryButton} disabled={busy}>
                  Set up two-factor sign-in
                </button>
              </Form>
            )}
          </div>
        </AdminCard>
      ) : (
        <>
          <AdminCard id="regenerate-heading" title="New recovery codes">
            <p className="mt-2 text-sm text-gray-600">Used some, or lost them? New codes replace every old one.</p>
            <div className="mt-4">
              <CodeForm
                intent="regenerate"
                label="Code from the app"
                button="Make new recovery codes"
                failure={failure}
                busy={busy}
              />
            </div>
          </AdminCard>
          {status.required ? null : (
            <AdminCard id="disable-heading" title="Turn off">
              <p className="mt-2 text-sm text-gray-600">Your account will sign in with the password alone.</p>
              <div className="mt-4">
                <CodeForm
                  intent="disable"
                  label="Code from the app"
                  button="Turn off two-factor sign-in"
                  danger
                  failure={failure}
                  busy={busy}
                />
              </div>
            </AdminCard>
          )}
        </>
      )}
    </SettingsPage>
  );
}
