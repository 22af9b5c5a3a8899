/**
 * The database's bookmark before a bulk change (an import, a bulk price change), and how to restore
 * the database to it: `what` names the change ("import", "price change").
 */
export function BookmarkNotice({ bookmark, what, verb }: { bookmark: string | null; what: string; verb: string }) {
  return (
    <section
      aria-labelledby="backup-title"
      className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm"
    >
      <h2 id="backup-title" className="font-semibold text-gray-900">
        Before you {verb}: the database&apos;s bookmark
      </h2>
      {bookmark ? (
        <>
          <p className="mt-1 text-gray-800">
            Current bookmark:{" "}
            <code data-bookmark className="break-all">
              {bookmark}
            </code>
          </p>
          <p className="mt-1 text-gray-700">
            To undo this {what} (and every change made after it), restore the database:{" "}
            <code className="break-all">wrangler d1 time-travel restore DB --bookmark={bookmark}</code>
          </p>
        </>
      ) : (
        <p className="mt-1 text-gray-800">
          The bookmark is unavailable here (D1 Time Travel exists only on Cloudflare, not in local development or on
          libSQL).
        </p>
      )}
    </section>
  );
}
