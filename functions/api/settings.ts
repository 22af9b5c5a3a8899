import { z } from "zod";
import { cachedAnswers } from "../../app/http/cache-entries.server";
import { getPublicSetting, getPublicSettings } from "../../app/services/settings.server";
import { apiApp, publicGet } from "./openapi";
import { PublicSettingSchema, PublicSettingsSchema } from "./schemas";

const tags = ["Settings"];

export const settingsApi = apiApp();
publicGet(settingsApi, {
  path: "/public",
  tags,
  summary: "The public settings, by group",
  data: PublicSettingsSchema,
  cached: cachedAnswers.settings,
  load: (db) => getPublicSettings(db),
});
publicGet(settingsApi, {
  path: "/key/{key}",
  tags,
  summary: "One public setting",
  params: z.object({ key: z.string() }),
  data: PublicSettingSchema,
  cached: cachedAnswers.settings,
  notFound: true,
  load: (db, { params }) => getPublicSetting(db, params.key!),
});
