import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { settings } from "../../db/schema";
import { NotFoundError } from "./errors";
import { numberRules } from "../lib/schemas/admin-settings";

import { siteConfigFromSettings, type SettingsByGroup, type SettingValue, type SiteConfig } from "../lib/site";

export { currencyFromSettings, siteConfigFromSettings } from "../lib/site";
export type { SettingsByGroup, SettingValue, SiteConfig } from "../lib/site";

export type SettingRow = Pick<typeof settings.$inferSelect, "key" | "value" | "type" | "group">;

export function parseSettingValue(row: Pick<SettingRow, "value" | "type">): SettingValue {
  switch (row.type) {
    case "number": {
      const number = Number(row.value);
      return Number.isFinite(number) ? number : null;
    }
    case "boolean":
      return row.value === "true" || row.value === "1";
    case "json":
      try {
        return JSON.parse(row.value) as SettingValue;
      } catch {
        return null;
      }
    default:
      return row.value;
  }
}

export function publicSettingsQuery(db: Database) {
  return db
    .select({ key: settings.key, value: settings.value, type: settings.type, group: settings.group })
    .from(settings)
    .where(eq(settings.isPublic, true))
    .orderBy(asc(settings.group), asc(settings.key));
}

export function groupSettings(rows: SettingRow[]): SettingsByGroup {
  const grouped: SettingsByGroup = {};
  for (const row of rows) (grouped[row.group] ??= {})[row.key] = parseSettingValue(row);
  return grouped;
}

/** Public settings, grouped by group, then key. */
export async function getPublicSettings(db: Database): Promise<SettingsByGroup> {
  return groupSettings(await publicSettingsQuery(db));
}

export async function getPublicSetting(db: Database, key: string) {
  const [row] = await db
    .select({ key: settings.key, value: settings.value, type: settings.type, group: settings.group })
    .from(settings)
    .where(and(eq(settings.key, key), eq(settings.isPublic, true)))
    .limit(1);
  if (!row) throw new NotFoundError("Setting not found");
  return { key: row.key, value: parseSettingValue(row), type: row.type, group: row.group };
}

export async function getSiteConfig(db: Database): Promise<SiteConfig> {
  return siteConfigFromSettings(await getPublicSettings(db));
}

/**
 * A number setting as the scheduled work reads it (server-side ones included): a whole number held
 * within the bounds the settings form checks, or `fallback` when the row is missing or not a number.
 */
export async function readNumberSetting(db: Database, key: string, fallback: number): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  const value = Number(row?.value ?? Number.NaN);
  if (!row || row.value.trim() === "" || !Number.isFinite(value)) return fallback;
  const { min = -Infinity, max = Infinity } = numberRules(key);
  return Math.min(max, Math.max(min, Math.floor(value)));
}

/**
 * A whole-number setting as an SQL expression, for a statement that needs it beside its own work (no
 * round trip of its own): the setting held within the bounds the settings form checks, or
 * `fallback` when the row is missing or empty.
 */
export function numberSettingSql(key: string, fallback: number): SQL<number> {
  const { min = -Number.MAX_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = numberRules(key);
  return sql<number>`coalesce((SELECT min(${max}, max(${min}, CAST(${settings.value} AS INTEGER))) FROM ${settings} WHERE ${settings.key} = ${key} AND trim(${settings.value}) <> ''), ${fallback})`.mapWith(
    Number,
  );
}

/** The setting staff notifications go to (a new order, the low-stock digest): `admin_email`. */
export const STAFF_EMAIL_SETTING = "admin_email";

/** The `admin_email` setting's value, trimmed ("" when the row is missing); not public. */
export async function readStaffEmail(db: Database): Promise<string> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, STAFF_EMAIL_SETTING));
  return row?.value.trim() ?? "";
}

/** A switch setting as the scheduled work reads it: on or off, or `fallback` when the row is missing. */
export async function readBooleanSetting(db: Database, key: string, fallback: boolean): Promise<boolean> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row ? parseSettingValue({ value: row.value, type: "boolean" }) === true : fallback;
}
