import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN } from "../fixtures/accounts";
import { apiClient, apiToken, loggedIn } from "./fixtures";
import { CookieJar, errorsUnder, field, postForm, visibleText, visit } from "./helpers";

// The back office's options, variants and add-on flag on the Worker: the admin API's bodies and
// answers (422 per field, 409 for a SKU in use and a stale save), and the product page's Options and
// Variants forms as a browser without JavaScript sends them, with bad input, and what the shop shows.

let counter = 0;
const newIp = () => `203.0.113.${(++counter % 250) + 1}`;
const { call } = apiClient(newIp);
let token = "";
let admin: CookieJar;
let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;

interface Product {
  id: number;
  sku: string;
  slug: string;
  name: string;
  version: number;
  price: number;
  stock: number;
  is_addon: boolean;
  options: Array<{ name: string; values: string[] }>;
  variants: Array<{
    id: number;
    sku: string;
    options: Record<string, string>;
    price: number;
    stock: number;
    is_active: boolean;
    ordered: boolean;
  }>;
}

async function created(extra: Record<string, unknown> = {}): Promise<Product> {
  const tag = unique();
  const response = await call("POST", "/api/admin/products", {
    body: { name: `Worker Peony ${tag}`, sku: `WV-${tag}`, price: 30, stock: 12, ...extra },
    token,
  });
  expect(response.status).toBe(201);
  return response.body.data as Product;
}

const read = async (id: number) => (await call("GET", `/api/admin/products/${id}`, { token })).body.data as Product;

async function follow(jar: CookieJar, response: Response) {
  expect(response.status).toBe(302);
  const page = await visit(jar, response.headers.get("Location")!);
  return visibleText(await page.text());
}

beforeAll(async () => {
  token = await apiToken(newIp(), ADMIN);
  admin = await loggedIn(ADMIN, newIp());
});

