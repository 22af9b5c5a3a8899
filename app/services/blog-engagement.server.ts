import { and, eq, exists, isNotNull, not, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { blogLikes, blogs, blogViews } from "../../db/schema";
import { changes } from "../lib/cache-tags";
import { bumpTags } from "./cache-tags.server";
import { NotFoundError } from "./errors";
import { subqueries } from "./sql";

/** The published post's id, or not found (drafts cannot be liked). */
async function publishedBlogId(db: Database, id: number): Promise<number> {
  const [row] = await db
    .select({ id: blogs.id })
    .from(blogs)
    .where(and(eq(blogs.id, id), eq(blogs.status, "published"), isNotNull(blogs.publishedAt)));
  if (!row) throw new NotFoundError("Article Not Found");
  return row.id;
}

/** Whether this visitor liked the post: one indexed read (the like's primary key). */
export async function hasLiked(db: Database, blogId: number, visitor: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(blogLikes)
    .where(and(eq(blogLikes.blogId, blogId), eq(blogLikes.visitorId, visitor)))
    .limit(1);
  return row !== undefined;
}

/**
 * Likes (or unlikes) a post for one visitor, idempotently: the like is a row keyed by post and
 * visitor, and the count moves only when that row appears or disappears, checked and written in
 * one batch (one transaction), so a second like, or many at once, from the same visitor count once.
 * The same batch marks the post's cached answers and the lists stale.
 */
export async function setBlogLike(
  db: Database,
  blogId: number,
  visitor: string,
  liked: boolean,
): Promise<{ like_count: number; liked: boolean }> {
  const id = await publishedBlogId(db, blogId);
  const likedAlready = exists(
    subqueries
      .select({ one: sql`1` })
      .from(blogLikes)
      .where(and(eq(blogLikes.blogId, id), eq(blogLikes.visitorId, visitor))),
  );
  const [, , , rows] = await db.batch([
    liked
      ? db
          .update(blogs)
          .set({ likeCount: sql`${blogs.likeCount} + 1` })
          .where(and(eq(blogs.id, id), not(likedAlready)))
      : db
          .update(blogs)
          .set({ likeCount: sql`max(${blogs.likeCount} - 1, 0)` })
          .where(and(eq(blogs.id, id), likedAlready)),
    liked
      ? db.insert(blogLikes).values({ blogId: id, visitorId: visitor }).onConflictDoNothing()
      : db.delete(blogLikes).where(and(eq(blogLikes.blogId, id), eq(blogLikes.visitorId, visitor))),
    bumpTags(db, changes.blogLiked(id)),
    db.select({ like_count: blogs.likeCount }).from(blogs).where(eq(blogs.id, id)),
  ]);
  return { like_count: rows[0]?.like_count ?? 0, liked };
}

/**
 * Counts a view once per visitor per day (UTC): the count goes up only when that visitor has no
 * view of the post today, checked and written in one batch (one transaction), which also marks the
 * post's cached answers stale when the count moved: seen by every reader within the versions'
 * copies' lifetime (10 s), without a purge for each view (the article is read, and so viewed, far
 * more often than anything else is written).
 */
export async function recordBlogView(db: Database, blogId: number, visitor: string, now = new Date()): Promise<void> {
  await recordBlogViews(db, [{ blogId, visitor, day: now.toISOString().slice(0, 10) }]);
}

/** A day's view of a post by one visitor (`day` is the UTC date, `YYYY-MM-DD`). */
export interface BlogView {
  blogId: number;
  visitor: string;
  day: string;
}

/**
 * Several views in one batch (one transaction), each checked and counted as `recordBlogView` does:
 * the isolate gathers the views of a moment and writes them together (http/views.server). The
 * views of one post and day go in three statements however many they are (the visitors as one JSON
 * array): the count goes up by the number of them not yet seen today, the post's answers are
 * marked stale if it moved, and they are recorded (only while the post exists: a view written a
 * moment late must not fail its batch, and the other readers' views with it, because staff deleted
 * the post meanwhile).
 */
export async function recordBlogViews(db: Database, views: BlogView[]): Promise<void> {
  if (views.length === 0) return;
  const groups = new Map<string, { blogId: number; day: string; visitors: string[] }>();
  for (const { blogId, visitor, day } of views) {
    const key = `${blogId}|${day}`;
    const group = groups.get(key) ?? { blogId, day, visitors: [] };
    group.visitors.push(visitor);
    groups.set(key, group);
  }
  const statements = [...groups.values()].flatMap(({ blogId, day, visitors }) => {
    const list = JSON.stringify([...new Set(visitors)]);
    const unseen = sql<number>`(SELECT count(*) FROM json_each(${list}) AS seen WHERE NOT EXISTS (SELECT 1 FROM ${blogViews} WHERE ${blogViews.blogId} = ${blogId} AND ${blogViews.day} = ${day} AND ${blogViews.visitorId} = seen.value))`;
    return [
      bumpTags(db, changes.blogViewed(blogId), { onlyIf: sql`${unseen} > 0`, purgeHere: false }),
      db
        .update(blogs)
        .set({ viewCount: sql`${blogs.viewCount} + ${unseen}` })
        .where(eq(blogs.id, blogId)),
      db
        .insert(blogViews)
        .select(
          sql`SELECT ${blogs.id}, seen.value, ${day} FROM ${blogs}, json_each(${list}) AS seen WHERE ${blogs.id} = ${blogId}`,
        )
        .onConflictDoNothing(),
    ];
  });
  await db.batch(statements as unknown as Parameters<Database["batch"]>[0]);
}
