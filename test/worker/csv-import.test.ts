import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CUSTOMER } from "../fixtures/accounts";
import { WITHOUT_OPTIONS } from "../fixtures/checkout";
import { CSV_MESSAGES } from "../../app/lib/csv";
import { PRODUCT_MESSAGES } from "../../app/lib/schemas/admin-products";
import { IMPORT_LIMITS, IMPORT_MESSAGES } from "../../app/lib/schemas/product-csv";
import { CookieJar, decode, postForm, postMultipart, visibleText, visit } from "./helpers";
import { loggedIn } from "./fixtures";
import {
  importFile,
  importReport,
  keepImportFile,
  keepImportReport,
  removeOldImportFiles,
} from "../../app/services/admin/import-files.server";

// The products' CSV import (issue 31, docs/decisions/034) as staff meet it without JavaScript:
// upload, a preview of every row with its problems in the product form's words (nothing written),
// the bookmark to restore to, then "Import" and its report; and the files refused whole (a wrong
// header, too large, another encoding), and customers kept out.

let counter = 0;
const newIp = () => `198.18.0.${(++counter % 250) + 1}`;
let admin: CookieJar;
let known = { sku: "", name: "" };
let variant = { sku: "", productSku: "" };
let category = "";

async function upload(jar: CookieJar, body: BlobPart, type = "text/csv", name = "products.csv") {
  const form = new FormData();
  form.append("file", new File([body], name, { type }));
  return postMultipart(jar, "/admin/products/import", form);
}

const post = (jar: CookieJar, path: string) => postForm(jar, path, {});

const product = (sku: string) =>
  env.DB.prepare("SELECT id, name, price_cents, stock, version FROM products WHERE sku = ?")
    .bind(sku)
    .first<{ id: number; name: string; price_cents: number; stock: number; version: number }>();

beforeAll(async () => {
  admin = await loggedIn(ADMIN, newIp());
  known = (await env.DB.prepare(
    `SELECT sku, name FROM products WHERE is_active = 1 AND ${WITHOUT_OPTIONS} ORDER BY id LIMIT 1`,
  ).first<{ sku: string; name: string }>())!;
  variant = (await env.DB.prepare(
    `SELECT v.sku, p.sku AS productSku FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.options <> '{}' AND v.is_active = 1 ORDER BY v.id LIMIT 1`,
  ).first<{ sku: string; productSku: string }>())!;
  category = (await env.DB.prepare("SELECT slug FROM categories ORDER BY id LIMIT 1").first<{ slug: string }>())!.slug;
});