describe("the admin API", () => {
  it("answers options and every variant, and takes them on a POST and a PUT", async () => {
    const plain = await created({ is_addon: true });
    expect(plain.is_addon).toBe(true);
    expect(plain.options).toEqual([]);
    expect(plain.variants).toEqual([
      expect.objectContaining({
        sku: plain.sku,
        options: {},
        price: 30,
        stock: 12,
        is_active: true,
        ordered: false,
        image: null,
      }),
    ]);
    const put = await call("PUT", `/api/admin/products/${plain.id}`, {
      token,
      body: {
        version: plain.version,
        is_addon: false,
        options: [{ name: "Size", values: ["Small", "Large"] }],
        variants: [
          { sku: `${plain.sku}-S`, options: { Size: "Small" }, price: 44, stock: 3 },
          { sku: `${plain.sku}-L`, options: { Size: "Large" }, price: 58, sale_price: 50, stock: 2 },
        ],
      },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      price: 44,
      stock: 5,
      is_addon: false,
      options: [{ name: "Size", values: ["Small", "Large"] }],
    });
    expect(put.body.data.variants.map((variant: Product["variants"][number]) => [variant.sku, variant.price])).toEqual([
      [`${plain.sku}-S`, 44],
      [`${plain.sku}-L`, 58],
    ]);
    const shop = await call("GET", `/api/products/slug/${plain.slug}`);
    expect(shop.body.data.options).toEqual([{ name: "Size", values: ["Small", "Large"] }]);
    expect(shop.body.data).toMatchObject({ price_min: 44, price_max: 50 });

    const posted = await created({
      options: [{ name: "Colour", values: ["Red", "Blush"] }],
      variants: [{ sku: `WV-COL-${unique()}`, options: { Colour: "Red" }, price: 25, stock: 1 }],
    });
    expect(posted).toMatchObject({ price: 25, stock: 1, options: [{ name: "Colour", values: ["Red", "Blush"] }] });
    expect(posted.variants).toHaveLength(1);
    // Today's clients, without options or variants, keep working.
    const old = await call("PUT", `/api/admin/products/${posted.id}`, { token, body: { name: "Renamed peony" } });
    expect(old.status).toBe(200);
    expect(old.body.data.variants).toHaveLength(1);
  });

  it("refuses bad options and variants with a 422 per field, and a SKU in use or a stale save with a 409", async () => {
    const product = await created({
      options: [{ name: "Size", values: ["Small", "Large"] }],
      variants: [{ sku: `WV-RUL-${unique()}`, options: { Size: "Small" }, price: 44, stock: 1 }],
    });
    const put = (body: Record<string, unknown>) => call("PUT", `/api/admin/products/${product.id}`, { token, body });
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ options: [{ name: "Size", values: [] }] }, "options.0.values", "An option needs at least one value."],
      [
        { options: [{ name: "Size", values: Array.from({ length: 21 }, (_, i) => `V${i}`) }] },
        "options.0.values",
        "An option may have at most 20 values.",
      ],
      [
        { variants: [{ sku: "WV-X", options: { Size: "Huge" }, price: 1 }] },
        "variants.0.options",
        "The options must be one value of each of the product's options.",
      ],
      [
        {
          variants: [
            { sku: "WV-A", options: { Size: "Small" }, price: 10 },
            { sku: "WV-B", options: { Size: "Large" }, price: 10, sale_price: 12 },
          ],
        },
        "variants.1.sale_price",
        "The sale price must be less than the price.",
      ],
      [
        { variants: [{ sku: "WV-A", options: { Size: "Small" }, price: 10, stock: -2 }] },
        "variants.0.stock",
        "The stock must be at least 0.",
      ],
    ];
    for (const [body, key, message] of refusals) {
      const response = await put(body);
      expect(response.status).toBe(422);
      expect(response.body.errors[key]).toEqual([message]);
    }
    const taken = await put({ variants: [{ sku: "TB-MOM-001-BQ-PK", options: { Size: "Small" }, price: 10 }] });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("The SKU has already been taken.");
    const stale = await put({ version: product.version + 5, variants: [] });
    expect(stale.status).toBe(409);
    expect(await read(product.id)).toEqual(product);
  });

  it("counts low and out-of-stock variants in the stats", async () => {
    const before = (await call("GET", "/api/admin/stats", { token })).body.data;
    await created({
      options: [{ name: "Size", values: ["Small", "Large"] }],
      variants: [
        { sku: `WV-LOW-${unique()}`, options: { Size: "Small" }, price: 44, stock: 0 },
        { sku: `WV-LOW-${unique()}`, options: { Size: "Large" }, price: 58, stock: 2 },
      ],
    });
    const after = (await call("GET", "/api/admin/stats", { token })).body.data;
    expect(after.products.out_of_stock).toBe(before.products.out_of_stock + 1);
    expect(after.products.low_stock).toBe(before.products.low_stock + 1);
  });
});

