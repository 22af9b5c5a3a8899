import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bumpTags, hasBumpedTags, readTagVersions, takeBumpedTags } from "~/services/cache-tags.server";
import { recordBlogView, recordBlogViews, setBlogLike } from "~/services/blog-engagement.server";
import { createTestDb, type TestDb } from "./db";

// The tag versions on libSQL: bumped in the write's own batch, read back within a window.

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

const versions = () => readTagVersions(t.db, 3600);

describe("tag versions", () => {
  it("start at 1 and go up by one per bump, in the batch of the write", async () => {
    const before = await versions();
    expect(before["test:a"]).toBeUndefined();
    await t.db.batch([bumpTags(t.db, ["test:a", "test:b"])]);
    await t.db.batch([bumpTags(t.db, ["test:a"])]);
    const after = await versions();
    expect(after["test:a"]).toBe(2);
    expect(after["test:b"]).toBe(1);
  });

  it("roll back with a batch that fails: a write that did not happen makes nothing stale", async () => {
    const before = (await versions())["test:c"] ?? 0;
    await expect(
      t.db.batch([bumpTags(t.db, ["test:c"]), t.db.run(sql`INSERT INTO no_such_table VALUES (1)`)]),
    ).rejects.toThrow();
    expect((await versions())["test:c"] ?? 0).toBe(before);
  });

  it("note the tags on the request's database until its cache layer takes them", async () => {
    takeBumpedTags(t.db);
    expect(hasBumpedTags(t.db)).toBe(false);
    bumpTags(t.db, ["test:d", "test:d", "not valid"]);
    expect(hasBumpedTags(t.db)).toBe(true);
    expect(takeBumpedTags(t.db)).toEqual(["test:d"]);
    expect(hasBumpedTags(t.db)).toBe(false);
    // A view's bump is not noted: no purge for it.
    bumpTags(t.db, ["test:e"], { purgeHere: false });
    expect(hasBumpedTags(t.db)).toBe(false);
  });

  it("leave out tags unchanged for longer than the window", async () => {
    await t.client.execute(
      "INSERT INTO cache_tags (tag, version, changed_at) VALUES ('test:old', 7, unixepoch() - 10000)",
    );
    expect((await readTagVersions(t.db, 3600))["test:old"]).toBeUndefined();
    expect((await readTagVersions(t.db, 20000))["test:old"]).toBe(7);
    await t.db.batch([bumpTags(t.db, ["test:old"])]);
    expect((await readTagVersions(t.db, 3600))["test:old"]).toBe(8);
  });

  it("a like bumps its post and the lists; a view only when it is a new visitor's of the day", async () => {
    const [blog] = (await t.client.execute("SELECT id FROM blogs WHERE status = 'published' ORDER BY id LIMIT 1"))
      .rows as unknown as Array<{ id: number }>;
    const id = Number(blog!.id);
    const v0 = await versions();
    await setBlogLike(t.db, id, "v:tags-test", true);
    const v1 = await versions();
    expect(v1[`blog:${id}`]).toBe((v0[`blog:${id}`] ?? 0) + 1);
    expect(v1.blogs).toBe((v0.blogs ?? 0) + 1);
    const day = new Date("2026-11-23T10:00:00Z");
    await recordBlogView(t.db, id, "v:tags-test", day);
    const v2 = await versions();
    expect(v2[`blog:${id}`]).toBe(v1[`blog:${id}`]! + 1);
    expect(v2.blogs).toBe(v1.blogs);
    await recordBlogView(t.db, id, "v:tags-test", day);
    expect((await versions())[`blog:${id}`]).toBe(v2[`blog:${id}`]);
  });

  it("counts a moment's views once per visitor, post and day, each post's in one go, a deleted post's skipped", async () => {
    const rows = (
      await t.client.execute("SELECT id FROM blogs WHERE status = 'published' ORDER BY id LIMIT 2 OFFSET 1")
    ).rows as unknown as Array<{ id: number }>;
    const [a, b] = rows.map((row) => Number(row.id));
    const count = async (id: number) =>
      Number(
        (await t.client.execute({ sql: "SELECT view_count FROM blogs WHERE id = ?", args: [id] })).rows[0]!.view_count,
      );
    const [a0, b0] = [await count(a!), await count(b!)];
    await recordBlogViews(t.db, [{ blogId: a!, visitor: "v:seen-before", day: "2026-11-24" }]);
    const v0 = await versions();
    await recordBlogViews(t.db, [
      { blogId: a!, visitor: "v:seen-before", day: "2026-11-24" },
      { blogId: a!, visitor: "v:new-1", day: "2026-11-24" },
      { blogId: a!, visitor: "v:new-2", day: "2026-11-24" },
      { blogId: a!, visitor: "v:seen-before", day: "2026-11-25" },
      { blogId: b!, visitor: "v:seen-before", day: "2026-11-24" },
      { blogId: 999_999, visitor: "v:new-1", day: "2026-11-24" },
    ]);
    expect(await count(a!)).toBe(a0 + 4);
    expect(await count(b!)).toBe(b0 + 1);
    const v1 = await versions();
    expect(v1[`blog:${a}`]).toBeGreaterThan(v0[`blog:${a}`]!);
    // Views already counted: nothing moves, nothing is made stale.
    await recordBlogViews(t.db, [
      { blogId: a!, visitor: "v:new-1", day: "2026-11-24" },
      { blogId: b!, visitor: "v:seen-before", day: "2026-11-24" },
    ]);
    expect(await count(a!)).toBe(a0 + 4);
    expect(await count(b!)).toBe(b0 + 1);
    const v2 = await versions();
    expect(v2[`blog:${a}`]).toBe(v1[`blog:${a}`]);
    expect(v2[`blog:${b}`]).toBe(v1[`blog:${b}`]);
  });
});
