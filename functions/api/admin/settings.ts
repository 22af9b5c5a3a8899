import { z } from "zod";
import { HOME_SECTION_SCHEMAS, SettingsUpdateSchema } from "../../../app/lib/schemas/admin-settings";
import {
  listHomeSections,
  listSettings,
  updateHomeSection,
  updateSettings,
} from "../../../app/services/admin/settings.server";
import {
  AdminHomeSectionSchema,
  AdminSettingSchema,
  adminHomeSectionJson,
  adminSettingJson,
} from "../../../app/services/serializers/admin-setting";
import { ok, parseBody } from "../http";
import { apiApp, jsonBody } from "../openapi";
import { staffRoute } from "./route";
import { actor } from "./staff";
const settingsList = z.array(AdminSettingSchema);

/** GET and PUT /api/admin/settings: every setting, public or not; changes checked against each setting's type. */
export const adminSettingsApi = apiApp();
staffRoute(
  adminSettingsApi,
  {
    method: "get",
    path: "/",
    summary: "Every setting, with its typed value, type, group and whether the shop shows it",
    data: settingsList,
    answer: "Every setting, by group.",
  },
  async (c) => ok(c, (await listSettings(c.var.app.db)).map(adminSettingJson)),
);
staffRoute(
  adminSettingsApi,
  {
    method: "put",
    path: "/",
    summary: "Change settings",
    description:
      "`{ key: value, ... }`: each value is checked against its setting's type (a number, true or false, JSON that parses, an http(s) URL, an email). Only the keys whose value differs are written, all at once; the public ones show on the shop at once. An unknown key or a bad value is a 422 whose `errors` names each key, and nothing is written.",
    request: { body: jsonBody(SettingsUpdateSchema) },
    data: settingsList,
    more: { changed: z.array(z.string()) },
    answer: "Every setting as it now stands, and the keys that changed.",
  },
  async (c) => {
    const values = await parseBody(c, SettingsUpdateSchema);
    const result = await updateSettings(c.var.app.db, actor(c), values);
    return ok(c, result.settings.map(adminSettingJson), { message: "Settings updated", changed: result.changed });
  },
);

const sectionKey = z.object({
  key: z.enum(Object.keys(HOME_SECTION_SCHEMAS) as [string, ...string[]]).meta({ description: "The section's key." }),
});

/** GET /api/admin/home-sections and PUT /api/admin/home-sections/{key}: the home page's sections (the settings page's twin). */
export const adminHomeSectionsApi = apiApp();
staffRoute(
  adminHomeSectionsApi,
  {
    method: "get",
    path: "/",
    summary: "The home page's sections, shown or not, with their data",
    data: z.array(AdminHomeSectionSchema),
    answer: "In the home page's order.",
  },
  async (c) => ok(c, (await listHomeSections(c.var.app.db)).map(adminHomeSectionJson)),
);
staffRoute(
  adminHomeSectionsApi,
  {
    method: "put",
    path: "/{key}",
    summary: "Change a home page section",
    description:
      "The section's data in its \"Home data\" shape: hero texts and links; the occasions `categories: [{ name, icon, slug }]`; the FAQ `items: [{ question, answer }]`; the product sections' `title`, `subtitle`, `limit`. Fields left out keep their value. Seen on the home page at once.",
    request: {
      params: sectionKey,
      body: jsonBody(
        z.record(z.string(), z.unknown()).meta({
          example: { title: "Questions?", items: [{ question: "Do you ship abroad?", answer: "Not yet." }] },
        }),
      ),
    },
    data: AdminHomeSectionSchema,
    answer: "The section as it now stands.",
  },
  async (c) => {
    const body = await parseBody(c, z.record(z.string(), z.unknown()));
    const { section } = await updateHomeSection(c.var.app.db, actor(c), c.req.param("key")!, body);
    return ok(c, adminHomeSectionJson(section), { message: "Home section updated" });
  },
);