describe("the product page's Options and Variants forms, without JavaScript", () => {
  it("add an option, generate the variants, set prices and stock, and the shop offers the choice", async () => {
    const product = await created({ price: 30 });
    const path = `/admin/products/${product.id}`;
    const page = await (await visit(admin, path)).text();
    expect(visibleText(page)).toContain("This product has no options");
    expect(field(page, "price")).toContain('value="30.00"');

    // An option without values is refused under its field, what was typed kept.
    const empty = await postForm(admin, path, {
      intent: "options",
      version: "1",
      "options.0.name": "Size",
      "options.0.values": " , ",
    });
    expect(empty.status).toBe(422);
    const emptyHtml = await empty.text();
    expect(errorsUnder(emptyHtml, "options.0.values")).toBe("An option needs at least one value.");
    expect(field(emptyHtml, "options.0.name")).toContain('value="Size"');

    const saved = await follow(
      admin,
      await postForm(admin, path, {
        intent: "options",
        version: "1",
        "options.0.name": "Size",
        "options.0.values": "Small, Large",
        "options.0.position": "1",
      }),
    );
    expect(saved).toContain(`Options of ${product.name} saved.`);
    expect(saved).toContain("No variants yet");

    const generated = await follow(admin, await postForm(admin, path, { intent: "generate", version: "2" }));
    expect(generated).toContain("2 variants generated: set their prices and stock.");
    let now = await read(product.id);
    expect(now.variants.map((variant) => [variant.sku, variant.options, variant.price])).toEqual([
      [`${product.sku}-S`, { Size: "Small" }, 30],
      [`${product.sku}-L`, { Size: "Large" }, 30],
    ]);
    const row = (index: number, extra: Record<string, string> = {}) => ({
      [`variants.${index}.id`]: String(now.variants[index]!.id),
      [`variants.${index}.options`]: JSON.stringify(now.variants[index]!.options),
      [`variants.${index}.sku`]: now.variants[index]!.sku,
      [`variants.${index}.price`]: String(now.variants[index]!.price),
      [`variants.${index}.sale_price`]: "",
      [`variants.${index}.stock`]: String(now.variants[index]!.stock),
      [`variants.${index}.image`]: "",
      ...Object.fromEntries(Object.entries(extra).map(([key, value]) => [`variants.${index}.${key}`, value])),
    });

    // Bad input: a price that is no number, a sale price not below the price; nothing is saved.
    const bad = await postForm(admin, path, {
      intent: "variants",
      version: String(now.version),
      ...row(0, { price: "abc" }),
      ...row(1, { sale_price: "40" }),
    });
    expect(bad.status).toBe(422);
    const badHtml = await bad.text();
    expect(errorsUnder(badHtml, "variants.0.price")).toBe("The price must be a number.");
    expect(errorsUnder(badHtml, "variants.1.sale_price")).toBe("The sale price must be less than the price.");
    expect(field(badHtml, "variants.0.price")).toContain('value="abc"');
    // A bulk action without selected rows, or without its value.
    const none = await postForm(admin, path, {
      intent: "set_price",
      version: String(now.version),
      bulk_price: "50",
      ...row(0),
      ...row(1),
    });
    expect(errorsUnder(await none.text(), "bulk_price")).toBe("Select the variants to change first.");
    expect((await read(product.id)).version).toBe(now.version);

    const priced = await follow(
      admin,
      await postForm(admin, path, {
        intent: "set_stock",
        version: String(now.version),
        bulk_stock: "6",
        ...row(0, { selected: "1" }),
        ...row(1, { selected: "1", price: "58" }),
      }),
    );
    expect(priced).toContain(`Variants of ${product.name} saved.`);
    now = await read(product.id);
    expect(now.variants.map((variant) => [variant.price, variant.stock])).toEqual([
      [30, 6],
      [58, 6],
    ]);
    expect(now).toMatchObject({ price: 30, stock: 12 });
    const shown = await (await visit(admin, path)).text();
    expect(visibleText(shown)).toContain("This product has options: its variants set its prices and stock");

    // Switch one off: the shop sells the other only.
    await follow(
      admin,
      await postForm(admin, path, {
        intent: "variants",
        version: String(now.version),
        ...row(0, { off: "1" }),
        ...row(1),
      }),
    );
    const shop = await call("GET", `/api/products/slug/${product.slug}`);
    expect(shop.body.data.variants.map((variant: { sku: string }) => variant.sku)).toEqual([`${product.sku}-L`]);
    const stale = await postForm(admin, path, {
      intent: "variants",
      version: String(now.version),
      ...row(0),
      ...row(1),
    });
    expect(stale.status).toBe(409);
    expect(visibleText(await stale.text())).toContain("This product was changed by someone else since you opened it.");
  });

  it("save the add-on flag from the product form", async () => {
    const product = await created();
    const row = await env.DB.prepare("SELECT is_addon FROM products WHERE id = ?")
      .bind(product.id)
      .first<{ is_addon: number }>();
    expect(row?.is_addon).toBe(0);
    const html = await (await visit(admin, `/admin/products/${product.id}`)).text();
    expect(visibleText(html)).toContain("Add-on (offered beside bouquets on the cart and checkout)");
  });
});
