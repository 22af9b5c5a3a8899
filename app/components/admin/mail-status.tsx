const STYLES: Record<string, string> = {
  queued: "bg-amber-100 text-amber-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
};

const LABELS: Record<string, string> = { queued: "Queued", sent: "Sent", failed: "Failed" };

/** An outbox email's status as a badge (its word, never colour alone). */
export function MailStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLES[status] ?? "bg-gray-100 text-gray-800"}`}
    >
      {LABELS[status] ?? status}
    </span>
  );
}
