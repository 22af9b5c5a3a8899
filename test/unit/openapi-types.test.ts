import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { API_TYPES_FILE, apiTypes } from "../../scripts/lib/openapi";

// An integrator's client starts from types generated from the document. openapi-typescript makes them
// here from the document the API serves; the committed copy (what test/worker/openapi-client.test.ts
// calls the API through) must be that very output (docs/decisions/033-openapi-lint.md).
describe("the client types generated from the OpenAPI document", () => {
  it("are what openapi-typescript makes of the document today", async () => {
    const generated = await apiTypes();
    expect(generated).toContain("export interface paths");
    expect(generated).toContain('"/api/products/slug/{slug}"');
    expect(generated).toContain("getProductsSlugBySlug: {");
    const current = generated === readFileSync(API_TYPES_FILE, "utf8");
    expect(current, `${API_TYPES_FILE} is stale: run \`npm run openapi:types\``).toBe(true);
  });
});
