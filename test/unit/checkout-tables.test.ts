import { describe, expect, it } from "vitest";
import { CART_TAX, cartSummary } from "~/lib/cart";
import { taxLabel, taxOn } from "~/lib/checkout";
import { checkboxesOf, COUPON_FIELDS, formValues, SHIPPING_FIELDS, TAX_FIELDS } from "~/lib/schemas/admin-catalogue";

// The checkout tables' field declarations (one list per table: the page's form, the API's body and
// the schemas are made of it) and the cart page's tax, which follows the checkout's rule.

describe("checkout table fields", () => {
  it("names each table and says its 404", () => {
    expect(
      [COUPON_FIELDS, SHIPPING_FIELDS, TAX_FIELDS].map(({ noun, Noun, notFound }) => [noun, Noun, notFound]),
    ).toEqual([
      ["coupon", "Coupon", "Coupon not found"],
      ["shipping method", "Shipping method", "Shipping method not found"],
      ["tax rate", "Tax rate", "Tax rate not found"],
    ]);
  });

  it("starts a new row's form with the defaults, and reads the active box as a checkbox", () => {
    expect(formValues(COUPON_FIELDS, null)).toEqual({
      code: "",
      name: "",
      type: "percentage",
      value: "",
      min_subtotal: "0",
      max_discount: "",
      starts_at: "",
      expires_at: "",
      usage_limit: "",
      is_active: "on",
    });
    expect(formValues(TAX_FIELDS, null)).toEqual({
      country_code: "",
      state_code: "",
      name: "",
      rate: "",
      is_active: "on",
    });
    expect(checkboxesOf(SHIPPING_FIELDS)).toEqual(["is_active"]);
  });

  it("shows a row as the API gives it: days of dates, lists joined, empty for none", () => {
    expect(
      formValues(COUPON_FIELDS, {
        code: "SPRING",
        name: "Spring",
        type: "fixed",
        value: 4.5,
        min_subtotal: 0,
        max_discount: null,
        starts_at: "2030-01-01T00:00:00.000Z",
        expires_at: null,
        usage_limit: 3,
        is_active: false,
      }),
    ).toMatchObject({ value: "4.5", min_subtotal: "0", max_discount: "", starts_at: "2030-01-01", is_active: "" });
    expect(formValues(SHIPPING_FIELDS, { countries: ["LK", "IN"], cost: 3.25, is_active: true })).toMatchObject({
      countries: "LK, IN",
      cost: "3.25",
      is_active: "on",
    });
  });
});

describe("the cart page's tax", () => {
  it("is the checkout's tax rule at the flat cart rate, labelled with that rate", () => {
    for (const subtotal of [0, 1, 5, 4999, 123_457]) {
      expect(cartSummary(subtotal).tax_cents).toBe(taxOn([CART_TAX], subtotal).total_tax_cents);
    }
    expect(taxLabel(CART_TAX)).toBe("Tax (10%)");
  });
});
