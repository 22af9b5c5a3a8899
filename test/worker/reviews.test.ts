import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { REVIEW_MESSAGES } from "../../app/lib/schemas/reviews";
import { ADMIN, CUSTOMER } from "../fixtures/accounts";
import { CookieJar, errorsUnder, get, getJson, postForm, shown, visibleText, visit } from "./helpers";
import { apiClient, apiToken, loggedIn } from "./fixtures";

// Product reviews on the Worker, switched on (the seed's setting): the API calls (guests, tokens,
// the session cookie), the product page's section and form without JavaScript, the ratings on the
// cards and the home page, and moderation in the back office (API and page). The seeded reviews
// are real rows (db/seed/data/reviews.ts): every count here is read, never assumed.

let counter = 0;
const tag = () => `${++counter}-${crypto.randomUUID().slice(0, 8)}`;
const newIp = () => `198.51.100.${(counter % 250) + 1}-${tag()}`;
const { call, post } = apiClient(newIp);

let adminToken: string;
let customerToken: string;

interface Shopper {
  id: number;
  name: string;
  token: string;
  jar: CookieJar;
}

/** A new customer account (through the API), with a browser that carries its session. */
async function newShopper(name = "Hazel Quinn Moreno"): Promise<Shopper> {
  const email = `reviewer.${tag()}@example.com`;
  const { status, body } = await post("/api/auth/register", {
    name,
    email,
    password: "Petals2024",
    password_confirmation: "Petals2024",
  });
  expect(status).toBe(201);
  const jar = new CookieJar();
  jar.set("session", body.data.token);
  return { id: body.data.user.id, name, token: body.data.token, jar };
}

/** A delivered order of the product for the user (written directly: the order's own flow is tested elsewhere). */
async function deliveredOrder(userId: number, productId: number) {
  const number = `TB-REVIEW-${tag()}`;
  await env.DB.prepare(
    `INSERT INTO orders (order_number, user_id, status, email, subtotal_cents, total_cents, shipping_address, billing_address) VALUES (?, ?, 'delivered', 'buyer@example.com', 1000, 1000, '{}', '{}')`,
  )
    .bind(number, userId)
    .run();
  await env.DB.prepare(
    `INSERT INTO order_items (order_id, product_id, product_name, product_sku, quantity, price_cents, total_cents) SELECT id, ?, 'Bouquet', 'SKU', 1, 1000, 1000 FROM orders WHERE order_number = ?`,
  )
    .bind(productId, number)
    .run();
}

interface ApiProduct {
  id: number;
  slug: string;
  name: string;
  reviews: number;
  rating: number;
}

const productBySlug = async (slug: string) =>
  (await getJson<{ data: ApiProduct }>(`/api/products/slug/${slug}`)).body.data;

/** The seeded products, handed out one per test that writes reviews. */
let products: ApiProduct[] = [];
const take = () => {
  const product = products.shift();
  if (!product) throw new Error("no product left");
  return product;
};

const validReview = {
  rating: 4,
  title: "Lovely soft petals",
  body: "The chenille is soft and the stems hold their shape.",
};

beforeAll(async () => {
  [adminToken, customerToken] = await Promise.all([apiToken(newIp(), ADMIN), apiToken(newIp(), CUSTOMER)]);
  const rows = await env.DB.prepare(
    "SELECT slug FROM products WHERE is_active = 1 AND review_count > 0 ORDER BY id",
  ).all<{ slug: string }>();
  products = await Promise.all(rows.results.map((row) => productBySlug(row.slug)));
  expect(products.length).toBeGreaterThan(10);
});

