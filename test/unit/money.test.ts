import { describe, expect, it } from "vitest";
import { applyRate, formatMoney, isOnSale, percentOff, toCents, toUnits, unitPriceCents } from "~/lib/money";

describe("formatMoney", () => {
  it("formats cents in the default currency, symbol on the left with 2 decimals", () => {
    expect(formatMoney(2499)).toBe("$24.99");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(123456789)).toBe("$1,234,567.89");
  });

  it("follows the currency settings: position, symbol and decimal places", () => {
    expect(formatMoney(2499, { code: "EUR", symbol: "€", position: "right", decimal_places: 2 })).toBe("24.99€");
    expect(formatMoney(2450, { code: "LKR", symbol: "Rs ", position: "left", decimal_places: 0 })).toBe("Rs 25");
  });

  it("puts the minus sign before the symbol", () => {
    expect(formatMoney(-500)).toBe("-$5.00");
  });
});

describe("unit price", () => {
  it("uses the sale price only when it is present and lower than the price", () => {
    expect(unitPriceCents(3000, 2500)).toBe(2500);
    expect(unitPriceCents(3000, null)).toBe(3000);
    expect(unitPriceCents(3000, 3000)).toBe(3000);
    expect(unitPriceCents(3000, 3500)).toBe(3000);
    expect(isOnSale(3000, 2500)).toBe(true);
    expect(isOnSale(3000, 3500)).toBe(false);
  });

  it("gives the whole percent off for the badge", () => {
    expect(percentOff(4000, 3000)).toBe(25);
    expect(percentOff(3000, null)).toBe(0);
  });
});

describe("conversions", () => {
  it("turns cents into currency units and back without float drift", () => {
    expect(toUnits(2499)).toBe(24.99);
    expect(toCents(24.99)).toBe(2499);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.995)).toBe(2000);
  });

  it("applies a basis-point rate rounded to the cent", () => {
    expect(applyRate(4999, 1000)).toBe(500);
    expect(applyRate(1234, 1800)).toBe(222);
  });
});
