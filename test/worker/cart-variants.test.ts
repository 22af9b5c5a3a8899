import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { cartCookie } from "~/http/pages/cart-cookie.server";
import { shopper } from "../fixtures/checkout";
import { BASE, CookieJar, postForm as sendForm, visibleText, visit } from "./helpers";
import { apiClient } from "./fixtures";

// Issue 28 on the Worker: the cart, the checkout page and POST /api/orders per variant, and the
// add-ons checklist, as a browser without JavaScript and an API client meet them.

let addresses = 0;
const newAddress = () => `2001:db8:ca:${(++addresses).toString(16)}::1`;
const { post } = apiClient(newAddress);
/** A form post from a client of its own: a guest's orders are limited per client. */
const postForm = (jar: CookieJar, path: string, fields: Record<string, string>) =>
  sendForm(jar, path, fields, { "CF-Connecting-IP": newAddress() });

interface VariantRow {
  id: number;
  product_id: number;
  sku: string;
  stock: number;
}

const variant = async (sku: string) =>
  (await env.DB.prepare("SELECT id, product_id, sku, stock FROM product_variants WHERE sku = ?")
    .bind(sku)
    .first<VariantRow>())!;
const setStock = (id: number, stock: number) =>
  env.DB.prepare("UPDATE product_variants SET stock = ? WHERE id = ?").bind(stock, id).run();
const productBySlug = async (slug: string) =>
  (await env.DB.prepare("SELECT id, stock FROM products WHERE slug = ?")
    .bind(slug)
    .first<{ id: number; stock: number }>())!;

let pink: VariantRow;
let grand: VariantRow;
let white: VariantRow;
let vase: { id: number; stock: number };
/** A product without options, in stock. */
let simple: { id: number; sku: string };

beforeAll(async () => {
  pink = await variant("TB-MOM-001-BQ-PK");
  grand = await variant("TB-MOM-001-GR-PK");
  white = await variant("TB-MOM-001-BQ-WH");
  for (const v of [pink, grand, white]) await setStock(v.id, 50);
  vase = await productBySlug("glass-bud-vase");
  simple = (await env.DB.prepare(
    "SELECT id, sku FROM products WHERE is_active = 1 AND is_addon = 0 AND stock >= 20 AND NOT EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = products.id) ORDER BY id LIMIT 1",
  ).first<{ id: number; sku: string }>())!;
});

const addVariant = (jar: CookieJar, v: VariantRow | { product_id: number; id?: number }, quantity = "1") =>
  postForm(jar, "/cart", {
    intent: "add",
    product_id: String(v.product_id),
    ...(v.id ? { variant_id: String(v.id) } : {}),
    quantity,
    redirectTo: "/cart",
  });

async function cartText(jar: CookieJar) {
  const response = await visit(jar, "/cart");
  expect(response.status).toBe(200);
  return visibleText(await response.text());
}

describe("the cart per variant", () => {
  it("keeps one bouquet in two sizes as two lines, each with its options, SKU and price", async () => {
    const jar = new CookieJar();
    expect((await addVariant(jar, pink)).status).toBe(302);
    await addVariant(jar, grand, "2");
    const text = await cartText(jar);
    expect(text).toContain("Size: Bouquet · Colour: Pink");
    expect(text).toContain("SKU: TB-MOM-001-BQ-PK");
    expect(text).toContain("Size: Grand · Colour: Pink");
    expect(text).toContain("SKU: TB-MOM-001-GR-PK");
    expect(text).toMatch(/Subtotal \(3 items\)/);
    await postForm(jar, "/cart", {
      intent: "remove",
      product_id: String(pink.product_id),
      variant_id: String(pink.id),
      redirectTo: "/cart",
    });
    const after = await cartText(jar);
    expect(after).not.toContain("TB-MOM-001-BQ-PK");
    expect(after).toContain("TB-MOM-001-GR-PK");
  });

  it.each([
    ["without its variant", () => ({ product_id: pink.product_id }), "Please choose a Size."],
    [
      "with a variant of another product",
      () => ({ product_id: simple.id, id: pink.id }),
      "This product is no longer available.",
    ],
  ])("refuses a bouquet with options added %s", async (_, line, message) => {
    const jar = new CookieJar();
    await addVariant(jar, line());
    const text = await cartText(jar);
    expect(text).toContain(message);
    expect(text).toContain("Your cart is empty");
  });

  it("refuses a switched-off variant and holds a line to its variant's stock", async () => {
    const jar = new CookieJar();
    await env.DB.prepare("UPDATE product_variants SET is_active = 0 WHERE id = ?").bind(white.id).run();
    await addVariant(jar, white);
    expect(await cartText(jar)).toContain("This product is no longer available.");
    await env.DB.prepare("UPDATE product_variants SET is_active = 1 WHERE id = ?").bind(white.id).run();
    await setStock(white.id, 2);
    await addVariant(jar, white, "5");
    const text = await cartText(jar);
    expect(text).toContain("Only 2 in stock, so your cart holds 2.");
    await setStock(white.id, 50);
  });

  it("shows a cookie written before variants (no variant) as needing a choice, never a 500", async () => {
    const jar = new CookieJar();
    const header = await cartCookie(env, new Request(`${BASE}/cart`)).serialize(`${pink.product_id}:2,${simple.id}:1`);
    const [pair] = header.split(";");
    jar.set(pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1));
    const text = await cartText(jar);
    expect(text).toContain("Please choose a Size.");
    expect(text).toContain(`SKU: ${simple.sku}`);
    expect(await (await visit(jar, "/checkout")).status).toBe(200);
  });

  it("ticks the glass vase into the cart from the checklist and out again", async () => {
    const jar = new CookieJar();
    await addVariant(jar, pink);
    expect(await cartText(jar)).toContain("Add Glass Bud Vase +$12.00");
    const shown = { intent: "addons", addons_shown: String(vase.id), redirectTo: "/cart" };
    await postForm(jar, "/cart", { ...shown, [`addon_${vase.id}`]: "on" });
    const html = await (await visit(jar, "/cart")).text();
    expect(html).toMatch(new RegExp(`name="addon_${vase.id}"[^>]*checked`));
    expect(visibleText(html)).toMatch(/Subtotal \(2 items\)/);
    await postForm(jar, "/cart", shown);
    expect(await cartText(jar)).toMatch(/Subtotal \(1 item\)/);
  });
});

