import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { configurationProblem } from "../../app/services/env.server";

const strong = () => randomBytes(32).toString("hex");
const d1 = { prepare: () => null, batch: () => null } as unknown as D1Database;
const production = (more: Record<string, unknown> = {}) =>
  ({ ENVIRONMENT: "production", DB: d1, JWT_SECRET: strong(), SESSION_SECRET: strong(), ...more }) as unknown as Env;

describe("the Worker's configuration", () => {
  it("is fine with a database and two strong secrets", () => {
    expect(configurationProblem(production())).toBeNull();
    expect(configurationProblem(production({ SHOP_ORIGIN: "https://shop.example" }))).toBeNull();
    expect(configurationProblem(production({ DB: undefined, LIBSQL_URL: "libsql://shop.turso.io" }))).toBeNull();
  });

  it("names each binding or variable that is missing or wrong, and how to fix it", () => {
    expect(configurationProblem(production({ DB: undefined }))).toMatch(
      /^The shop is not configured: DB is not bound \(\[\[d1_databases\]\] binding = DB/,
    );
    expect(configurationProblem(production({ SHOP_ORIGIN: "shop.example/path" }))).toContain(
      "SHOP_ORIGIN is not an origin like https://shop.example",
    );
    expect(configurationProblem(production({ UPLOADS: "a bucket" }))).toContain(
      "UPLOADS is not bound ([[r2_buckets]] binding = UPLOADS)",
    );
    const both = configurationProblem(production({ DB: undefined, JWT_SECRET: undefined }))!;
    expect(both).toContain("DB is not bound");
    expect(both).toContain("JWT_SECRET is not set");
    expect(both).toContain("`wrangler secret put JWT_SECRET`");
  });

  it("lets a local run go without secrets, but not without its database", () => {
    expect(configurationProblem({ ENVIRONMENT: "development", DB: d1 } as unknown as Env)).toBeNull();
    expect(configurationProblem({ ENVIRONMENT: "development" } as unknown as Env)).toContain("DB is not bound");
  });
});
