/**
 * How long exporting many orders takes, and how much memory it needs (issue 31, docs/decisions/034):
 * a libSQL database (migrated and seeded as production), grown by `--orders=N` orders of two lines
 * each, then `ordersCsv` read to its end as a client would, with the process's peak RSS and heap
 * sampled between pages.
 *
 *   NODE_OPTIONS=--expose-gc npx tsx scripts/bench-export.ts --orders=20000 [--status=pending] [--file=/tmp/export-bench.db]
 */
import { existsSync, rmSync } from "node:fs";
import { createLibsqlDatabase } from "../db/client";
import { applyMigrations, openLibsql, seedLibsql } from "../db/libsql";
import { ordersCsv } from "../app/services/admin/exports.server";

const arg = (name: string, fallback: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const orders = Number(arg("orders", "20000"));
const file = arg("file", "/tmp/export-bench.db");

if (existsSync(file)) rmSync(file);
const client = openLibsql(`file:${file}`);
await applyMigrations(client);
await seedLibsql(client);
const started = Date.now();
await client.executeMultiple(`
  INSERT INTO orders (order_number, status, email, subtotal_cents, total_cents, shipping_address, billing_address,
                      is_gift, gift_message, delivery_date, created_at)
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${orders})
  SELECT 'BENCH-' || i, CASE i % 4 WHEN 0 THEN 'pending' WHEN 1 THEN 'processing' WHEN 2 THEN 'shipped' ELSE 'delivered' END,
         'shopper' || i || '@example.com', 5000, 5500,
         '{"firstName":"Bea","lastName":"Bloom","phone":"+94 77 765 4321","address":"7 Lily Lane","city":"Kandy","state":"","zipCode":"20000","country":"LK"}',
         '{"firstName":"Rosa","lastName":"Petal","phone":"+94 71 234 5678","address":"12 Lotus Road","city":"Colombo","state":"","zipCode":"00300","country":"LK"}',
         i % 3 = 0, CASE WHEN i % 3 = 0 THEN 'Happy birthday!' END, '2026-12-12', unixepoch() - (${orders} - i) * 60
  FROM n;
  INSERT INTO order_items (order_id, product_name, product_sku, variant_options, quantity, price_cents, total_cents)
  SELECT o.id, 'Bench Bouquet ' || k.k, 'BENCH-SKU-' || k.k, '{"Size":"Grand"}', k.k, 2500, 2500 * k.k
  FROM orders o CROSS JOIN (SELECT 1 AS k UNION ALL SELECT 2) k WHERE o.order_number LIKE 'BENCH-%';
`);
console.log(`grown: ${orders} orders, ${orders * 2} lines in ${Date.now() - started} ms`);

const db = createLibsqlDatabase(client);
const actor = { id: 1, name: "Bench", email: "bench@example.com" };
global.gc?.();
const baseline = process.memoryUsage();
let peakRss = baseline.rss;
let peakHeap = baseline.heapUsed;
let bytes = 0;
let lines = 0;
const start = performance.now();
const status = arg("status", "") || undefined;
const reader = (await ordersCsv(db, actor, { status: status as never, from: undefined, to: undefined })).getReader();
let pages = 0;
let retained = 0;
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.byteLength;
  for (const byte of value) if (byte === 10) lines++;
  const now = process.memoryUsage();
  peakRss = Math.max(peakRss, now.rss);
  peakHeap = Math.max(peakHeap, now.heapUsed);
  // With --expose-gc: what the export keeps alive, every tenth page (garbage not yet collected aside).
  if (global.gc && ++pages % 10 === 0) {
    global.gc();
    retained = Math.max(retained, process.memoryUsage().heapUsed - baseline.heapUsed);
  }
}
const ms = performance.now() - start;
const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
console.log(
  JSON.stringify(
    {
      orders,
      rows: lines - 1,
      file: mb(bytes),
      ms: Math.round(ms),
      rows_per_second: Math.round(((lines - 1) / ms) * 1000),
      rss: { before: mb(baseline.rss), peak: mb(peakRss) },
      heap: { before: mb(baseline.heapUsed), peak: mb(peakHeap), growth: mb(peakHeap - baseline.heapUsed) },
      retained_after_gc: global.gc ? mb(retained) : "run with NODE_OPTIONS=--expose-gc",
    },
    null,
    2,
  ),
);
client.close();
