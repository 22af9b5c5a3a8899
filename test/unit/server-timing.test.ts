import { describe, expect, it } from "vitest";
import { QueryTimer } from "../../db/timing";
import { pageMeta } from "../../app/services/sql";

describe("QueryTimer", () => {
  it("names the number of statements and the database time in a Server-Timing header", async () => {
    const timer = new QueryTimer();
    await timer.measure(2, async () => "rows");
    await timer.measure(1, async () => "row");
    expect(timer.header()).toMatch(/^db;desc="3 queries in 2 round trips";dur=\d+(\.\d)?, total;dur=\d+(\.\d)?$/);
  });

  it("counts a failed statement too", async () => {
    const timer = new QueryTimer();
    await expect(timer.measure(1, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(timer.header()).toContain('desc="1 query in 1 round trip"');
  });
});

describe("pagination", () => {
  it("gives from and to for a full, a last and an empty page", () => {
    expect(pageMeta(1, 12, 50, 12)).toEqual({
      current_page: 1,
      last_page: 5,
      per_page: 12,
      from: 1,
      to: 12,
      total: 50,
    });
    expect(pageMeta(5, 12, 50, 2)).toMatchObject({ from: 49, to: 50, last_page: 5 });
    expect(pageMeta(9, 12, 50, 0)).toMatchObject({ from: null, to: null });
    expect(pageMeta(1, 12, 0, 0)).toMatchObject({ last_page: 1, total: 0 });
  });
});
