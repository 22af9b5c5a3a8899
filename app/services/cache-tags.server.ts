import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cacheTags } from "../../db/schema";
import { isValidTag } from "../lib/cache-tags";

/**
 * The tags a request's writes bumped, by the request's database object: the request's cache layer
 * reads them when the request ends and purges its data centre's copy of the versions.
 */
const bumpedTags = new WeakMap<Database, Set<string>>();

function bumpedBy(db: Database): Set<string> {
  let tags = bumpedTags.get(db);
  if (!tags) bumpedTags.set(db, (tags = new Set()));
  return tags;
}

/**
 * The statement that marks `tags` changed, to put in the write's own batch so that it commits or
 * fails with the write: each tag's version goes up by one (a new tag starts at 1). With `onlyIf`,
 * a known tag goes up only when that SQL condition holds at that point of the batch (a view that
 * was not counted yet).
 *
 * Building it also notes the tags on this request's database: the request's data centre drops its
 * copy of the versions before the answer leaves, so the writer's next read is fresh. A batch that
 * then fails costs a needless refresh, never a stale read. With `purgeHere: false` (a view, which
 * nobody expects to see at once) the versions still go up, and every reader sees the change once
 * its copies of the versions expire, without a purge per write.
 */
export function bumpTags(
  db: Database,
  tags: string[],
  { onlyIf, purgeHere = true }: { onlyIf?: SQL; purgeHere?: boolean } = {},
) {
  const valid = [...new Set(tags)].filter(isValidTag);
  if (valid.length === 0) throw new Error(`bumpTags: no valid tag in ${JSON.stringify(tags)}`);
  if (purgeHere) {
    const noted = bumpedBy(db);
    for (const tag of valid) noted.add(tag);
  }
  const changedAt = sql<number>`unixepoch()`;
  return db
    .insert(cacheTags)
    .values(valid.map((tag) => ({ tag, version: 1, changedAt })))
    .onConflictDoUpdate({
      target: cacheTags.tag,
      set: {
        version: sql`${cacheTags.version} + 1`,
        changedAt: sql`excluded.${sql.identifier(cacheTags.changedAt.name)}`,
      },
      // A tag seen for the first time is inserted in any case: at worst one needless refresh.
      ...(onlyIf ? { setWhere: onlyIf } : {}),
    });
}

/** The tags this request's writes bumped so far (and forgets them). */
export function takeBumpedTags(db: Database): string[] {
  const noted = bumpedBy(db);
  if (noted.size === 0) return [];
  const tags = [...noted];
  noted.clear();
  return tags;
}

/** Whether this request has bumped tags that its cache layer has not yet taken. */
export function hasBumpedTags(db: Database): boolean {
  return bumpedBy(db).size > 0;
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
