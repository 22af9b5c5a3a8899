import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../functions/api";

// Validated here, in Node, rather than in the worker tests: the validator reads the OpenAPI meta-schemas
// from its package folder with `fs.readFileSync`, and workerd has no such file system (the worker test
// checks that GET /api/openapi.json serves this very document, and the routes and answers against it).
describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const document = openApiDocument();
    expect(document.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("names its security schemes, servers relative to the site, and a tag for every operation", () => {
    const document = openApiDocument();
    expect(Object.keys(document.components?.securitySchemes ?? {})).toEqual([
      "bearerAuth",
      "sessionCookie",
      "csrfToken",
    ]);
    expect(document.servers).toEqual([{ url: "/", description: "This shop" }]);
    const tags = new Set(document.tags?.map((tag) => tag.name));
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item as Record<string, { tags?: string[] }>)) {
        expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
        for (const tag of operation.tags ?? []) expect(tags.has(tag), `${method} ${path}: ${tag}`).toBe(true);
      }
    }
  });
});
