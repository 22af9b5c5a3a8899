import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIRequestContext } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { blogs } from "../../db/seed/data/blog";
import { categories } from "../../db/seed/data/categories";
import { products } from "../../db/seed/data/products";
import { ADMIN, credentialsOf, CUSTOMER } from "../fixtures/accounts";
import { shopper } from "../fixtures/checkout";
import { BASE_URL, mailTo, newPage, open, submitLogin, useBrowser } from "./browser";
import { hrefsIn } from "./html";

/**
 * Every kind of page, as a visitor, a signed-in customer and staff see it, is valid HTML by the
 * W3C Nu HTML checker (vnu-jar, run by Java once for all the pages): what browsers and screen
 * readers are built to read, with no markup they must guess at.
 */

const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));
const ARTICLE = blogs.find((blog) => blog.status === "published")!;

const browser = useBrowser();
const dir = mkdtempSync(join(tmpdir(), "twistbloom-html-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The saved pages: file name → the path it was read from. */
const saved = new Map<string, string>();

/** Reads a page with this client's cookies, checks its status, saves its HTML for the checker and returns it. */
async function save(client: APIRequestContext, who: string, path: string, status = 200): Promise<string> {
  const response = await client.get(path);
  expect(response.status(), `GET ${path} as ${who}`).toBe(status);
  const html = await response.text();
  const file = join(dir, `${saved.size + 1}-${who}${path.replace(/[^\w-]+/g, "_")}.html`);
  writeFileSync(file, html);
  saved.set(file, `${path} (${who})`);
  return html;
}

/** A browser signed in through the login form (JavaScript off). */
async function signedIn(account: { email: string; password: string }) {
  const { page, context } = await newPage(browser(), false);
  await open(page, "/login", false);
  await submitLogin(page, false, account);
  return { page, request: context.request };
}

/** An order of the seeded customer, placed through the API with their token: its id. */
async function customerOrder(): Promise<number> {
  const headers = { "Content-Type": "application/json", "CF-Connecting-IP": "203.0.113.77" };
  const login = await fetch(`${BASE_URL}/api/auth/login`, {
    method: "POST",
    headers,
    body: JSON.stringify(credentialsOf(CUSTOMER)),
  });
  expect(login.status).toBe(200);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  // The product's first variant: a product with options needs it named, one without has one.
  const product = (await (await fetch(`${BASE_URL}/api/products/slug/${products[0]!.slug}`)).json()) as {
    data: { id: number; variants: Array<{ id: number }> };
  };
  const order = await fetch(`${BASE_URL}/api/orders`, {
    method: "POST",
    headers: { ...headers, Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      items: [{ product_id: product.data.id, variant_id: product.data.variants[0]!.id, quantity: 1 }],
      customer: shopper({ email: CUSTOMER.email }),
    }),
  });
  expect(order.status).toBe(201);
  return ((await order.json()) as { data: { id: number } }).data.id;
}

const MESSAGE = {
  name: "Vera Valid",
  email: "vera.valid@example.com",
  subject: "Table flowers",
  message: "Could you make six small posies for our tables?",
};

/** A message for the back office's inbox, sent through the contact API. */
async function contactMessage() {
  const response = await fetch(`${BASE_URL}/api/contact/submit`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": "203.0.113.78" },
    body: JSON.stringify(MESSAGE),
  });
  expect(response.status).toBe(201);
}

