import { and, eq, sql } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { blogTags, blogs } from "../../db/schema";
import { prerendered, rendered, subqueries } from "../../app/services/sql";

const dialect = new SQLiteSyncDialect();
const render = (fragment: ReturnType<typeof sql>) => dialect.sqlToQuery(fragment);

const tagged = (tag: unknown) =>
  sql`${subqueries
    .select({ n: sql`count(*)` })
    .from(blogTags)
    .where(and(eq(blogTags.blogId, blogs.id), eq(blogTags.tag, tag as string)))}`;

describe("prerendered SQL fragments", () => {
  it("give the text and parameters the fragment built anew gives, whatever the values", () => {
    const count = prerendered(["tag"], ({ tag }) => tagged(tag));
    for (const tag of ["roses", "tulips", "a?b"]) {
      expect(render(count({ tag }))).toEqual(render(tagged(tag)));
    }
  });

  it("keep the fixed parameters of the fragment beside the named ones", () => {
    const published = prerendered(
      ["slug"],
      ({ slug }) => sql`${and(eq(blogs.status, "published"), eq(blogs.slug, slug))}`,
    );
    expect(render(published({ slug: "roses" })).params).toEqual(["published", "roses"]);
  });

  it("build a fragment without values once, on first use", () => {
    let builds = 0;
    const fragment = rendered(() => {
      builds += 1;
      return tagged("roses");
    });
    expect(builds).toBe(0);
    expect(render(fragment())).toEqual(render(fragment()));
    expect(builds).toBe(1);
  });

  it("refuse a fragment whose text holds a question mark of its own", () => {
    const literal = rendered(() => sql`instr(${blogs.title}, '?') > 0`);
    expect(() => literal()).toThrow(/'\?'/);
  });
});
