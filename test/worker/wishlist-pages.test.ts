import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { TAGS } from "../../app/lib/cache-tags";
import { CookieJar, decode, get, markChanged, ownQueryCount, postForm, visibleText, visit } from "./helpers";
import { WITHOUT_OPTIONS } from "../fixtures/checkout";

// The wishlist's pages as a browser without JavaScript meets them: the hearts (a form post to
// /wishlist that comes back with a toast), a guest's heart through the login and /wishlist/add,
// /wishlist with Move to cart and Remove, the profile's link, and everything gone with the flag off.
// Every shopper here is newly registered, so no list is shared.

let counter = 0;
const tag = () => `${++counter}-${crypto.randomUUID().slice(0, 8)}`;
const newAddress = () => `2001:db8:17:${(++counter).toString(16)}::1`;
const PASSWORD = "Petals2024";

async function newShopper() {
  const jar = new CookieJar();
  const email = `wishlist-page-${tag()}@example.com`;
  const fields = {
    firstName: "Hart",
    lastName: "Saver",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    terms: "on",
  };
  expect((await postForm(jar, "/register", fields, { "CF-Connecting-IP": newAddress() })).status).toBe(302);
  await visit(jar, "/");
  return { jar, email };
}

type Row = { id: number; name: string; slug: string; stock: number };
let products: Row[];
let soldOut: Row;

beforeAll(async () => {
  // The first page of /products (newest first), so their hearts are on it.
  products = (
    await env.DB.prepare(
      `SELECT id, name, slug, stock FROM products WHERE is_active = 1 AND ${WITHOUT_OPTIONS} ORDER BY created_at DESC, id DESC LIMIT 12`,
    ).all<Row>()
  ).results.filter((p) => p.stock > 10);
  soldOut = (await env.DB.prepare(
    "SELECT id, name, slug, stock FROM products WHERE is_active = 1 AND stock = 0 LIMIT 1",
  ).first<Row>())!;
});

