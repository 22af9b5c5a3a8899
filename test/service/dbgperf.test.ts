import { it } from "vitest";
import { createLibsqlDatabase } from "../../db/client";
import { openLibsql } from "../../db/libsql";
import { QueryTimer } from "../../db/timing";
import { productQuery } from "./db";
import { listProducts } from "~/services/products.server";
import { searchCatalogue, suggest } from "~/services/search.server";
async function time(label: string, fn: () => Promise<unknown>) {
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) { const t = performance.now(); await fn(); runs.push(performance.now() - t); }
  runs.sort((a, b) => a - b);
  console.log(label.padEnd(40), runs[2]!.toFixed(1), "ms");
}
it("perf", async () => {
  const db = createLibsqlDatabase(openLibsql("file:/tmp/fts-try.db"), new QueryTimer());
  await time("list search rose (rank)", () => listProducts(db, productQuery({ search: "rose" })));
  await time("list search rose newest", () => listProducts(db, productQuery({ search: "rose", sort_by: "created_at" })));
  await time("list search petal (desc everywhere)", () => listProducts(db, productQuery({ search: "petal" })));
  await time("search page rose", () => searchCatalogue(db, { q: "rose", page: 1, per_page: 12, categories: [] }));
  await time("search page petal", () => searchCatalogue(db, { q: "petal", page: 1, per_page: 12, categories: [] }));
  await time("search page typo lavendar", () => searchCatalogue(db, { q: "lavendar", page: 1, per_page: 12, categories: [] }));
  await time("suggest ro", () => suggest(db, "ro"));
  await time("suggest rose bou", () => suggest(db, "rose bou"));
  await time("suggest petal", () => suggest(db, "petal"));
}, 120000);
