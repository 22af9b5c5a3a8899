import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { api, openApiDocument } from "../../functions/api";
import { ErrorSchema } from "../../functions/api/openapi";
import { get, getJson } from "./helpers";

// The published contract: GET /api/openapi.json (OpenAPI 3.1) and its reference page /api/docs. The
// answers of the public routes are checked against the response schemas the routes declare, so the
// document cannot drift from the wire. The document is validated as OpenAPI 3.1 in Node
// (test/unit/openapi-document.test.ts): the validator reads its meta-schemas from disk with
// `fs.readFileSync`, which workerd cannot; here we check the Worker serves that very document.

type Document = {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, any>;
  [key: string]: unknown;
};

const documentOnce = (async () => (await getJson<Document>("/api/openapi.json")).body)();

/** `/api/products/slug/:slug` as the document names it: `/api/products/slug/{slug}`. */
const documentPath = (path: string) => path.replace(/:([^/]+)/g, "{$1}");

/** The zod schema a route declares for an answer, as registered (the document is generated from it). */
function declared(method: string, path: string, status: number): z.ZodType {
  const definition = api.openAPIRegistry.definitions.find(
    (entry) =>
      entry.type === "route" &&
      entry.route.method === method &&
      documentPath(`/api${entry.route.path === "/" ? "" : entry.route.path}`) === path,
  );
  if (!definition || definition.type !== "route") throw new Error(`${method} ${path} is not declared`);
  const answer = definition.route.responses[status] as { content?: Record<string, { schema: z.ZodType }> } | undefined;
  const schema = answer?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`${method} ${path} declares no JSON answer for ${status}`);
  return schema;
}

