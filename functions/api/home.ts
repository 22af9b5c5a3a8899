import { Hono } from "hono";
import { cachedAnswers, cachedData } from "../../app/http/cache-entries.server";
import { currencyFromSettings } from "../../app/services/settings.server";
import { cachePublic, type ApiEnv } from "./http";

export const homeApi = new Hono<ApiEnv>().get("/", async (c) => {
  const { app } = c.var;
  const [sections, settings] = await Promise.all([
    app.cache.read(cachedData.homeSections()),
    app.cache.read(cachedData.publicSettings()),
  ]);
  cachePublic(c, cachedAnswers.home, sections);
  return c.json({ success: true, data: sections, currency: currencyFromSettings(settings), message: "Home data loaded" });
});
