import { $ } from "@hono/zod-openapi";
import { Scalar } from "@scalar/hono-api-reference";
import { HTTPException } from "hono/http-exception";
import { apiDocsContentSecurityPolicy } from "../../app/lib/security-headers";
import { DomainError, ValidationError } from "../../app/services/errors";
import { RateLimitError } from "../../app/services/rate-limit.server";
import { adminApi } from "./admin";
import { accountApi, authApi } from "./auth";
import { blogsApi } from "./blogs";
import { searchApi } from "./search";
import { couponsApi, shippingApi, taxApi } from "./checkout";
import { mailApi } from "./mail";
import { newsletterApi } from "./newsletter";
import { occasionsApi } from "./occasions";
import { myOrdersApi, ordersApi } from "./orders";
import { deliveryApi } from "./delivery";
import { categoriesApi } from "./categories";
import { contactApi } from "./contact";
import { devApi } from "./dev";
import { health } from "./health";
import { homeApi } from "./home";
import type { ApiEnv } from "./http";
import { log } from "../../app/services/log.server";
import { apiApp, completeOperations, mount, SECURITY_SCHEMES } from "./openapi";
import { productsApi } from "./products";
import { reviewsApi } from "./reviews";
import { settingsApi } from "./settings";
import { stockAlertsApi } from "./stock-alerts";
import { wishlistApi } from "./wishlist";
import scalarBundle from "./scalar-bundle.json";

/** The JSON API under /api. The Worker entry passes each request's context as the env. */
export const api = $(
  apiApp()
    .basePath("/api")
    .use(async (c, next) => {
      c.set("app", c.env.app);
      await next();
    })
    .route("/health", health)
    .route("/settings", settingsApi)
    .route("/home", homeApi)
    .route("/categories", categoriesApi)
    .route("/products", productsApi)
    .route("/products", reviewsApi)
    .route("/products", stockAlertsApi)
    .route("/blogs", blogsApi)
    .route("/search", searchApi)
    .route("/auth", authApi)
    .route("/v1/auth", accountApi)
    .route("/v1/occasions", occasionsApi)
    .route("/shipping", shippingApi)
    .route("/tax", taxApi)
    .route("/coupons", couponsApi)
    .route("/orders", ordersApi)
    .route("/delivery", deliveryApi)
    .route("/v1/orders", myOrdersApi)
    .route("/v1/wishlist", wishlistApi)
    .route("/contact", contactApi)
    .route("/newsletter", newsletterApi)
    .route("/mail", mailApi)
    .route("/admin", adminApi)
    .route("/dev", devApi),
);

for (const [name, scheme] of Object.entries(SECURITY_SCHEMES))
  api.openAPIRegistry.registerComponent("securitySchemes", name, scheme);

const TAGS = [
  {
    name: "Catalogue",
    description: "Products, categories and the home page: public, edge-cached until the data changes.",
  },
  {
    name: "Reviews",
    description:
      "Shoppers' reviews of products: published ones for everyone, one per signed-in shopper and product. 404 while the settings switch reviews off.",
  },
  { name: "Blog", description: "The crafting tutorials, and their likes." },
  {
    name: "Search",
    description: "One search over products, categories and tutorials, and the search box's suggestions. Public.",
  },
  { name: "Settings", description: "The shop's public settings." },
  {
    name: "Checkout",
    description: "Lookups for a checkout: shipping, tax and coupons. Public, never cached.",
  },
  {
    name: "Orders",
    description: "Placing an order (guests too) and a user's own orders.",
  },
  {
    name: "Delivery",
    description: "The delivery days an order may ask for, from the shop's rules. Public, never cached.",
  },
  {
    name: "Auth",
    description:
      "Accounts and sessions: a bearer token (JWT) for token clients, the session cookie for the site's pages.",
  },
  {
    name: "Account",
    description: "The signed-in user's own profile, password and occasions.",
  },
  { name: "Contact", description: "Messages to the shop." },
  {
    name: "Wishlist",
    description: "The signed-in shopper's saved products (when the settings switch the wishlist on; else 404).",
  },
  {
    name: "Newsletter",
    description: "Sign-ups to the newsletter (double opt-in); 404 while the settings switch it off.",
  },
  {
    name: "Admin",
    description: "The back office: staff (admin, super-admin) only. Every write is kept in the audit log.",
  },
  {
    name: "System",
    description: "Health, this document and its reference page.",
  },
];

