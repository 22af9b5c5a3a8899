import { Hono } from "hono";
import { CACHE_SECONDS } from "../../app/lib/constants";
import { getPublicSetting, getPublicSettings } from "../../app/services/settings.server";
import { cachePublic, ok, type ApiEnv } from "./http";

export const settingsApi = new Hono<ApiEnv>()
  .get("/public", async (c) => {
    const data = await getPublicSettings(c.var.app.db);
    cachePublic(c, CACHE_SECONDS.settings);
    return ok(c, data);
  })
  .get("/key/:key", async (c) => {
    const data = await getPublicSetting(c.var.app.db, c.req.param("key"));
    cachePublic(c, CACHE_SECONDS.settings);
    return ok(c, data);
  });
