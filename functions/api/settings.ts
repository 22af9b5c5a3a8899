import { Hono } from "hono";
import { cachedAnswers } from "../../app/http/cache-entries.server";
import { getPublicSetting, getPublicSettings } from "../../app/services/settings.server";
import { cachePublic, ok, type ApiEnv } from "./http";

export const settingsApi = new Hono<ApiEnv>()
  .get("/public", async (c) => {
    const data = await getPublicSettings(c.var.app.db);
    cachePublic(c, cachedAnswers.settings, data);
    return ok(c, data);
  })
  .get("/key/:key", async (c) => {
    const data = await getPublicSetting(c.var.app.db, c.req.param("key"));
    cachePublic(c, cachedAnswers.settings, data);
    return ok(c, data);
  });
