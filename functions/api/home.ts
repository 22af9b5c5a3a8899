import { Hono } from "hono";
import { CACHE_SECONDS } from "../../app/lib/constants";
import { getHomeData } from "../../app/services/home.server";
import { cachePublic, type ApiEnv } from "./http";

export const homeApi = new Hono<ApiEnv>().get("/", async (c) => {
  const { sections, currency } = await getHomeData(c.var.app.db);
  cachePublic(c, CACHE_SECONDS.content);
  return c.json({ success: true, data: sections, currency, message: "Home data loaded" });
});
