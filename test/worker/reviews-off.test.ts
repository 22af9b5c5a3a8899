import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { TAGS } from "../../app/lib/cache-tags";
import { CUSTOMER } from "../fixtures/accounts";
import { CookieJar, get, getJson, markChanged, postForm, visibleText } from "./helpers";
import { apiClient, apiToken, loggedIn } from "./fixtures";

// Reviews switched off in the settings (this file's own database): the calls answer 404 as if they
// did not exist, and no page shows a review, a rating or a form. The API's `reviews` field stays.

let counter = 0;
const newIp = () => `192.0.2.${(counter++ % 250) + 1}`;
const { call, post } = apiClient(newIp);

let token: string;
let product: { id: number; slug: string; name: string; reviews: number };

beforeAll(async () => {
  token = await apiToken(newIp(), CUSTOMER);
  const row = await env.DB.prepare(
    "SELECT slug FROM products WHERE is_active = 1 AND review_count > 0 ORDER BY id LIMIT 1",
  ).first<{ slug: string }>();
  product = (await getJson(`/api/products/slug/${row!.slug}`)).body.data;
  // Read once while on, so that a cached copy exists and must not outlive the switch.
  expect((await call("GET", `/api/products/${product.id}/reviews`)).status).toBe(200);
  expect(visibleText(await (await get(`/product/${product.slug}`)).text())).toContain("Customer Reviews");
  await env.DB.prepare("UPDATE settings SET value = 'false' WHERE key = 'feature_reviews'").run();
  await markChanged(TAGS.settings);
});

describe("reviews switched off", () => {
  it("the API answers 404 for reading and writing, guest or not", async () => {
    // The documented path, and the first one, which still answers (decision 033).
    for (const path of [`/api/products/reviews/${product.id}`, `/api/products/${product.id}/reviews`]) {
      for (const query of ["", "?page=2"]) {
        const answer = await call("GET", `${path}${query}`);
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ success: false, message: "Not found" });
      }
      expect((await post(path, { rating: 5, title: "Hi", body: "There" })).status).toBe(404);
      expect((await post(path, { rating: 5, title: "Hi", body: "There" }, { token })).status).toBe(404);
    }
    // The other product calls are untouched, `reviews` field and all.
    const detail = await getJson(`/api/products/slug/${product.slug}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.reviews).toBe(product.reviews);
  });

  it("the product page has no reviews section, no rating and no structured rating; its action is a 404", async () => {
    const html = await (await get(`/product/${product.slug}`)).text();
    const text = visibleText(html);
    expect(text).toContain(product.name);
    expect(text).not.toContain("Customer Reviews");
    expect(text).not.toContain("out of 5");
    expect(text).not.toContain("No reviews yet");
    expect(text).not.toContain("Log in to write a review");
    expect(html).not.toContain("aggregateRating");
    const jar = await loggedIn(CUSTOMER, newIp());
    const posted = await postForm(jar, `/product/${product.slug}`, {
      intent: "review",
      rating: "5",
      title: "Hi",
      body: "There",
    });
    expect(posted.status).toBe(404);
    expect((await postForm(new CookieJar(), `/product/${product.slug}`, { intent: "review" })).status).toBe(404);
  });

  it("no card or home tile shows a rating", async () => {
    for (const path of ["/products", "/", "/categories/mothers-day"]) {
      const text = visibleText(await (await get(path)).text());
      expect(text).not.toMatch(/out of 5|No reviews yet|\d+ reviews?\b/);
    }
  });
});
