import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { DomainError, ValidationError } from "../../app/services/errors";
import { RateLimitError } from "../../app/services/rate-limit.server";
import { accountApi, authApi } from "./auth";
import { blogsApi } from "./blogs";
import { couponsApi, shippingApi, taxApi } from "./checkout";
import { myOrdersApi, ordersApi } from "./orders";
import { categoriesApi } from "./categories";
import { contactApi } from "./contact";
import { health } from "./health";
import { homeApi } from "./home";
import type { ApiEnv } from "./http";
import { productsApi } from "./products";
import { settingsApi } from "./settings";

/** The JSON API under /api. The Worker entry passes each request's context as the env. */
export const api = new Hono<ApiEnv>()
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
  .route("/blogs", blogsApi)
  .route("/auth", authApi)
  .route("/v1/auth", accountApi)
  .route("/shipping", shippingApi)
  .route("/tax", taxApi)
  .route("/coupons", couponsApi)
  .route("/orders", ordersApi)
  .route("/v1/orders", myOrdersApi)
  .route("/contact", contactApi);

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
  console.error(error);
  return c.json({ success: false, message: "Server error" }, 500);
});

export type ApiType = typeof api;