describe("GET /api/products/reviews/{id}", () => {
  it("answers the published reviews, newest first, with pages and a summary that agrees with the product's figures", async () => {
    const product = products[0]!;
    const { status, body } = await call("GET", `/api/products/reviews/${product.id}`);
    expect(status).toBe(200);
    const { reviews, pagination, summary } = body.data;
    expect(summary.count).toBe(product.reviews);
    expect(summary.average).toBe(Math.round(product.rating * 10) / 10);
    expect(Object.keys(summary.distribution)).toEqual(["1", "2", "3", "4", "5"]);
    expect(Object.values(summary.distribution as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(
      product.reviews,
    );
    expect(pagination).toMatchObject({ current_page: 1, total: product.reviews, per_page: 5 });
    expect(reviews.length).toBe(Math.min(5, product.reviews));
    expect(Object.keys(reviews[0]).sort()).toEqual([
      "author_name",
      "body",
      "created_at",
      "id",
      "rating",
      "title",
      "verified_purchase",
    ]);
    const dates = reviews.map((review: { created_at: string }) => review.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(reviews[0].author_name).toMatch(/^\S+ [A-Z]\.$/);
  });

  it("pages through them, and refuses a bad page (422) and an unknown product (404)", async () => {
    const many = products.find((product) => product.reviews > 5)!;
    const second = await call("GET", `/api/products/reviews/${many.id}?page=2`);
    expect(second.status).toBe(200);
    expect(second.body.data.pagination).toMatchObject({ current_page: 2, from: 6 });
    expect(second.body.data.reviews.length).toBe(many.reviews - 5);
    const bad = await call("GET", `/api/products/reviews/${many.id}?page=abc`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.page).toBeDefined();
    expect((await call("GET", "/api/products/999999/reviews")).status).toBe(404);
    expect((await call("GET", "/api/products/not-a-number/reviews")).status).toBe(404);
  });
});

describe("POST /api/products/reviews/{id}", () => {
  it("refuses a guest (401), bad input (422 per field) and an unknown product (404)", async () => {
    const product = products[0]!;
    expect((await post(`/api/products/reviews/${product.id}`, validReview)).status).toBe(401);
    const shopper = await newShopper();
    const bad = await post(
      `/api/products/reviews/${product.id}`,
      { rating: 7, title: "", body: "x".repeat(2001) },
      { token: shopper.token },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      rating: [REVIEW_MESSAGES.ratingInvalid],
      title: [REVIEW_MESSAGES.titleRequired],
      body: [REVIEW_MESSAGES.bodyTooLong],
    });
    const notJson = await call("POST", `/api/products/reviews/${product.id}`, { raw: "{oops", token: shopper.token });
    expect(notJson.status).toBe(422);
    expect((await post("/api/products/999999/reviews", validReview, { token: shopper.token })).status).toBe(404);
    // The session cookie needs the page's CSRF header for a change.
    const cookie = await call("POST", `/api/products/reviews/${product.id}`, {
      body: validReview,
      headers: { Cookie: `session=${shopper.token}` },
    });
    expect(cookie.status).toBe(403);
  });

  it("keeps a review without a delivered order waiting (201, not published), changes no figure, and refuses a second one (409)", async () => {
    const product = take();
    const shopper = await newShopper();
    const created = await post(
      `/api/products/reviews/${product.id}`,
      { ...validReview, title: "  <script>alert(1)</script>  " },
      { token: shopper.token },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ success: true, message: REVIEW_MESSAGES.pending, data: { published: false } });
    expect(created.body.data.review).toMatchObject({
      rating: 4,
      title: "<script>alert(1)</script>",
      author_name: "Hazel M.",
      verified_purchase: false,
    });
    expect((await productBySlug(product.slug)).reviews).toBe(product.reviews);
    const second = await post(`/api/products/reviews/${product.id}`, validReview, { token: shopper.token });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ success: false, message: REVIEW_MESSAGES.duplicate });
  });

  it("publishes at once, marked verified, the review of a shopper who received the product: the figures follow at once", async () => {
    const product = take();
    const shopper = await newShopper();
    await deliveredOrder(shopper.id, product.id);
    const created = await post(
      `/api/products/reviews/${product.id}`,
      { rating: 1, title: "Not for me", body: "Too fuzzy for my taste." },
      { token: shopper.token },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: REVIEW_MESSAGES.published,
      data: { published: true, review: { verified_purchase: true } },
    });
    const after = await productBySlug(product.slug);
    expect(after.reviews).toBe(product.reviews + 1);
    expect(after.rating).toBeLessThan(product.rating);
    const list = await call("GET", `/api/products/reviews/${product.id}`);
    expect(list.body.data.summary.count).toBe(product.reviews + 1);
    expect(list.body.data.reviews[0]).toMatchObject({ id: created.body.data.review.id, verified_purchase: true });
  });
});

