import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The shoppers' full-text indexes (FTS5 virtual tables, migration 0017, docs/decisions/031), as
 * drizzle tables to query. They are kept out of `schema.ts` on purpose: drizzle-kit cannot create
 * virtual tables, so the migration's hand-written SQL creates them and its triggers fill them.
 * `rowid` is the id of the product, category or tutorial; the hidden column named after the
 * table is what `MATCH` is applied to.
 */
export const productSearch = sqliteTable("product_search", {
  rowid: integer("rowid").notNull(),
  name: text("name").notNull(),
  category: text("category").notNull(),
  keywords: text("keywords").notNull(),
  summary: text("summary").notNull(),
  body: text("body").notNull(),
});

export const categorySearch = sqliteTable("category_search", {
  rowid: integer("rowid").notNull(),
  name: text("name").notNull(),
  description: text("description").notNull(),
});

export const tutorialSearch = sqliteTable("tutorial_search", {
  rowid: integer("rowid").notNull(),
  title: text("title").notNull(),
  keywords: text("keywords").notNull(),
  summary: text("summary").notNull(),
  body: text("body").notNull(),
});

/** Every title in three-letter pieces, for typos: rowid = id * 4 + kind (0 product, 1 category, 2 tutorial). */
export const searchTitles = sqliteTable("search_titles", {
  rowid: integer("rowid").notNull(),
  title: text("title").notNull(),
});
