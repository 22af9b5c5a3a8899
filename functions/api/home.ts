import { Hono } from "hono";
import { CACHE_SECONDS } from "../../app/lib/constants";
import { getHomeSections } from "../../app/services/home.server";
import { currencyFromSettings, getPublicSettings } from "../../app/services/settings.server";
import { cachePublic, type ApiEnv } from "./http";

export const homeApi = new Hono<ApiEnv>().get("/", async (c) => {
  const { app } = c.var;
  const [sections, settings] = await Promise.all([
    getHomeSections(app.db),
    app.cached("settings:public", CACHE_SECONDS.settings, () => getPublicSettings(app.db)),
  ]);
  cachePublic(c, CACHE_SECONDS.content);
  return c.json({ success: true, data: sections, currency: currencyFromSettings(settings), message: "Home data loaded" });
});