describe("the reviews' first path, /api/products/{id}/reviews", () => {
  it("still answers as the documented one does, for the clients that call it", async () => {
    const product = products[0]!;
    const documented = await call("GET", `/api/products/reviews/${product.id}?page=1`);
    const former = await call("GET", `/api/products/${product.id}/reviews?page=1`);
    expect(former.status).toBe(200);
    expect(former.body).toEqual(documented.body);
    expect((await call("GET", `/api/products/${product.id}/reviews?page=abc`)).status).toBe(422);
    expect((await post(`/api/products/${product.id}/reviews`, validReview)).status).toBe(401);
    const other = take();
    const shopper = await newShopper();
    const created = await post(`/api/products/${other.id}/reviews`, validReview, { token: shopper.token });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: REVIEW_MESSAGES.pending, data: { published: false } });
    const again = await post(`/api/products/reviews/${other.id}`, validReview, { token: shopper.token });
    expect(again.status).toBe(409);
  });
});

describe("moderation: GET /api/admin/reviews and PATCH /api/admin/reviews/{id}", () => {
  it("is for staff only, refuses a bad status (422) and an unknown review (404)", async () => {
    expect((await call("GET", "/api/admin/reviews")).status).toBe(401);
    expect((await call("GET", "/api/admin/reviews", { token: customerToken })).status).toBe(403);
    expect(
      (await call("PATCH", "/api/admin/reviews/1", { token: customerToken, body: { status: "approved" } })).status,
    ).toBe(403);
    const bad = await call("PATCH", "/api/admin/reviews/1", { token: adminToken, body: { status: "published" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.status).toEqual([REVIEW_MESSAGES.statusInvalid]);
    expect((await call("PATCH", "/api/admin/reviews/1", { token: adminToken, body: {} })).body.errors.status).toEqual([
      REVIEW_MESSAGES.statusRequired,
    ]);
    expect(
      (await call("PATCH", "/api/admin/reviews/999999", { token: adminToken, body: { status: "approved" } })).status,
    ).toBe(404);
    expect((await call("GET", "/api/admin/reviews?status=nope", { token: adminToken })).status).toBe(422);
  });

  it("lists the waiting reviews; approving one publishes it and counts it at once, with an audit entry; rejecting takes it out again", async () => {
    const product = take();
    const shopper = await newShopper();
    const created = await post(
      `/api/products/reviews/${product.id}`,
      { rating: 5, title: "Waiting for staff", body: "Please approve me." },
      { token: shopper.token },
    );
    const id = created.body.data.review.id;
    const pending = await call("GET", "/api/admin/reviews?status=pending", { token: adminToken });
    expect(pending.status).toBe(200);
    expect(pending.body.data).toMatchObject({ current_page: 1 });
    expect(pending.body.data.counts.pending).toBeGreaterThanOrEqual(1);
    const listed = pending.body.data.data.find((review: { id: number }) => review.id === id);
    expect(listed).toMatchObject({
      status: "pending",
      product: { id: product.id, slug: product.slug },
      user_id: shopper.id,
      author_name: "Hazel M.",
    });

    const approved = await call("PATCH", `/api/admin/reviews/${id}`, {
      token: adminToken,
      body: { status: "approved" },
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ message: REVIEW_MESSAGES.approved, data: { id, status: "approved" } });
    expect((await productBySlug(product.slug)).reviews).toBe(product.reviews + 1);
    const reviews = await call("GET", `/api/products/reviews/${product.id}`);
    expect(reviews.body.data.reviews.map((review: { id: number }) => review.id)).toContain(id);
    const audit = await call("GET", `/api/admin/audit?entity=review&entity_id=${id}`, { token: adminToken });
    expect(audit.body.data.data[0]).toMatchObject({
      entity: "review",
      entity_id: String(id),
      changes: { status: ["pending", "approved"] },
    });

    const rejected = await call("PATCH", `/api/admin/reviews/${id}`, {
      token: adminToken,
      body: { status: "rejected" },
    });
    expect(rejected.status).toBe(200);
    expect((await productBySlug(product.slug)).reviews).toBe(product.reviews);
  });
});

describe("the product page", () => {
  it("shows the summary, the distribution as text, a page of reviews with stars, authors and dates, and a login link for a guest", async () => {
    const product = products.find((candidate) => candidate.reviews > 5)!;
    const path = `/product/${product.slug}`;
    const response = await get(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    const api = (await call("GET", `/api/products/reviews/${product.id}`)).body.data;
    expect(text).toContain("Customer Reviews");
    expect(text).toContain(`Based on ${product.reviews} reviews`);
    expect(text).toContain(`${(Math.round(product.rating * 10) / 10).toFixed(1)} out of 5`);
    for (const star of ["5", "4", "3", "2", "1"])
      expect(text).toMatch(new RegExp(`${star} stars? \\d+% ${api.summary.distribution[star]}`));
    for (const review of api.reviews) {
      expect(text).toContain(review.title);
      expect(text).toContain(review.author_name);
      expect(text).toContain(`Rated ${review.rating} out of 5`);
    }
    const login = /<a[^>]*href="([^"]*)"[^>]*>Log in to write a review<\/a>/.exec(html);
    expect(login?.[1]).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    expect(shown(html)).not.toContain('name="rating"');
    const more = /<a[^>]*href="([^"]*reviews_page=2[^"]*)"/.exec(html);
    expect(more?.[1]).toBe(`${path}?reviews_page=2#reviews`);
    const second = visibleText(await (await get(`${path}?reviews_page=2`)).text());
    const secondApi = (await call("GET", `/api/products/reviews/${product.id}?page=2`)).body.data;
    expect(second).toContain("Previous reviews");
    for (const review of secondApi.reviews) expect(second).toContain(review.title);
    expect(second).not.toContain(api.reviews[0].title);
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!))
      .find((entry) => entry["@type"] === "Product");
    expect(ld.aggregateRating).toMatchObject({ ratingValue: product.rating, reviewCount: product.reviews });
  });

  it("shows a signed-in shopper the form; bad input comes back with messages under the fields and the values kept; a good one redirects with a toast", async () => {
    const product = take();
    const path = `/product/${product.slug}`;
    const shopper = await newShopper();
    const page = await (await visit(shopper.jar, path)).text();
    expect(page).toMatch(
      /<form[^>]*method="post"[^>]*action="\/product\/[^"]+"[^>]*novalidate|<form[^>]*novalidate[^>]*>/i,
    );
    expect(page.match(/<input[^>]*type="radio"[^>]*name="rating"/g)?.length).toBe(5);

    const refused = await postForm(shopper.jar, path, {
      intent: "review",
      rating: "",
      title: "My title kept",
      body: "",
    });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(errorsUnder(html, "review-rating")).toBe(REVIEW_MESSAGES.ratingRequired);
    expect(errorsUnder(html, "review-body")).toBe(REVIEW_MESSAGES.bodyRequired);
    expect(errorsUnder(html, "review-title")).toBe("");
    expect(html).toMatch(/name="title"[^>]*value="My title kept"/);
    expect(visibleText(html)).toContain(REVIEW_MESSAGES.formErrors);

    const sent = await postForm(shopper.jar, path, {
      intent: "review",
      rating: "3",
      title: "Fine",
      body: "Nice colours.",
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`${path}#reviews`);
    const after = visibleText(await (await visit(shopper.jar, path)).text());
    expect(after).toContain(REVIEW_MESSAGES.pending);
    expect(after).toContain("Your review is waiting for approval.");
    const again = await postForm(shopper.jar, path, { intent: "review", rating: "3", title: "Again", body: "Twice." });
    expect(again.status).toBe(302);
    expect(visibleText(await (await visit(shopper.jar, path)).text())).toContain(REVIEW_MESSAGES.duplicate);
  });

  it("sends a guest's post to the login page and back", async () => {
    const product = products[1]!;
    const response = await postForm(new CookieJar(), `/product/${product.slug}`, {
      intent: "review",
      ...validReview,
      rating: "4",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/product/${product.slug}`)}`,
    );
  });

  it("shows 'No reviews yet' (never zero stars) for a product without reviews, and no aggregateRating", async () => {
    const none = await env.DB.prepare(
      "SELECT slug FROM products WHERE is_active = 1 AND review_count = 0 LIMIT 1",
    ).first<{ slug: string }>();
    const html = await (await get(`/product/${none!.slug}`)).text();
    const text = visibleText(html);
    expect(text).toContain("No reviews yet");
    expect(text).not.toContain("out of 5");
    expect(html).not.toContain("aggregateRating");
  });
});

