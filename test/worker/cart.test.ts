import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, CookieJar, getJson, postForm, queryCount, visit } from "./helpers";

type ApiProduct = { id: number; name: string; sku: string; stock: number; unit_price_cents: number };
let products: ApiProduct[];
let soldOut: ApiProduct;

beforeAll(async () => {
  products = (await getJson("/api/products?in_stock=1&per_page=50&sort_by=name")).body.data.data;
  soldOut = (await getJson("/api/products?in_stock=0")).body.data.data[0];
});

const plenty = () => products.filter((p) => p.stock >= 20);

async function add(jar: CookieJar, product: ApiProduct, quantity = "1", redirectTo = "/products") {
  return postForm(jar, "/cart", { intent: "add", product_id: String(product.id), quantity, redirectTo });
}

describe("the cart action", () => {
  it("adds a product, redirects back, and says so in a toast the next page shows", async () => {
    const jar = new CookieJar();
    const [first] = plenty();
    const response = await add(jar, first!);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/products");
    expect(jar.get("cart")).toBeDefined();
    const page = await visit(jar, "/cart");
    const html = await page.text();
    expect(html).toContain(`${first!.name} added to cart!`.replace(/'/g, "&#x27;"));
    expect(html).toContain(first!.sku);
    expect(html).toContain("Order Summary");
  });

  it("increases the quantity when the same product is added again, and prices it from the database", async () => {
    const jar = new CookieJar();
    const [first] = plenty();
    await add(jar, first!, "2");
    await add(jar, first!, "3");
    const html = await (await visit(jar, "/cart")).text();
    const total = ((first!.unit_price_cents * 5) / 100).toFixed(2);
    expect(html).toContain(`$${Number(total).toLocaleString("en-US", { minimumFractionDigits: 2 })}`);
    expect(html).toMatch(/Subtotal \(<!-- -->5<!-- --> <!-- -->items<!-- -->\)|Subtotal \(5 items\)/);
  });

  it("updates a quantity, removes a line at 0 or below, removes and clears", async () => {
    const jar = new CookieJar();
    const [a, b, c] = plenty();
    await add(jar, a!);
    await add(jar, b!);
    await add(jar, c!);
    await postForm(jar, "/cart", { intent: "update", product_id: String(a!.id), quantity: "4", redirectTo: "/cart" });
    await postForm(jar, "/cart", { intent: "update", product_id: String(b!.id), quantity: "-5", redirectTo: "/cart" });
    let html = await (await visit(jar, "/cart")).text();
    expect(html).toContain(a!.sku);
    expect(html).not.toContain(b!.sku);
    await postForm(jar, "/cart", { intent: "remove", product_id: String(c!.id), redirectTo: "/cart" });
    html = await (await visit(jar, "/cart")).text();
    expect(html).not.toContain(c!.sku);
    await postForm(jar, "/cart", { intent: "clear", redirectTo: "/cart" });
    html = await (await visit(jar, "/cart")).text();
    expect(html).toContain("Your cart is empty");
    expect(html).toContain("Cart cleared");
  });

  it.each([
    [{ intent: "add", product_id: "abc" }, "Please choose a valid product."],
    [{ intent: "add", product_id: "999999" }, "This product is no longer available."],
    [{ intent: "add", product_id: "PRODUCT", quantity: "abc" }, "Quantity must be a whole number."],
    [{ intent: "add", product_id: "PRODUCT", quantity: "-5" }, "Quantity must be between 1 and 99."],
    [{ intent: "add", product_id: "PRODUCT", quantity: "1000" }, "Quantity must be between 1 and 99."],
    [{ intent: "explode" }, "Unknown cart action."],
  ])("refuses %j with a clear message and leaves the cart as it was", async (fields, message) => {
    const jar = new CookieJar();
    const [keep, other] = plenty();
    await add(jar, keep!, "2");
    const before = jar.get("cart");
    const body = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, v === "PRODUCT" ? String(other!.id) : v]),
    );
    const response = await postForm(jar, "/cart", { ...body, redirectTo: "/cart" });
    expect(response.status).toBe(302);
    expect(jar.get("cart")).toBe(before);
    const html = await (await visit(jar, "/cart")).text();
    expect(html).toContain(message);
    expect(html).toContain(keep!.sku);
  });

  it("refuses an out-of-stock product and holds a line to the stock on hand", async () => {
    const jar = new CookieJar();
    await add(jar, soldOut);
    let html = await (await visit(jar, "/cart")).text();
    expect(html).toContain("is out of stock.");
    const low = products.find((p) => p.stock > 0 && p.stock <= 5)!;
    await add(jar, low, "99");
    html = await (await visit(jar, "/cart")).text();
    expect(html).toContain(`Only ${low.stock} in stock, so your cart holds ${low.stock}.`);
  });

  it("answers a JavaScript fetcher with data instead of a redirect, and the cookie changes all the same", async () => {
    const jar = new CookieJar();
    const [first] = plenty();
    const ok = await postForm(jar, "/cart?_data=routes%2Fcart", {
      intent: "add",
      product_id: String(first!.id),
      respond: "data",
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, message: `${first!.name} added to cart!` });
    expect(jar.get("cart")).toBeDefined();
    const refused = await postForm(jar, "/cart?_data=routes%2Fcart", {
      intent: "add",
      product_id: "999999",
      respond: "data",
    });
    expect(await refused.json()).toEqual({ ok: false, message: "This product is no longer available." });
    expect(await (await visit(jar, "/cart")).text()).toContain(first!.sku);
  });

  it("refuses a post from another site", async () => {
    const jar = new CookieJar();
    const response = await postForm(
      jar,
      "/cart",
      { intent: "add", product_id: String(plenty()[0]!.id) },
      { Origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    expect(jar.get("cart")).toBeUndefined();
  });
});

describe("the cart page", () => {
  it("shows the empty state linking to the products", async () => {
    const html = await (await visit(new CookieJar(), "/cart")).text();
    expect(html).toContain("Your cart is empty");
    expect(html).toContain('href="/products"');
  });

  it("reads a tampered, unsigned or oversized cookie as an empty cart, never a 500", async () => {
    for (const value of ["12:3", "garbage", "x".repeat(5000), "%E0%A4%A"]) {
      const jar = new CookieJar();
      jar.set("cart", value);
      const response = await visit(jar, "/cart");
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Your cart is empty");
    }
  });

  it("never changes the cart on a GET, and prices any number of lines in one read", async () => {
    const jar = new CookieJar();
    for (const product of plenty().slice(0, 8)) await add(jar, product);
    const before = jar.get("cart");
    const response = await SELF.fetch(`${BASE}/cart`, { headers: { Cookie: jar.header() } });
    expect(response.headers.getSetCookie().some((c) => c.startsWith("cart="))).toBe(false);
    expect(jar.get("cart")).toBe(before);
    expect(queryCount(response)).toBeLessThanOrEqual(2);
    const html = await response.text();
    expect(html).toContain("Tax (10%)");
    expect(html).toContain("Free");
    expect(html).toContain("Free shipping on orders over $50");
    expect(html).toContain("30-day return policy");
    expect(html).toContain("Delivery in 3-5 business days");
    expect(html).toContain("Proceed to Checkout");
    expect(html).toContain("Continue Shopping");
  });
});
