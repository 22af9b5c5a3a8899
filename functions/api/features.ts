import { createMiddleware } from "hono/factory";
import { isFeatureOn } from "../../app/http/features.server";
import type { Feature } from "../../app/lib/features";
import type { ApiEnv } from "./http";

/**
 * The calls of a feature the settings switch off answer 404, as if they did not exist (the same
 * answer as an unknown path). Put it before `authenticated`, so a guest learns nothing either.
 */
export const featureGate = (feature: Feature) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    if (!(await isFeatureOn(c.var.app, feature))) return c.json({ success: false, message: "Not found" }, 404);
    await next();
  });
