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

  it("names every operation (from its method and path) and says who may call it, `[]` when anyone may", () => {
    const document = openApiDocument();
    const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { operationId?: string; security?: unknown }>).map(
        ([method, operation]) => ({ route: `${method} ${path}`, ...operation }),
      ),
    );
    const names = operations.map((operation) => operation.operationId);
    expect(new Set(names).size).toBe(operations.length);
    for (const operation of operations) {
      expect(operation.operationId, operation.route).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
      expect(operation.security, operation.route).toEqual(expect.any(Array));
    }
    const find = (route: string) => operations.find((operation) => operation.route === route);
    expect(find("get /api/products/slug/{slug}")).toMatchObject({
      operationId: "getProductsSlugBySlug",
      security: [],
    });
    expect(find("post /api/auth/login")).toMatchObject({ operationId: "postAuthLogin", security: [] });
    expect(find("delete /api/v1/wishlist/{product_id}")).toMatchObject({
      operationId: "deleteV1WishlistByProductId",
      security: [{ bearerAuth: [] }, { sessionCookie: [], csrfToken: [] }],
    });
    expect(find("get /api/categories/{idOrSlug}")?.operationId).toBe("getCategoriesByIdOrSlug");
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
