/** Money is integer cents inside the shop; this is the only place that turns it into text. */
export interface Currency {
  code: string;
  symbol: string;
  position: "left" | "right";
  decimal_places: number;
}

export const DEFAULT_CURRENCY: Currency = { code: "USD", symbol: "$", position: "left", decimal_places: 2 };

/**
 * One number format per count of decimal places (0 to 4), made once: `toLocaleString` with options
 * builds a new Intl.NumberFormat on every call, which was the cart page's largest cost of its own.
 */
const numberFormats = new Map<number, Intl.NumberFormat>();
function numberFormat(places: number): Intl.NumberFormat {
  let format = numberFormats.get(places);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { minimumFractionDigits: places, maximumFractionDigits: places });
    numberFormats.set(places, format);
  }
  return format;
}

/**
 * The numbers formatted so far, by places and amount: formatting is still about 20 µs a call in
 * workerd with the formatter made once, and a shop's prices repeat on every page. Emptied when full.
 */
const formatted = new Map<string, string>();
const FORMATTED_MAX = 5000;

function formatNumber(places: number, units: number): string {
  const key = `${places}:${units}`;
  let text = formatted.get(key);
  if (text === undefined) {
    if (formatted.size >= FORMATTED_MAX) formatted.clear();
    text = numberFormat(places).format(units);
    formatted.set(key, text);
  }
  return text;
}

export function formatMoney(cents: number, currency: Currency = DEFAULT_CURRENCY): string {
  const places = Math.min(Math.max(Math.trunc(currency.decimal_places), 0), 4);
  const negative = cents < 0;
  const units = Math.abs(cents) / 100;
  const text = formatNumber(places, units);
  const withSymbol = currency.position === "right" ? `${text}${currency.symbol}` : `${currency.symbol}${text}`;
  return negative ? `-${withSymbol}` : withSymbol;
}

/** Cents to currency units, as money travels on the wire (24.99). */
export function toUnits(cents: number): number {
  return Math.round(cents) / 100;
}

/** Currency units to whole cents, rounding half away from zero at the cent. */
export function toCents(units: number): number {
  return Math.sign(units) * Math.round(Math.abs(units) * 100 + Number.EPSILON);
}

/** The spec's rule: the sale price applies only when present and lower than the price. */
export function unitPriceCents(priceCents: number, salePriceCents: number | null | undefined): number {
  return salePriceCents != null && salePriceCents < priceCents ? salePriceCents : priceCents;
}

export function isOnSale(priceCents: number, salePriceCents: number | null | undefined): boolean {
  return salePriceCents != null && salePriceCents < priceCents;
}

/** Whole percent off, for the "-20%" badge; 0 when not on sale. */
export function percentOff(priceCents: number, salePriceCents: number | null | undefined): number {
  if (!isOnSale(priceCents, salePriceCents) || priceCents <= 0) return 0;
  return Math.round(((priceCents - (salePriceCents as number)) / priceCents) * 100);
}

/** A share of an amount in basis points (1000 = 10%), rounded to the cent. */
export function applyRate(cents: number, rateBps: number): number {
  return Math.round((cents * rateBps) / 10_000);
}
