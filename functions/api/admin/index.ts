import { apiApp } from "../openapi";
import { authenticated } from "../session";
import { auditApi } from "./audit";
import { adminCategoriesApi } from "./categories";
import { adminDeliveriesApi } from "./deliveries";
import { exportsApi } from "./exports";
import { adminCouponsApi, adminShippingMethodsApi, adminTaxRatesApi } from "./checkout-tables";
import { adminBlogsApi } from "./blogs";
import { adminMailApi } from "./mail";
import { messagesApi } from "./messages";
import { adminNewsletterApi } from "./newsletter";
import { adminOrdersApi } from "./orders";
import { adminProductsApi } from "./products";
import { adminReviewsApi } from "./reviews";
import { adminHomeSectionsApi, adminSettingsApi } from "./settings";
import { adminJobsApi } from "./jobs";
import { searchMissesApi } from "./search-misses";
import { staffOnly } from "./staff";
import { statsApi } from "./stats";
import { uploadsApi } from "./uploads";
import { usersApi } from "./users";

/**
 * The back office's API under /api/admin: staff only (401 without a session, 403 for a customer),
 * never cached (`authenticated` marks every answer private, no-store). Each part of the back office
 * adds its router here.
 */
export const adminApi = apiApp();
adminApi.use(authenticated, staffOnly);
adminApi.route("/stats", statsApi);
adminApi.route("/search-misses", searchMissesApi);
adminApi.route("/audit", auditApi);
// Before the routers of /orders, /users and /products: their CSV files are /orders.csv, ...
adminApi.route("/", exportsApi);
adminApi.route("/orders", adminOrdersApi);
adminApi.route("/deliveries", adminDeliveriesApi);
adminApi.route("/products", adminProductsApi);
adminApi.route("/users", usersApi);
adminApi.route("/messages", messagesApi);
adminApi.route("/settings", adminSettingsApi);
adminApi.route("/home-sections", adminHomeSectionsApi);
adminApi.route("/uploads", uploadsApi);
adminApi.route("/categories", adminCategoriesApi);
adminApi.route("/coupons", adminCouponsApi);
adminApi.route("/shipping-methods", adminShippingMethodsApi);
adminApi.route("/tax-rates", adminTaxRatesApi);
adminApi.route("/blogs", adminBlogsApi);
adminApi.route("/mail", adminMailApi);
adminApi.route("/newsletter", adminNewsletterApi);
adminApi.route("/reviews", adminReviewsApi);
adminApi.route("/jobs", adminJobsApi);
