import type { AuditRecord } from "~/services/audit.server";
import { AdminCard, dateTime } from "./ui";

/**
 * An entity's audit trail on its back-office page (a product, a category, a tutorial, an account,
 * an email): what staff changed, who and when, newest first.
 */
export function StaffChanges({
  entries,
  empty,
  id = "audit-heading",
  title = "Changes by staff",
  withEmail = false,
  className,
}: {
  entries: AuditRecord[];
  /** What the card says when nobody has changed it yet. */
  empty: string;
  id?: string;
  title?: string;
  /** Name the staff member's email beside their name. */
  withEmail?: boolean;
  className?: string;
}) {
  return (
    <AdminCard id={id} title={title} className={className}>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">{empty}</p>
      ) : (
        <ol className="mt-3 grid gap-2 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="border-l-2 border-bloom-200 pl-3">
              <p className="text-gray-900">{entry.summary}</p>
              <p className="text-gray-600">
                {entry.actor.name}
                {withEmail ? ` (${entry.actor.email})` : ""} · {dateTime(entry.created_at)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </AdminCard>
  );
}
