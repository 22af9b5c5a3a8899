import type { AuditRecord } from "~/services/audit.server";
import { AdminCard, dateTime } from "./ui";

/** The latest changes to the settings or the home sections: when, who, what. */
export function SettingsAudit({ id, title, entries }: { id: string; title: string; entries: AuditRecord[] }) {
  return (
    <AdminCard id={id} title={title} className="mt-8">
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">No changes recorded yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-bloom-50 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="py-2">
              <p className="text-gray-900">{entry.summary}</p>
              <p className="text-xs text-gray-600">
                <time dateTime={entry.created_at ?? undefined}>{dateTime(entry.created_at)}</time> by {entry.actor.name}{" "}
                ({entry.actor.email})
              </p>
            </li>
          ))}
        </ol>
      )}
    </AdminCard>
  );
}
