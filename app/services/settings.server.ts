import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { settings } from "../../db/schema";
import { DEFAULT_CURRENCY, type Currency } from "../lib/money";
import { NotFoundError } from "./errors";

export type SettingValue = string | number | boolean | null | unknown[] | Record<string, unknown>;
export type SettingsByGroup = Record<string, Record<string, SettingValue>>;

export interface SettingRow {
  key: string;
  value: string;
  type: "string" | "number" | "boolean" | "json";
  group: string;
}

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

/** The currency from the public settings; any missing or malformed part keeps the default. */
export function currencyFromSettings(grouped: SettingsByGroup): Currency {
  const group = grouped.currency ?? {};
  const places = Number(group.currency_decimal_places);
  return {
    code: typeof group.currency_code === "string" && group.currency_code ? group.currency_code : DEFAULT_CURRENCY.code,
    symbol:
      typeof group.currency_symbol === "string" && group.currency_symbol ? group.currency_symbol : DEFAULT_CURRENCY.symbol,
    position: group.currency_position === "right" ? "right" : "left",
    decimal_places: Number.isInteger(places) && places >= 0 && places <= 4 ? places : DEFAULT_CURRENCY.decimal_places,
  };
}

/** What the layout needs from the settings: the site's name and text, contact and social details, the currency. */
export interface SiteConfig {
  name: string;
  description: string;
  logo: string | null;
  footerText: string;
  contact: Record<string, SettingValue>;
  social: Record<string, SettingValue>;
  seo: Record<string, SettingValue>;
  features: Record<string, SettingValue>;
  currency: Currency;
}

export function siteConfigFromSettings(grouped: SettingsByGroup): SiteConfig {
  const general = grouped.general ?? {};
  const text = (value: SettingValue | undefined, fallback: string) => (typeof value === "string" && value ? value : fallback);
  return {
    name: text(general.site_name, "Twistbloom"),
    description: text(general.site_description, ""),
    logo: typeof general.site_logo === "string" && general.site_logo ? general.site_logo : null,
    footerText: text(general.footer_text, ""),
    contact: grouped.contact ?? {},
    social: grouped.social ?? {},
    seo: grouped.seo ?? {},
    features: grouped.features ?? {},
    currency: currencyFromSettings(grouped),
  };
}

export async function getSiteConfig(db: Database): Promise<SiteConfig> {
  return siteConfigFromSettings(await getPublicSettings(db));
}