describe("the checkout page per variant, with add-ons", () => {
  it("shows each line's options and the checklist, and places the order with the add-on ticked", async () => {
    const jar = new CookieJar();
    await addVariant(jar, grand);
    const page = await visit(jar, "/checkout");
    const html = await page.text();
    expect(visibleText(html)).toContain("Size: Grand · Colour: Pink");
    expect(visibleText(html)).toContain("Add Glass Bud Vase +$12.00");
    const key = /name="idempotency_key" value="([^"]+)"/.exec(html)![1]!;
    const vaseBefore = (await productBySlug("glass-bud-vase")).stock;
    const grandBefore = (await variant(grand.sku)).stock;
    const response = await postForm(jar, "/checkout", {
      ...shopper(),
      idempotency_key: key,
      applied_coupon: "",
      coupon_input: "",
      addons_shown: String(vase.id),
      [`addon_${vase.id}`]: "on",
      intent: "place_order",
    });
    expect(response.status).toBe(302);
    const confirmation = await visit(jar, response.headers.get("Location")!);
    const text = visibleText(await confirmation.text());
    expect(text).toContain("Size: Grand · Colour: Pink");
    expect(text).toContain("SKU: TB-MOM-001-GR-PK");
    expect(text).toContain("Glass Bud Vase");
    expect((await productBySlug("glass-bud-vase")).stock).toBe(vaseBefore - 1);
    expect((await variant(grand.sku)).stock).toBe(grandBefore - 1);
  });
});

describe("POST /api/orders per variant", () => {
  const order = (item: Record<string, unknown>) => post("/api/orders", { items: [item], customer: shopper() });

  it("places a variant, answering its options and variant id; a product without options needs none", async () => {
    const placed = await order({ product_id: pink.product_id, variant_id: pink.id, quantity: 1 });
    expect(placed.status).toBe(201);
    expect(placed.body.data.items[0]).toMatchObject({
      variant_id: pink.id,
      options: { Size: "Bouquet", Colour: "Pink" },
      product_sku: "TB-MOM-001-BQ-PK",
    });
    const plain = await order({ product_id: simple.id, quantity: 1 });
    expect(plain.status).toBe(201);
    expect(plain.body.data.items[0]).toMatchObject({ options: {}, product_sku: simple.sku });
  });

  it.each([
    ["without variant_id", () => ({ product_id: pink.product_id, quantity: 1 }), "Please choose a Size."],
    [
      "with another product's variant",
      () => ({ product_id: simple.id, variant_id: pink.id, quantity: 1 }),
      "This option is no longer available.",
    ],
    [
      "with an unknown variant",
      () => ({ product_id: pink.product_id, variant_id: 999999, quantity: 1 }),
      "This option is no longer available.",
    ],
  ])("refuses a line %s with a 422 on the item's field", async (_, item, message) => {
    const response = await order(item());
    expect(response.status).toBe(422);
    expect(response.body.success).toBe(false);
    expect(response.body.errors["items.0.variant_id"]).toEqual([message]);
  });

  it("refuses more than a variant's stock with a 409", async () => {
    await setStock(white.id, 1);
    const response = await order({ product_id: white.product_id, variant_id: white.id, quantity: 2 });
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/^Only 1 of /);
    await setStock(white.id, 50);
  });
});
