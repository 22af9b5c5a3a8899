/**
 * The database's current D1 Time Travel bookmark, shown before a bulk change so staff can undo it
 * (`wrangler d1 time-travel restore DB --bookmark=...`): a session at the primary, after one read,
 * gives the primary's latest bookmark. Null where there is none: libSQL, or a local D1 that has no
 * bookmarks.
 */
export async function currentBookmark(env: Env): Promise<string | null> {
  if (env.LIBSQL_URL || !env.DB) return null;
  try {
    const session = env.DB.withSession("first-primary");
    await session.prepare("SELECT 1").first();
    return session.getBookmark() ?? null;
  } catch {
    return null;
  }
}
