import { describe, expect, it } from "vitest";
import { get, queryCount } from "./helpers";

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("edge cache for public API answers", () => {
  it("answers a repeated public read from the cache, without the database", async () => {
    const first = await get("/api/categories?with_counts=1");
    expect(first.status).toBe(200);
    expect(queryCount(first)).toBe(1);
    const body = await first.json();
    await settle();
    const second = await get("/api/categories?with_counts=1");
    expect(second.headers.get("Server-Timing")).toContain('cache;desc="hit"');
    expect(queryCount(second)).toBe(0);
    expect(await second.json()).toEqual(body);
  });

  it("reads the database again for the spec's cache-busting _t parameter", async () => {
    await get("/api/settings/public");
    await settle();
    const fresh = await get(`/api/settings/public?_t=${Date.now()}`);
    expect(fresh.headers.get("Server-Timing")).not.toContain("cache");
    expect(queryCount(fresh)).toBe(1);
  });

  it("never caches an error", async () => {
    const first = await get("/api/products/slug/not-a-product");
    expect(first.status).toBe(404);
    await settle();
    const second = await get("/api/products/slug/not-a-product");
    expect(second.status).toBe(404);
    expect(second.headers.get("Server-Timing")).not.toContain("cache");
  });
});