async function call(method: string, path: string, body?: unknown) {
  const response = await get(
    path,
    body === undefined
      ? { method }
      : { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
  );
  return { status: response.status, body: (await response.json()) as unknown, response };
}

describe("GET /api/openapi.json", () => {
  it("is the OpenAPI 3.1 document the unit test validates, public and the same for everyone", async () => {
    const response = await get("/api/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    const document = (await response.json()) as Document;
    expect(document.openapi).toBe("3.1.0");
    expect(document).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it("declares the bearer token, the session cookie and the CSRF header, and which routes need which", async () => {
    const document = await documentOnce;
    expect(document.components?.securitySchemes).toMatchObject({
      bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      sessionCookie: { type: "apiKey", in: "cookie", name: "session" },
      csrfToken: { type: "apiKey", in: "header", name: "X-CSRF-Token" },
    });
    const security = (method: string, path: string) =>
      (document.paths[path]?.[method] as { security?: unknown }).security;
    expect(security("get", "/api/v1/auth/profile")).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(security("put", "/api/v1/auth/profile")).toEqual([{ bearerAuth: [] }, { sessionCookie: [], csrfToken: [] }]);
    expect(security("post", "/api/orders")).toEqual([{}, { bearerAuth: [] }, { sessionCookie: [], csrfToken: [] }]);
    expect(security("get", "/api/products")).toEqual([]);
  });

  it("lists every route the API answers (but the development server's own, which no live shop answers)", async () => {
    const document = await documentOnce;
    // /api/dev/* (the development mailbox, decision 020) is 404 everywhere but a development server: left out on purpose.
    const development = (path: string) => path.startsWith("/api/dev/");
    expect(Object.keys(document.paths).filter(development)).toEqual([]);
    const registered = api.routes
      .filter((route) => route.method !== "ALL" && !development(route.path))
      .map((route) => `${route.method.toLowerCase()} ${documentPath(route.path)}`);
    expect(registered.length).toBeGreaterThan(30);
    const missing = [...new Set(registered)].filter((entry) => {
      const [method, path] = entry.split(" ") as [string, string];
      return !document.paths[path]?.[method];
    });
    // The reviews' first path, which still answers, is left out: Redocly cannot tell it from
    // /api/products/slug/{slug}; the document names /api/products/reviews/{id} (decision 033).
    // So is the back-in-stock request's /api/products/{slug}/stock-alerts: the document names /api/products/stock-alerts/{slug}.
    expect(missing).toEqual([
      "get /api/products/{id}/reviews",
      "post /api/products/{id}/reviews",
      "post /api/products/{slug}/stock-alerts",
    ]);
  });
});

describe("the public answers match the schemas their routes declare", () => {
  const gets = [
    "/api/health",
    "/api/settings/public",
    "/api/settings/key/site_name",
    "/api/home",
    "/api/categories",
    "/api/categories?with_counts=1",
    "/api/categories/{idOrSlug}",
    "/api/products",
    "/api/products?on_sale=1&per_page=3&page=2",
    "/api/products/featured",
    "/api/products/slug/{slug}",
    "/api/blogs",
    "/api/blogs/{slug}",
    "/api/search?q=roses",
    "/api/search?q=lavendar",
    "/api/search/suggest?q=ros",
    "/api/tax/rates",
    "/api/tax/rates?country_code=CA&state_code=QC",
  ];

  it.each(gets)("GET %s", async (template) => {
    const products = (await getJson("/api/products?per_page=1")).body.data.data;
    const blogs = (await getJson("/api/blogs?per_page=1")).body.data.blogs;
    const path = template
      .replace("{idOrSlug}", "wedding")
      .replace("{slug}", template.startsWith("/api/blogs") ? blogs[0].slug : products[0].slug);
    const { status, body } = await call("GET", path);
    expect(status).toBe(200);
    const route = template.split("?")[0]!.replace("/site_name", "/{key}");
    const result = declared("get", route, 200).safeParse(body);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  const posts: Array<[string, unknown]> = [
    ["/api/shipping/methods", { subtotal: 49.99, country_code: "US", state_code: "CA" }],
    ["/api/tax/calculate", { subtotal: 100, country_code: "CA", state_code: "QC" }],
    ["/api/coupons/validate", { code: "WELCOME10", subtotal: 40 }],
    ["/api/coupons/validate", { code: "NO-SUCH-CODE", subtotal: 40 }],
  ];

  it.each(posts)("POST %s %j", async (path, input) => {
    const { status, body } = await call("POST", path, input);
    expect(status).toBe(200);
    const result = declared("post", path, 200).safeParse(body);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it("POST /api/shipping/calculate", async () => {
    const methods = (await call("POST", "/api/shipping/methods", { subtotal: 20 })).body as {
      data: { shipping_methods: Array<{ id: number }> };
    };
    const { status, body } = await call("POST", "/api/shipping/calculate", {
      subtotal: 20,
      shipping_method_id: methods.data.shipping_methods[0]!.id,
    });
    expect(status).toBe(200);
    const result = declared("post", "/api/shipping/calculate", 200).safeParse(body);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it("a 422 is the error envelope, as declared", async () => {
    const { status, body } = await call("POST", "/api/tax/calculate", { subtotal: "ten", country_code: "FR" });
    expect(status).toBe(422);
    expect(ErrorSchema.parse(body)).toMatchObject({ success: false, errors: { subtotal: expect.any(Array) } });
    expect(declared("post", "/api/tax/calculate", 422)).toBe(ErrorSchema);
  });

  it("the schemas are strict enough to catch a missing or mistyped field", async () => {
    const { body } = await call("POST", "/api/coupons/validate", { code: "WELCOME10", subtotal: 40 });
    const schema = declared("post", "/api/coupons/validate", 200);
    const answer = body as { data: { coupon: Record<string, unknown> } };
    expect(
      schema.safeParse({ ...answer, data: { ...answer.data, coupon: { ...answer.data.coupon, discount: "4.00" } } })
        .success,
    ).toBe(false);
    const { id: _id, ...withoutId } = answer.data.coupon;
    expect(schema.safeParse({ ...answer, data: { ...answer.data, coupon: withoutId } }).success).toBe(false);
  });
});

describe("GET /api/docs", () => {
  it("is the interactive reference of /api/openapi.json, with a CSP that lets Scalar's script run", async () => {
    const response = await get("/api/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    const html = await response.text();
    expect(html).toContain("/api/openapi.json");
    const csp = response.headers.get("Content-Security-Policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    // Scalar's bundle is served by the shop itself (docs/decisions/024), with its integrity.
    const src = /<script src="([^"]+)"/.exec(html)?.[1];
    expect(src).toMatch(/^\/assets\/scalar-api-reference-[\d.]+\.js$/);
    expect(html).toMatch(/<script src="[^"]+" integrity="sha384-/);
    expect(csp).toContain(`http://shop.test${src}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
  });

  it("leaves every other /api answer's CSP as strict as before", async () => {
    for (const path of ["/api/health", "/api/products", "/api/no-such-route"]) {
      expect((await get(path)).headers.get("Content-Security-Policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });
});