describe("ratings on the cards and the home page", () => {
  const shown = (product: ApiProduct) =>
    product.reviews > 0
      ? `${product.name} Rated ${(Math.round(product.rating * 10) / 10).toFixed(1)} out of 5 ${product.reviews} ${product.reviews === 1 ? "review" : "reviews"}`
      : `${product.name} No reviews yet`;

  it("come from the published reviews: every card of the shop's list, and the home page's tiles", async () => {
    const list = await getJson<{ data: { data: ApiProduct[] } }>("/api/products");
    const text = visibleText(await (await get("/products")).text());
    expect(list.body.data.data.length).toBeGreaterThan(3);
    for (const product of list.body.data.data) expect(text).toContain(shown(product));
    const home = visibleText(await (await get("/")).text());
    const sections = (await getJson<{ data: { monthly_best_sellers?: { products: ApiProduct[] } } }>("/api/home")).body
      .data;
    const bestSellers = sections.monthly_best_sellers?.products ?? [];
    expect(bestSellers.length).toBeGreaterThan(0);
    for (const product of bestSellers) expect(home).toContain(shown(product));
  });
});

describe("the back office's /admin/reviews", () => {
  it("lists the waiting reviews with their product, rating, author and mark; Approve publishes it, with a toast", async () => {
    const product = take();
    const shopper = await newShopper("Orla Finch");
    const created = await post(
      `/api/products/reviews/${product.id}`,
      { rating: 2, title: `Moderate me ${tag()}`, body: "Waiting." },
      { token: shopper.token },
    );
    const { id, title } = created.body.data.review;
    const admin = await loggedIn(ADMIN, newIp());
    const page = await visit(admin, "/admin/reviews");
    expect(page.status).toBe(200);
    const html = await page.text();
    const text = visibleText(html);
    expect(text).toContain(title);
    expect(text).toContain("Orla F.");
    expect(text).toContain("Rated 2 out of 5");
    expect(html).toContain(`href="/product/${product.slug}"`);
    expect(html).toMatch(/<form[^>]*method="get"/);

    const approved = await postForm(admin, "/admin/reviews", {
      intent: "moderate",
      id: String(id),
      status: "approved",
      back: "/admin/reviews",
    });
    expect(approved.status).toBe(302);
    expect(approved.headers.get("Location")).toBe("/admin/reviews");
    expect(visibleText(await (await visit(admin, "/admin/reviews")).text())).toContain(REVIEW_MESSAGES.approved);
    expect(visibleText(await (await visit(admin, "/admin/reviews?status=approved")).text())).toContain(title);
    expect(visibleText(await (await get(`/product/${product.slug}`)).text())).toContain(title);
    expect((await productBySlug(product.slug)).reviews).toBe(product.reviews + 1);
  });
});