describe("the products import", () => {
  it("previews every row with its problems, writes nothing, then imports the good rows and reports", async () => {
    const csv = [
      "sku,name,category,price,sale_price,stock,variant_sku,variant_price,variant_stock",
      `IMP-NEW-1,Imported Posy,${category},19.50,,7,,,`,
      `${known.sku},${known.name} (imported),,24.00,,12,,,`,
      `IMP-BAD-1,,,-3,,x,,,`,
      `${variant.productSku},,,,,,${variant.sku},99.25,4`,
      "IMP-NEW-2,=HYPERLINK(1),,5,,,,,",
    ].join("\r\n");
    const uploaded = await upload(admin, `\uFEFF${csv}`);
    expect(uploaded.status).toBe(302);
    const preview = uploaded.headers.get("Location")!;
    expect(preview).toMatch(/^\/admin\/products\/import\/[0-9a-f-]{36}$/);

    const html = await (await visit(admin, preview)).text();
    const text = visibleText(html);
    expect(text).toContain("5 rows: 3 ready, 2 with problems (left out)");
    const row = (line: number) => visibleText(rowHtml(html, line));
    expect(row(2)).toContain("Create");
    expect(row(3)).toContain("Update");
    expect(row(4)).toContain(PRODUCT_MESSAGES.nameRequired);
    expect(row(4)).toContain(CSV_MESSAGES.formula);
    expect(row(5)).toContain("Update variant");
    expect(decode(row(6))).toContain(CSV_MESSAGES.formula);
    expect(text).toContain("Before you import: the database's bookmark");
    expect(text).toContain("Import 3 rows");
    expect(await product("IMP-NEW-1")).toBeNull();

    const imported = await post(admin, preview);
    expect(imported.status).toBe(302);
    expect(imported.headers.get("Location")).toBe(preview);
    const report = visibleText(await (await visit(admin, preview)).text());
    expect(report).toContain("1 created, 2 updated, 0 unchanged, 2 failed.");
    expect(report).toContain(PRODUCT_MESSAGES.nameRequired);

    expect(await product("IMP-NEW-1")).toMatchObject({ name: "Imported Posy", price_cents: 1950, stock: 7 });
    expect(await product(known.sku)).toMatchObject({ name: `${known.name} (imported)`, price_cents: 2400, stock: 12 });
    const sold = await env.DB.prepare("SELECT price_cents, stock FROM product_variants WHERE sku = ?")
      .bind(variant.sku)
      .first();
    expect(sold).toEqual({ price_cents: 9925, stock: 4 });
    const audit = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE summary LIKE '%by CSV import%' OR action = 'import'",
    ).first<{ n: number }>();
    expect(audit!.n).toBe(4);

    // Done: importing again changes nothing.
    expect((await post(admin, preview)).headers.get("Location")).toBe("/admin/products/import");
  });

  it("a wrong header is refused whole, with the columns it expects", async () => {
    const preview = (await upload(admin, "code,title,cost\r\nA,B,1\r\n")).headers.get("Location")!;
    const text = visibleText(await (await visit(admin, preview)).text());
    expect(text).toContain("This file cannot be imported.");
    expect(text).toContain("The header has columns this import does not know: code, title, cost.");
    expect(text).toContain(IMPORT_MESSAGES.headerSku);
    expect(text).not.toContain("Import 1 row");
  });

  it("a file too large, in another encoding, or missing is refused with its message", async () => {
    const big = await upload(admin, "sku,name\r\n" + "x".repeat(IMPORT_LIMITS.bytes + 100));
    expect(big.status).toBe(413);
    expect(decode(await big.text())).toContain(IMPORT_MESSAGES.tooLarge);
    const twenty = await upload(admin, new Uint8Array(20 * 1024 * 1024));
    expect(twenty.status).toBe(413);
    const utf16 = await upload(admin, new Uint8Array([0xff, 0xfe, 0x73, 0x00, 0x6b, 0x00]));
    expect(utf16.status).toBe(415);
    expect(decode(await utf16.text())).toContain(CSV_MESSAGES.encoding);
    const latin1 = await upload(admin, new Uint8Array([0x73, 0x6b, 0x75, 0x0d, 0x0a, 0x52, 0x6f, 0x73, 0xe9]));
    expect(latin1.status).toBe(415);
    const none = await upload(admin, "");
    expect(none.status).toBe(422);
  });

  it("customers and visitors are kept out", async () => {
    const customer = await loggedIn(CUSTOMER, newIp());
    expect((await visit(customer, "/admin/products/import")).headers.get("Location")).toBe("/");
    expect((await upload(customer, "sku\r\nA\r\n")).headers.get("Location")).toBe("/");
    expect((await visit(new CookieJar(), "/admin/products/import")).headers.get("Location")).toMatch(/^\/login/);
  });
});

/** The preview's table row of the file's line `line`. */
function rowHtml(html: string, line: number): string {
  return new RegExp(`<tr data-row="${line}">[\\s\\S]*?</tr>`).exec(html)?.[0] ?? "";
}

describe("the import files' clean-up", () => {
  it("removes a file never imported after a day and a report after 30 days, and keeps newer ones", async () => {
    const bucket = env.UPLOADS!;
    const waiting = await keepImportFile(bucket, "sku,name\n", "waiting.csv");
    const done = await keepImportFile(bucket, "sku,name\n", "done.csv");
    await keepImportReport(bucket, done, "done.csv", { created: 0, updated: 0, chunks: [] } as never);
    const day = 86_400_000;
    // Within the day both stay.
    await removeOldImportFiles(bucket, new Date(Date.now() + day / 2));
    expect(await importFile(bucket, waiting)).not.toBeNull();
    // After a day the file goes, the report stays; after 30 days the report goes too.
    expect(await removeOldImportFiles(bucket, new Date(Date.now() + 2 * day))).toBeGreaterThanOrEqual(1);
    expect(await bucket.head(`imports/products/${waiting}.csv`)).toBeNull();
    expect(await importReport(bucket, done)).not.toBeNull();
    await removeOldImportFiles(bucket, new Date(Date.now() + 31 * day));
    expect(await importReport(bucket, done)).toBeNull();
  });
});