/** The checker's errors for the saved pages, one line each: the path, the line and the message. */
function vnuErrors(): string[] {
  const java = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (java.error)
    throw new Error(
      "Java is missing: the HTML check runs the W3C Nu HTML checker (vnu-jar), which needs Java 11 or newer " +
        "(on Debian: apt-get install -y default-jre-headless).",
    );
  const result = spawnSync("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...saved.keys()], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  let messages: Array<{ url?: string; lastLine?: number; message: string; extract?: string }>;
  try {
    ({ messages } = JSON.parse(result.stderr));
  } catch {
    throw new Error(`The HTML checker did not run (exit ${result.status}):\n${result.stderr}`);
  }
  return messages.map((message) => {
    const file = message.url ? decodeURIComponent(new URL(message.url).pathname) : "";
    return `${saved.get(file) ?? file}:${message.lastLine ?? "?"}: ${message.message}${message.extract ? ` [${message.extract.trim().slice(0, 120)}]` : ""}`;
  });
}

describe("the pages' HTML", () => {
  it("is valid for a visitor, a customer and staff (W3C Nu HTML checker)", { timeout: 180_000 }, async () => {
    const visitor = (await newPage(browser(), false)).context.request;
    for (const path of [
      "/",
      "/products",
      "/categories",
      `/categories/${categories[0]!.slug}`,
      `/product/${products[0]!.slug}`,
      "/cart",
      "/blog",
      `/blog/${ARTICLE.slug}`,
      "/login",
      "/register",
      "/forgot-password",
      "/contact",
      "/about",
      "/privacy",
      "/terms",
      "/newsletter",
    ])
      await save(visitor, "visitor", path);
    expect(await save(visitor, "visitor", "/products?search=rose")).toMatch(/href="\/product\//);
    await save(visitor, "visitor", "/no-such-page", 404);

    const orderId = await customerOrder();
    const customer = await signedIn(CUSTOMER);
    // A bouquet in the cart, one of its variants, posted as its page's form posts it, so the cart
    // and the checkout show their lines (with their options) and forms.
    const bouquet = (await (await fetch(`${BASE_URL}/api/products/slug/${products[0]!.slug}`)).json()) as {
      data: { id: number; variants: Array<{ id: number }> };
    };
    const added = await customer.request.post(`${BASE_URL}/cart`, {
      form: { intent: "add", product_id: String(bouquet.data.id), variant_id: String(bouquet.data.variants[0]!.id) },
      headers: { Origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(302);
    for (const path of [
      "/profile",
      "/profile?edit=profile",
      "/profile?edit=password",
      "/profile?edit=occasion",
      "/occasions/remove?token=1.not-signed",
      "/orders",
      `/orders/${orderId}`,
      `/orders/${orderId}/invoice`,
      "/wishlist",
      "/cart",
      "/checkout",
    ])
      await save(customer.request, "customer", path);

    // Something in each inbox: the order's confirmation (delivered) and a message (opened as staff do).
    await mailTo(CUSTOMER.email);
    await contactMessage();
    const staff = await signedIn(ADMIN);
    // Every back-office page by its shape ("/admin/orders/:id", an id a number or a UUID): a
    // message as staff open it, the sections the menu lists, then each page the sections link to
    // (one edit page each, the new pages, the settings' tabs).
    const shapes = new Set<string>();
    const shapeOf = (href: string) => href.replace(/\/(?:\d+|[\da-f]{8}-[\da-f-]{27})$/, "/:id");
    const saveShape = async (href: string) => {
      shapes.add(shapeOf(href));
      return save(staff.request, "staff", href);
    };
    await open(staff.page, "/admin/messages", false);
    await staff.page.getByRole("button", { name: MESSAGE.subject, exact: true }).first().click();
    await staff.page.waitForURL((url) => /^\/admin\/messages\/\d+$/.test(url.pathname));
    await saveShape(new URL(staff.page.url()).pathname);
    const dashboard = await saveShape("/admin");
    const nav = /<nav aria-label="Back office"[\s\S]*?<\/nav>/.exec(dashboard)![0];
    const lists = [dashboard];
    for (const section of hrefsIn(nav).filter((href) => !shapes.has(href))) lists.push(await saveShape(section));
    for (const list of lists)
      for (const href of hrefsIn(list))
        if (/^\/admin\/[\w/-]+$/.test(href) && !shapes.has(shapeOf(href))) await saveShape(href);
    const opened = [
      "/admin/orders/:id",
      "/admin/products/:id",
      "/admin/products/new",
      "/admin/categories/:id",
      "/admin/blogs/:id",
      "/admin/blogs/new",
      "/admin/users/:id",
      "/admin/mail/:id",
      "/admin/settings/home",
      "/admin/security",
    ];
    expect(opened.filter((shape) => !shapes.has(shape))).toEqual([]);
    // An order's papers, bare documents the order page links to.
    for (const paper of ["packing-slip", "invoice"])
      await save(staff.request, "staff", `/admin/orders/${orderId}/${paper}`);

    console.info(`checked ${saved.size} pages`);
    expect(vnuErrors()).toEqual([]);
  });
});
