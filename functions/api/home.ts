import { cachedAnswers, cachedData } from "../../app/http/cache-entries.server";
import { currencyFromSettings } from "../../app/services/settings.server";
import { cachePublic } from "./http";
import { apiApp, json, mount } from "./openapi";
import { HomeSchema } from "./schemas";

export const homeApi = mount(
  apiApp(),
  {
    method: "get",
    path: "/",
    tags: ["Catalogue"],
    summary: "The home page's sections and the shop's currency",
    responses: {
      200: json(HomeSchema, "The sections; edge-cached until the data changes."),
    },
  },
  async (c) => {
    const { app } = c.var;
    const [sections, settings] = await Promise.all([
      app.cache.read(cachedData.homeSections()),
      app.cache.read(cachedData.publicSettings()),
    ]);
    cachePublic(c, cachedAnswers.home, sections);
    return c.json({
      success: true,
      data: sections,
      currency: currencyFromSettings(settings),
      message: "Home data loaded",
    });
  },
);
