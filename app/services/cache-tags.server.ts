import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cacheTags } from "../../db/schema";
import { isValidTag } from "../lib/cache-tags";

/**
 * The tags each request's writes bumped, keyed by that request's database object: the request's
 * cache layer reads them when the request ends and purges its data centre's copy of the versions.
 */
const bumpedBy = new WeakMap<Database, Set<string>>();

/**
 * The statement that marks `tags` changed, to put in the write's own batch so that it commits or
 * fails with the write: each tag's version goes up by one (a new tag starts at 1). With `onlyIf`,
 * a known tag goes up only when that SQL condition holds at that point of the batch (a view that
 * was not counted yet).
 *
 * Building it also notes the tags on this request's database: the request's data centre drops its
 * copy of the versions before the answer leaves, so the writer's next read is fresh. A batch that
 * then fails costs a needless refresh, never a stale read.
 */
export function bumpTags(db: Database, tags: string[], onlyIf?: SQL) {
  const valid = [...new Set(tags)].filter(isValidTag);
  if (valid.length === 0) throw new Error(`bumpTags: no valid tag in ${JSON.stringify(tags)}`);
  let noted = bumpedBy.get(db);
  if (!noted) bumpedBy.set(db, (noted = new Set()));
  for (const tag of valid) noted.add(tag);
  const changedAt = sql<number>`unixepoch()`;
  return db
    .insert(cacheTags)
    .values(valid.map((tag) => ({ tag, version: 1, changedAt })))
    .onConflictDoUpdate({
      target: cacheTags.tag,
      set: { version: sql`${cacheTags.version} + 1`, changedAt: sql`excluded.${sql.identifier(cacheTags.changedAt.name)}` },
      // A tag seen for the first time is inserted in any case: at worst one needless refresh.
      ...(onlyIf ? { setWhere: onlyIf } : {}),
    });
}

/** The tags this request's writes bumped so far (and forgets them). */
export function takeBumpedTags(db: Database): string[] {
  const noted = bumpedBy.get(db);
  if (!noted || noted.size === 0) return [];
  const tags = [...noted];
  noted.clear();
  return tags;
}

/** Whether this request has bumped tags that its cache layer has not yet taken. */
export function hasBumpedTags(db: Database): boolean {
  return (bumpedBy.get(db)?.size ?? 0) > 0;
}

/**
 * The versions of the tags changed in the last `withinSeconds` (by the database's clock). A tag
 * not listed counts as version 0: it has not changed within the lifetime of any live entry.
 */
export async function readTagVersions(db: Database, withinSeconds: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ tag: cacheTags.tag, version: cacheTags.version })
    .from(cacheTags)
    .where(sql`${cacheTags.changedAt} > unixepoch() - ${withinSeconds}`);
  const versions: Record<string, number> = {};
  for (const row of rows) versions[row.tag] = row.version;
  return versions;
}
