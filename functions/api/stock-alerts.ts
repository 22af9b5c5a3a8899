import { z } from "zod";
import { STOCK_ALERT_MESSAGES, StockAlertRequestSchema } from "../../app/lib/schemas/stock-alerts";
import { mailContext } from "../../app/http/mail.server";
import { retentionSigner } from "../../app/http/retention.server";
import { clientAddress } from "../../app/services/rate-limit.server";
import { requestStockAlert } from "../../app/services/stock-alerts.server";
import type { RouteConfig } from "@hono/zod-openapi";
import type { Handler } from "hono";
import { featureGate } from "./features";
import { parseBody, type ApiEnv } from "./http";
import { apiApp, Done, errors, json, jsonOrForm, mount } from "./openapi";

/**
 * POST /api/products/{slug}/stock-alerts (documented as /api/products/stock-alerts/{slug}) {email, variant_id?}: "email me when it's back" (double
 * opt-in, as the newsletter). 202 with the same message whatever the address's state (a confirmation
 * link is mailed to one that may get it); 422 for a malformed email or an item that is in stock, not
 * sold, or has options and none was chosen; 404 for an unknown product; 429 with Retry-After past the
 * client's allowance. 404 while the feature is switched off (`feature_back_in_stock`).
 */
export const stockAlertsApi = apiApp();
/**
 * The path asked for is `/{slug}/stock-alerts`; Redocly cannot tell it from `/slug/{slug}`, so, as
 * the reviews' (docs/decisions/033), the document names `/stock-alerts/{slug}` and the first one
 * answers the same, left out of the document.
 */
const mountStockAlerts = (route: RouteConfig, handler: Handler<ApiEnv>) => {
  mount(stockAlertsApi, route, handler);
  mount(stockAlertsApi, { ...route, path: "/{slug}/stock-alerts", hide: true }, handler);
};
mountStockAlerts(
  {
    method: "post",
    path: "/stock-alerts/{slug}",
    tags: ["Catalogue"],
    summary: "Ask to be emailed once when a sold-out product or variant is back (double opt-in)",
    middleware: featureGate("backInStock"),
    request: {
      params: z.object({ slug: z.string().meta({ description: "The product's slug." }) }),
      body: jsonOrForm(StockAlertRequestSchema),
    },
    responses: {
      202: json(
        Done,
        "The same answer for every address; a confirmation link is mailed to one not waiting for it yet.",
      ),
      ...errors(404, 422, 429),
    },
  },
  async (c) => {
    c.header("Cache-Control", "no-store");
    const input = await parseBody(c, StockAlertRequestSchema);
    const { app } = c.var;
    await requestStockAlert(app.db, c.req.param("slug") ?? "", input, {
      mail: await mailContext(app, c.req.raw),
      signer: retentionSigner(app.env),
      client: clientAddress(c.req.raw),
    });
    return c.json({ success: true as const, message: STOCK_ALERT_MESSAGES.requested }, 202);
  },
);
