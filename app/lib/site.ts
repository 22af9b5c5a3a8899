import { DEFAULT_CURRENCY, type Currency } from "./money";

/** Public settings, as the API and the layout read them: grouped by group, then key. */
export type SettingValue = string | number | boolean | null | unknown[] | Record<string, unknown>;
export type SettingsByGroup = Record<string, Record<string, SettingValue>>;

/** The currency from the public settings; any missing or malformed part keeps the default. */
export function currencyFromSettings(grouped: SettingsByGroup): Currency {
  const group = grouped.currency ?? {};
  const places = Number(group.currency_decimal_places);
  return {
    code: typeof group.currency_code === "string" && group.currency_code ? group.currency_code : DEFAULT_CURRENCY.code,
    symbol:
      typeof group.currency_symbol === "string" && group.currency_symbol
        ? group.currency_symbol
        : DEFAULT_CURRENCY.symbol,
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
  const text = (value: SettingValue | undefined, fallback: string) =>
    typeof value === "string" && value ? value : fallback;
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