let document: ReturnType<typeof api.getOpenAPI31Document> | undefined;

/** The OpenAPI 3.1 document of every declared route, built on first use and kept for the isolate's life. */
export function openApiDocument() {
  document ??= api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "TwistBloom API",
      version: "1.0.0",
      description:
        "The shop's JSON API. Every answer is `{success, ...}`; a refusal is `{success: false, message, errors?}`, with `errors` (field to messages) on a 422. Money is in currency units (24.99).",
    },
    servers: [{ url: "/", description: "This shop" }],
    tags: TAGS,
  });
  completeOperations(document.paths ?? {});
  return document;
}

/** Public and the same for everyone: a browser may keep it for a while. */
const DOC_CACHE_CONTROL = "public, max-age=300";

mount(
  api,
  {
    method: "get",
    path: "/openapi.json",
    tags: ["System"],
    summary: "This document (OpenAPI 3.1)",
    responses: {
      200: {
        description: "The document.",
        content: { "application/json": { schema: { type: "object" } } },
      },
    },
  },
  (c) => c.json(openApiDocument(), 200, { "Cache-Control": DOC_CACHE_CONTROL }),
);

/**
 * Scalar's single-file browser bundle, served by the shop itself: the build copies it from the
 * pinned package (scripts/scalar-bundle.mjs, pins in scalar-bundle.json) among the static assets,
 * and the page names it with its SRI hash. No script from another origin runs on this origin.
 */
export const SCALAR_SCRIPT = {
  path: scalarBundle.asset,
  integrity: scalarBundle.integrity,
  version: scalarBundle.version,
} as const;

const reference = Scalar<ApiEnv>((c) => ({
  url: "/api/openapi.json",
  pageTitle: "TwistBloom API reference",
  cdn: SCALAR_SCRIPT.path,
  // Both scripts (the bundle and its start-up call) carry the request's nonce, which the page's CSP names.
  nonce: c.var.app.nonce,
  // No web fonts from Scalar's font host, no telemetry: the page needs nothing but its script and this site.
  withDefaultFonts: false,
  telemetry: false,
}));

mount(
  api,
  {
    method: "get",
    path: "/docs",
    tags: ["System"],
    summary: "The interactive reference of this document (Scalar)",
    responses: {
      200: {
        description: "An HTML page.",
        content: { "text/html": { schema: { type: "string" } } },
      },
    },
  },
  async (c, next) => {
    const page = await reference(c, next);
    if (!(page instanceof Response)) return page;
    // The bundle's tag carries its integrity: a file that is not the pinned one does not run.
    const tag = `<script src="${SCALAR_SCRIPT.path}"`;
    const html = (await page.text()).replace(tag, `${tag} integrity="${SCALAR_SCRIPT.integrity}"`);
    const origin = new URL(c.req.url).origin;
    return c.html(html, 200, {
      "Cache-Control": DOC_CACHE_CONTROL,
      "Content-Security-Policy": apiDocsContentSecurityPolicy(c.var.app.nonce, `${origin}${SCALAR_SCRIPT.path}`),
    });
  },
);

api.notFound((c) => c.json({ success: false, message: "Not found" }, 404));

api.onError((error, c) => {
  if (error instanceof ValidationError) {
    return c.json({ success: false, message: error.message, errors: error.errors }, 422);
  }
  if (error instanceof RateLimitError) {
    c.header("Retry-After", String(error.retryAfterSeconds));
    return c.json({ success: false, message: error.message }, 429);
  }
  if (error instanceof DomainError) {
    return c.json({ success: false, message: error.message }, error.status as 400);
  }
  if (error instanceof HTTPException) {
    return c.json({ success: false, message: error.message || "Bad request" }, error.status);
  }
  log.error("API request failed", error, { status: 500 });
  return c.json({ success: false, message: "Server error", request_id: c.var.app.requestId }, 500);
});

export type ApiType = typeof api;