/** The heart of a product on a page: its aria-pressed, or null when there is none. */
function heart(html: string, name: string): "true" | "false" | null {
  const text = decode(html);
  const match = new RegExp(
    `<button[^>]*aria-pressed="(true|false)"[^>]*aria-label="(?:Save ${escape(name)} to|Remove ${escape(name)} from) your wishlist"`,
  ).exec(text);
  return (match?.[1] as "true" | "false" | undefined) ?? null;
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const heartPost = (
  jar: CookieJar,
  intent: string,
  product: Row,
  redirectTo = "/products",
  extra: Record<string, string> = {},
) => postForm(jar, "/wishlist", { intent, product_id: String(product.id), redirectTo, ...extra });

const wishlistText = async (jar: CookieJar) => visibleText(await (await visit(jar, "/wishlist")).text());
/** A button's text as visibleText reads it: its word, then ": {name}" for screen readers. */
const button = (word: string, name: string) => new RegExp(`${word} : ${escape(name)}`, "g");

describe("the hearts, without JavaScript", () => {
  it("saves a product from the products list, comes back with a toast, and shows the heart filled", async () => {
    const { jar } = await newShopper();
    const [product] = products;
    expect(heart(await (await visit(jar, "/products")).text(), product!.name)).toBe("false");
    const response = await heartPost(jar, "add", product!, "/products?page=1");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/products?page=1");
    const html = await (await visit(jar, "/products?page=1")).text();
    expect(visibleText(html)).toContain("Saved to your wishlist.");
    expect(heart(html, product!.name)).toBe("true");
    // The product page shows it filled too; the other products' hearts stay empty.
    const page = await (await visit(jar, `/product/${product!.slug}`)).text();
    expect(heart(page, product!.name)).toBe("true");
    expect(heart(html, products[1]!.name)).toBe("false");
    // Saving again keeps one; the heart's second press removes it.
    await heartPost(jar, "add", product!);
    expect((await wishlistText(jar)).match(button("Remove", product!.name))).toHaveLength(1);
    await heartPost(jar, "remove", product!);
    const after = await (await visit(jar, "/products")).text();
    expect(visibleText(after)).toContain("Removed from your wishlist.");
    expect(heart(after, product!.name)).toBe("false");
  });

  it("answers a fetcher (JavaScript on) with data, and the next page with the heart filled", async () => {
    const { jar } = await newShopper();
    const product = products[1]!;
    const response = await postForm(jar, "/wishlist?_data=routes%2Fwishlist", {
      intent: "add",
      product_id: String(product.id),
      redirectTo: "/products",
      respond: "data",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, message: "Saved to your wishlist." });
    expect(heart(await (await visit(jar, `/product/${product.slug}`)).text(), product.name)).toBe("true");
  });

  it("refuses an unknown product or a malformed id with a toast, saving nothing", async () => {
    const { jar } = await newShopper();
    const unknown = await postForm(jar, "/wishlist", { intent: "add", product_id: "999999", redirectTo: "/products" });
    expect(unknown.headers.get("Location")).toBe("/products");
    expect(visibleText(await (await visit(jar, "/products")).text())).toContain("This product is no longer available.");
    await postForm(jar, "/wishlist", { intent: "add", product_id: "abc", redirectTo: "/products" });
    expect(visibleText(await (await visit(jar, "/products")).text())).toContain("Please choose a valid product.");
    expect(await wishlistText(jar)).toContain("Your wishlist is empty");
  });

  it("keeps the product page's public data cached for everyone: the saved ids are one read of their own", async () => {
    const { jar } = await newShopper();
    const product = products[2]!;
    await heartPost(jar, "add", product);
    await visit(jar, "/"); // the toast
    await get(`/product/${product.slug}`);
    const guest = await get(`/product/${product.slug}`);
    expect(ownQueryCount(guest)).toBe(0);
    expect(heart(await guest.text(), product.name)).toBe("false");
    const mine = await visit(jar, `/product/${product.slug}`);
    // The session, the saved ids and whether this shopper already reviewed it (the reviews form);
    // the product and its reviews from the cache.
    expect(ownQueryCount(mine)).toBe(3);
    expect(heart(await mine.text(), product.name)).toBe("true");
  });
});

describe("a guest's heart", () => {
  it("goes to the login, and back to a page that saves the product with one press", async () => {
    const { email } = await newShopper();
    const jar = new CookieJar();
    const product = products[3]!;
    const pressed = await heartPost(jar, "add", product, "/products?sort_by=name");
    expect(pressed.status).toBe(302);
    const login = pressed.headers.get("Location")!;
    const addPath = `/wishlist/add?product_id=${product.id}&back=${encodeURIComponent("/products?sort_by=name")}`;
    expect(login).toBe(`/login?redirectTo=${encodeURIComponent(addPath)}`);
    expect(jar.get("wishlist_pending")).toBeDefined();
    expect(visibleText(await (await visit(jar, login)).text())).toContain("Please log in to save it to your wishlist.");
    const loggedIn = await postForm(
      jar,
      "/login",
      { email, password: PASSWORD, redirectTo: addPath },
      { "CF-Connecting-IP": newAddress() },
    );
    expect(loggedIn.headers.get("Location")).toBe(addPath);
    // The page changes nothing by itself: it offers the button (and says so to the script).
    const page = await visit(jar, addPath);
    expect(page.status).toBe(200);
    const text = visibleText(await page.text());
    expect(text).toContain(product.name);
    expect(text).toContain("Save to wishlist");
    expect(await wishlistText(jar)).toContain("Your wishlist is empty");
    const data = await (await visit(jar, `${addPath}&_data=routes/wishlist_.add`)).json();
    expect(data).toMatchObject({ autoSave: true, back: "/products?sort_by=name", product: { id: product.id } });
    const saved = await postForm(jar, "/wishlist", {
      intent: "add",
      product_id: String(product.id),
      redirectTo: "/products?sort_by=name",
    });
    expect(saved.headers.get("Location")).toBe("/products?sort_by=name");
    expect(jar.get("wishlist_pending")).toBeUndefined();
    const back = await (await visit(jar, "/products?sort_by=name")).text();
    expect(visibleText(back)).toContain("Saved to your wishlist.");
    expect(await wishlistText(jar)).toContain(product.name);
  });

  it("is sent from /wishlist/add to the login first, and a link there never saves by itself", async () => {
    const path = `/wishlist/add?product_id=${products[4]!.id}&back=%2Fproducts`;
    const guest = await visit(new CookieJar(), path);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    const { jar } = await newShopper();
    const data = await (
      await visit(jar, `/wishlist/add?product_id=${products[4]!.id}&back=/products&_data=routes/wishlist_.add`)
    ).json();
    expect(data).toMatchObject({ autoSave: false });
    expect(await wishlistText(jar)).toContain("Your wishlist is empty");
  });

  it("sends back at once what is already saved, or no longer sold", async () => {
    const { jar } = await newShopper();
    await heartPost(jar, "add", products[0]!);
    const saved = await visit(jar, `/wishlist/add?product_id=${products[0]!.id}&back=/products`);
    expect(saved.headers.get("Location")).toBe("/products");
    const unknown = await visit(jar, "/wishlist/add?product_id=999999&back=https://evil.example/");
    expect(unknown.headers.get("Location")).toBe("/wishlist");
  });
});

describe("/wishlist", () => {
  it("sends a guest to the login and back", async () => {
    const response = await visit(new CookieJar(), "/wishlist");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fwishlist");
  });

  it("opens from the profile's Wishlist link, empty at first with a way to the shop", async () => {
    const { jar } = await newShopper();
    const profile = await (await visit(jar, "/profile")).text();
    expect(profile).toMatch(/<a[^>]*href="\/wishlist"[^>]*>Wishlist<\/a>/);
    expect(profile).toMatch(/<a[^>]*href="\/delete-account"[^>]*>Delete Account<\/a>/);
    expect(visibleText(profile)).not.toContain("coming soon");
    expect(visibleText(profile)).not.toContain("Wishlists and deleting");
    const response = await visit(jar, "/wishlist");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const html = await response.text();
    expect(visibleText(html)).toContain("Your wishlist is empty");
    expect(html).toMatch(/<a[^>]*href="\/products"[^>]*>Browse Products<\/a>/);
  });

  it("lists the saved products with price and stock, moves one to the cart and removes one", async () => {
    const { jar } = await newShopper();
    const [a, b] = products;
    await heartPost(jar, "add", a!);
    await heartPost(jar, "add", b!);
    await heartPost(jar, "add", soldOut);
    let text = await wishlistText(jar);
    expect(text).toContain("3 saved products");
    expect(text.indexOf(soldOut.name)).toBeLessThan(text.indexOf(b!.name));
    expect(text.indexOf(b!.name)).toBeLessThan(text.indexOf(a!.name));
    expect(text).toContain("Out of stock");
    expect(text).toMatch(/\$\d+\.\d{2}/);

    const moved = await postForm(jar, "/wishlist", {
      intent: "move",
      product_id: String(a!.id),
      redirectTo: "/wishlist",
    });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe("/wishlist");
    expect(jar.get("cart")).toBeDefined();
    text = await wishlistText(jar);
    expect(text).toContain(`${a!.name} added to cart!`);
    expect(text).not.toMatch(button("Remove", a!.name));
    expect(visibleText(await (await visit(jar, "/cart")).text())).toContain(a!.name);

    // Out of stock: a clear message, the product stays saved and the cart unchanged.
    const cartBefore = jar.get("cart");
    await postForm(jar, "/wishlist", { intent: "move", product_id: String(soldOut.id), redirectTo: "/wishlist" });
    expect(jar.get("cart")).toBe(cartBefore);
    text = await wishlistText(jar);
    expect(text).toContain(`${soldOut.name} is out of stock.`);
    expect(text).toMatch(button("Remove", soldOut.name));

    await postForm(jar, "/wishlist", { intent: "remove", product_id: String(b!.id), redirectTo: "/wishlist" });
    text = await wishlistText(jar);
    expect(text).toContain("Removed from your wishlist.");
    expect(text).not.toContain(b!.name);
    expect(text).toContain("1 saved product");
  });

  it("links a bouquet sold in sizes or colours to its page to choose, instead of moving it", async () => {
    const { jar } = await newShopper();
    const sized = (await env.DB.prepare(
      "SELECT id, name, slug, stock FROM products WHERE slug = 'blush-garden-bouquet'",
    ).first<Row>())!;
    await heartPost(jar, "add", sized);
    const html = decode(await (await visit(jar, "/wishlist")).text());
    expect(html).toMatch(
      new RegExp(
        `<a[^>]*href="/product/${sized.slug}"[^>]*>Choose options<span class="sr-only">: (?:<!-- -->)?${escape(sized.name)}`,
      ),
    );
    expect(visibleText(html)).not.toMatch(button("Move to cart", sized.name));
  });

  it("shows a product archived since as no longer available, to remove, not to move", async () => {
    const { jar } = await newShopper();
    const product = products[5]!;
    await heartPost(jar, "add", product);
    await env.DB.prepare("UPDATE products SET is_active = 0 WHERE id = ?").bind(product.id).run();
    try {
      const html = await (await visit(jar, "/wishlist")).text();
      expect(visibleText(html)).toContain("No longer available");
      expect(visibleText(html)).toMatch(button("Remove", product.name));
      expect(visibleText(html)).not.toMatch(button("Move to cart", product.name));
      await postForm(jar, "/wishlist", { intent: "move", product_id: String(product.id), redirectTo: "/wishlist" });
      expect(await wishlistText(jar)).toContain("This product is no longer available.");
    } finally {
      await env.DB.prepare("UPDATE products SET is_active = 1 WHERE id = ?").bind(product.id).run();
    }
  });

  it("sends a guest's Remove or Move to the login, changing nothing", async () => {
    const response = await heartPost(new CookieJar(), "move", products[0]!, "/wishlist");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fwishlist");
  });
});

describe("with the wishlist switched off", () => {
  it("shows no hearts and no Wishlist link, and /wishlist, its action and /wishlist/add answer 404", async () => {
    const { jar } = await newShopper();
    await heartPost(jar, "add", products[0]!);
    await visit(jar, "/"); // its toast
    await env.DB.prepare("UPDATE settings SET value = 'false' WHERE key = 'feature_wishlist'").run();
    await markChanged(TAGS.settings);
    try {
      for (const path of ["/products", `/product/${products[0]!.slug}`]) {
        const html = await (await visit(jar, path)).text();
        expect(html).not.toContain("your wishlist");
        expect(html).not.toContain("aria-pressed");
      }
      expect(await (await visit(jar, "/profile")).text()).not.toMatch(/href="\/wishlist"/);
      expect((await visit(jar, "/wishlist")).status).toBe(404);
      expect((await visit(new CookieJar(), "/wishlist")).status).toBe(404);
      expect((await visit(jar, `/wishlist/add?product_id=${products[1]!.id}`)).status).toBe(404);
      const post = await heartPost(jar, "add", products[1]!);
      expect(post.status).toBe(404);
      expect((await heartPost(new CookieJar(), "add", products[1]!)).status).toBe(404);
    } finally {
      await env.DB.prepare("UPDATE settings SET value = 'true' WHERE key = 'feature_wishlist'").run();
      await markChanged(TAGS.settings);
    }
    const text = await wishlistText(jar);
    expect(text).toContain(products[0]!.name);
    expect(text).not.toContain(products[1]!.name);
  });
});
