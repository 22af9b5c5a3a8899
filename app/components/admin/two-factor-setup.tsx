import { QrCode } from "~/components/qr-code";

/** A second factor's set-up: the QR code of the otpauth URI, and the secret as text for typing. */
export function TwoFactorSetupDetails({
  qr,
  secretGrouped,
  account,
}: {
  qr: { size: number; d: string };
  secretGrouped: string;
  account: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-[12rem_1fr] sm:items-start">
      <QrCode
        size={qr.size}
        d={qr.d}
        label={`QR code to add ${account} to an authenticator app`}
        className="h-48 w-48 rounded-lg border border-gray-200"
      />
      <div className="grid gap-2 text-sm text-gray-800">
        <p>
          Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password,
          Aegis...), or type this key into it:
        </p>
        <p>
          <span className="sr-only">Secret key: </span>
          <code
            data-testid="totp-secret"
            className="inline-block break-all rounded bg-gray-100 px-2 py-1 font-mono text-base tracking-wider text-gray-900"
          >
            {secretGrouped}
          </code>
        </p>
        <p className="text-gray-600">Then enter the 6-digit code the app shows to finish.</p>
      </div>
    </div>
  );
}

/** Recovery codes, shown once: each works once instead of a code from the app. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <div role="status" className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">Save your recovery codes now: they are shown only this once.</p>
      <p>Each code signs you in once if you lose your phone. Keep them somewhere safe, apart from your password.</p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-base">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
    </div>
  );
}
