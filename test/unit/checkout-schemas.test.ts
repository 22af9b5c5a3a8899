import { describe, expect, it } from "vitest";
import {
  CHECKOUT_MESSAGES,
  CheckoutFormSchema,
  CheckoutPageSchema,
  CouponApplyByIdSchema,
  CouponValidateSchema,
  IdempotencyKeySchema,
  OrderApiSchema,
  ShippingCalculateSchema,
  ShippingMethodsSchema,
  TaxCalculateSchema,
  TaxRatesQuerySchema,
} from "~/lib/schemas/checkout";
import { dataOf, errorsOf } from "./schemas";

const goodForm = {
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@example.com",
  address: "12 Flower Lane",
  city: "Colombo",
};

describe("the spec's messages", () => {
  it("keeps the exact wording of sections 5 and 8", () => {
    expect(CHECKOUT_MESSAGES).toMatchObject({
      couponEmpty: "Please enter a coupon code",
      couponInvalid: "Invalid coupon code",
      couponError: "Error validating coupon code",
      orderFailed: "There was an error processing your order. Please try again.",
      formErrors: "Please fix the errors in the form",
      quantityRange: "Quantity must be between 1 and 99.",
    });
  });
});

describe("CheckoutFormSchema", () => {
  it("accepts the required fields alone, the optional ones empty and the country Sri Lanka", () => {
    expect(dataOf(CheckoutFormSchema, goodForm)).toEqual({
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@example.com",
      phone: null,
      address: "12 Flower Lane",
      city: "Colombo",
      state: null,
      zipCode: null,
      country: "LK",
      notes: null,
    });
  });

  it("gives every required field's message at once on an empty form", () => {
    expect(errorsOf(CheckoutFormSchema, {})).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Email is required"],
      address: ["Address is required"],
      city: ["City is required"],
    });
  });

  it("reads blank, whitespace-only and null values as missing", () => {
    const errors = errorsOf(CheckoutFormSchema, {
      firstName: "   ",
      lastName: null,
      email: " ",
      address: "",
      city: "\t",
    });
    expect(errors).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Email is required"],
      address: ["Address is required"],
      city: ["City is required"],
    });
  });

  it("trims and lower-cases the email", () => {
    expect(dataOf(CheckoutFormSchema, { ...goodForm, firstName: "  Ann ", email: "  Ann@Example.COM " })).toMatchObject(
      {
        firstName: "Ann",
        email: "ann@example.com",
      },
    );
  });

  it.each(["ann", "ann@", "@example.com", "ann@example", "ann @example.com", "ann@example.c"])(
    "refuses the email %j",
    (email) => {
      expect(errorsOf(CheckoutFormSchema, { ...goodForm, email })).toEqual({
        email: ["Please enter a valid email address"],
      });
    },
  );

  it("checks names: at least 2 characters, letters and spaces only", () => {
    expect(errorsOf(CheckoutFormSchema, { ...goodForm, firstName: "A" })).toEqual({
      firstName: ["First name must be at least 2 characters long"],
    });
    expect(errorsOf(CheckoutFormSchema, { ...goodForm, lastName: "L33" })).toEqual({
      lastName: ["Last name may only contain letters and spaces"],
    });
    expect(errorsOf(CheckoutFormSchema, { ...goodForm, firstName: "Anne Marie", lastName: "Müller" })).toEqual({});
  });

  describe("address and city, required by decision 006", () => {
    it("needs an address of at least 5 characters", () => {
      expect(errorsOf(CheckoutFormSchema, { ...goodForm, address: "12 A" })).toEqual({
        address: ["Address must be at least 5 characters long"],
      });
      expect(errorsOf(CheckoutFormSchema, { ...goodForm, address: "12 Ab" })).toEqual({});
    });

    it("needs a city of at least 2 characters made of letters, spaces, hyphens, apostrophes and periods", () => {
      expect(errorsOf(CheckoutFormSchema, { ...goodForm, city: "C" })).toEqual({
        city: ["City must be at least 2 characters long"],
      });
      expect(errorsOf(CheckoutFormSchema, { ...goodForm, city: "Colombo 7" })).toEqual({
        city: ["City may only contain letters, spaces, hyphens, apostrophes and periods"],
      });
      expect(errorsOf(CheckoutFormSchema, { ...goodForm, city: "St. John's-Wood" })).toEqual({});
    });
  });

  describe("optional fields, checked only when filled", () => {
    it("leaves empty optional fields alone", () => {
      expect(
        errorsOf(CheckoutFormSchema, { ...goodForm, phone: "", state: "", zipCode: "", country: "", notes: "" }),
      ).toEqual({});
      expect(errorsOf(CheckoutFormSchema, { ...goodForm, phone: "  ", state: null, zipCode: undefined })).toEqual({});
    });

    it.each(["0771234567", "abc", "+", "12345678901234567", "+0 77 123"])("refuses the phone %j", (phone) => {
      expect(errorsOf(CheckoutFormSchema, { ...goodForm, phone })).toEqual({
        phone: ["Please enter a valid phone number"],
      });
    });

    it.each(["+94 77 123 4567", "(555) 123-4567", "555.123.4567", "7", "+1234567890123456"])(
      "accepts the phone %j",
      (phone) => {
        expect(dataOf(CheckoutFormSchema, { ...goodForm, phone }).phone).toBe(phone);
      },
    );

    it("checks a state when filled", () => {
      expect(errorsOf(CheckoutFormSchema, { ...goodForm, state: "C" })).toEqual({
        state: ["State must be at least 2 characters long"],
      });
      expect(errorsOf(CheckoutFormSchema, { ...goodForm, state: "N3W" })).toEqual({
        state: ["State may only contain letters, spaces, hyphens, apostrophes and periods"],
      });
      expect(dataOf(CheckoutFormSchema, { ...goodForm, state: "CA" }).state).toBe("CA");
    });

    it("checks a postal code when filled: 3 to 10 letters, digits, spaces or hyphens", () => {
      const message = "Please enter a valid postal code (3 to 10 letters, digits, spaces or hyphens)";
      expect(errorsOf(CheckoutFormSchema, { ...goodForm, zipCode: "12" })).toEqual({ zipCode: [message] });
      expect(errorsOf(CheckoutFormSchema, { ...goodForm, zipCode: "12345678901" })).toEqual({ zipCode: [message] });
      expect(errorsOf(CheckoutFormSchema, { ...goodForm, zipCode: "10_100" })).toEqual({ zipCode: [message] });
      expect(dataOf(CheckoutFormSchema, { ...goodForm, zipCode: "M5V 2T6" }).zipCode).toBe("M5V 2T6");
      expect(dataOf(CheckoutFormSchema, { ...goodForm, zipCode: "90210-1234" }).zipCode).toBe("90210-1234");
    });

    it("keeps notes, trimmed, up to 1000 characters", () => {
      expect(dataOf(CheckoutFormSchema, { ...goodForm, notes: "  Leave at the door  " }).notes).toBe(
        "Leave at the door",
      );
      expect(dataOf(CheckoutFormSchema, { ...goodForm, notes: "x".repeat(1000) }).notes).toHaveLength(1000);
      expect(errorsOf(CheckoutFormSchema, { ...goodForm, notes: "x".repeat(1001) })).toEqual({
        notes: ["Notes may not be longer than 1000 characters"],
      });
    });
  });

  describe("country", () => {
    it("defaults to Sri Lanka when absent or empty", () => {
      expect(dataOf(CheckoutFormSchema, goodForm).country).toBe("LK");
      expect(dataOf(CheckoutFormSchema, { ...goodForm, country: "" }).country).toBe("LK");
      expect(dataOf(CheckoutFormSchema, { ...goodForm, country: null }).country).toBe("LK");
    });

    it("takes a code from the list, in any case, or the country's name", () => {
      expect(dataOf(CheckoutFormSchema, { ...goodForm, country: "US" }).country).toBe("US");
      expect(dataOf(CheckoutFormSchema, { ...goodForm, country: "ca" }).country).toBe("CA");
      expect(dataOf(CheckoutFormSchema, { ...goodForm, country: "United Arab Emirates" }).country).toBe("AE");
      expect(dataOf(CheckoutFormSchema, { ...goodForm, country: "sri lanka" }).country).toBe("LK");
    });

    it.each(["FR", "France", "ZZ"])("refuses %j, outside the list", (country) => {
      expect(errorsOf(CheckoutFormSchema, { ...goodForm, country })).toEqual({
        country: ["Please choose a country we deliver to"],
      });
    });

    it("refuses a single character", () => {
      expect(errorsOf(CheckoutFormSchema, { ...goodForm, country: "L" })).toEqual({
        country: ["Country must be at least 2 characters long"],
      });
    });
  });
});

describe("CheckoutPageSchema", () => {
  const recipient = {
    "gift.recipient.firstName": "Amara",
    "gift.recipient.lastName": "Silva",
    "gift.recipient.address": "5 Temple Street",
    "gift.recipient.city": "Kandy",
    "gift.recipient.country": "LK",
  };

  it("ignores the gift's fields unless the box is ticked", () => {
    const data = dataOf(CheckoutPageSchema, {
      ...goodForm,
      "gift.recipient.firstName": "",
      "gift.message": "x".repeat(400),
    });
    expect(data.gift).toBeUndefined();
    expect(data.delivery_date).toBeNull();
  });

  it("reads a ticked gift: the recipient, the card with its newlines, hide prices off when unticked", () => {
    const data = dataOf(CheckoutPageSchema, {
      ...goodForm,
      ...recipient,
      is_gift: "on",
      "gift.message": " Happy birthday\r\n<b>Mum</b> ",
      delivery_date: "2026-12-12",
    });
    expect(data.gift).toMatchObject({
      recipient: { firstName: "Amara", city: "Kandy", country: "LK" },
      message: "Happy birthday\n<b>Mum</b>",
      hide_prices: false,
    });
    expect(data.delivery_date).toBe("2026-12-12");
    expect(
      dataOf(CheckoutPageSchema, { ...goodForm, ...recipient, is_gift: "on", "gift.hide_prices": "on" }).gift,
    ).toMatchObject({ hide_prices: true });
  });

  it("keys its errors by the fields' names, as the API does", () => {
    expect(
      errorsOf(CheckoutPageSchema, {
        ...goodForm,
        ...recipient,
        is_gift: "on",
        "gift.recipient.firstName": "",
        "gift.message": "é".repeat(301),
        delivery_date: "",
      }),
    ).toEqual({
      "gift.recipient.firstName": ["First name is required"],
      "gift.message": ["The card message may not be greater than 300 characters."],
      delivery_date: ["Please choose a delivery date."],
    });
    expect(errorsOf(CheckoutPageSchema, { ...goodForm, delivery_date: "12/12/2026" })).toEqual({
      delivery_date: ["The delivery date must be a date written YYYY-MM-DD, such as 2026-12-12."],
    });
  });
});

describe("OrderApiSchema", () => {
  const goodOrder = {
    items: [{ product_id: 3, quantity: 2, price: 24.99 }],
    customer: goodForm,
    payment_method: "cash_on_delivery",
    subtotal: 49.98,
    shipping: 5.99,
    tax: 9,
    total: 64.97,
  };

  it("takes the spec's payload", () => {
    const order = dataOf(OrderApiSchema, goodOrder);
    expect(order.items).toEqual([{ product_id: 3, variant_id: null, quantity: 2 }]);
    expect(order.customer).toMatchObject({ firstName: "Ann", email: "ann@example.com", country: "LK" });
    expect(order.payment_method).toBe("cash_on_delivery");
    expect(order.shipping_method_id).toBeNull();
    expect(order.coupon_code).toBe("");
  });

  it("accepts the client's prices and totals and drops them: the server computes every figure", () => {
    const order = dataOf(OrderApiSchema, {
      ...goodOrder,
      items: [{ product_id: 3, quantity: 2, price: 0.01, total: 0.02 }],
      subtotal: 0,
      shipping: -5,
      tax: "lots",
      total: 0.01,
      discount: 9999,
    });
    expect(order.items[0]).toEqual({ product_id: 3, variant_id: null, quantity: 2 });
    for (const key of ["subtotal", "shipping", "tax", "total", "discount"]) expect(order).not.toHaveProperty(key);
  });

  it("answers the same order whatever prices the client sends", () => {
    const cheap = dataOf(OrderApiSchema, { ...goodOrder, items: [{ product_id: 3, quantity: 2, price: 0 }], total: 0 });
    const dear = dataOf(OrderApiSchema, {
      ...goodOrder,
      items: [{ product_id: 3, quantity: 2, price: 1000 }],
      total: 2000,
    });
    expect(cheap).toEqual(dear);
  });

  it("takes ids and quantities as numbers or digit strings", () => {
    expect(dataOf(OrderApiSchema, { ...goodOrder, items: [{ product_id: "7", quantity: "3" }] }).items).toEqual([
      { product_id: 7, variant_id: null, quantity: 3 },
    ]);
  });

  it("takes a variant id as a number or digit string, and refuses any other", () => {
    const items = [
      { product_id: 7, variant_id: 41, quantity: 1 },
      { product_id: 7, variant_id: "42", quantity: 1 },
    ];
    expect(dataOf(OrderApiSchema, { ...goodOrder, items }).items.map((item) => item.variant_id)).toEqual([41, 42]);
    expect(
      errorsOf(OrderApiSchema, { ...goodOrder, items: [{ product_id: 7, variant_id: "x", quantity: 1 }] }),
    ).toEqual({ "items.0.variant_id": ["This option is no longer available."] });
  });

  it("refuses an empty cart", () => {
    expect(errorsOf(OrderApiSchema, { ...goodOrder, items: [] })).toEqual({ items: ["Your cart is empty"] });
  });

  it("refuses missing or malformed items with the same message", () => {
    const { items: _items, ...withoutItems } = goodOrder;
    expect(errorsOf(OrderApiSchema, withoutItems)).toEqual({ items: ["Your cart is empty"] });
    expect(errorsOf(OrderApiSchema, { ...goodOrder, items: "3:2" })).toEqual({ items: ["Your cart is empty"] });
  });

  it.each([0, 100, -1, 1.5, "abc", "", null])("refuses the quantity %j", (quantity) => {
    expect(errorsOf(OrderApiSchema, { ...goodOrder, items: [{ product_id: 3, quantity }] })).toEqual({
      "items.0.quantity": ["Quantity must be between 1 and 99."],
    });
  });

  it("accepts the quantities 1 and 99", () => {
    expect(
      dataOf(OrderApiSchema, {
        ...goodOrder,
        items: [
          { product_id: 3, quantity: 1 },
          { product_id: 4, quantity: 99 },
        ],
      }).items,
    ).toEqual([
      { product_id: 3, variant_id: null, quantity: 1 },
      { product_id: 4, variant_id: null, quantity: 99 },
    ]);
  });

  it.each([0, -3, "x", null, undefined, 1.5])("refuses the product id %j", (product_id) => {
    expect(errorsOf(OrderApiSchema, { ...goodOrder, items: [{ product_id, quantity: 1 }] })).toEqual({
      "items.0.product_id": ["Please choose a valid product."],
    });
  });

  it("refuses more than 50 different products", () => {
    const items = Array.from({ length: 51 }, (_, i) => ({ product_id: i + 1, quantity: 1 }));
    expect(errorsOf(OrderApiSchema, { ...goodOrder, items })).toEqual({
      items: ["An order may hold at most 50 different products."],
    });
  });

  it.each(["card", "paypal", "CASH_ON_DELIVERY", "", null, 1])("refuses the payment method %j", (payment_method) => {
    expect(errorsOf(OrderApiSchema, { ...goodOrder, payment_method })).toEqual({
      payment_method: ["Only cash on delivery is accepted"],
    });
  });

  it("takes an order without a payment method as cash on delivery, the only one", () => {
    const { payment_method: _method, ...withoutMethod } = goodOrder;
    expect(errorsOf(OrderApiSchema, withoutMethod)).toEqual({});
  });

  it("checks the customer with the checkout form's rules and messages", () => {
    expect(errorsOf(OrderApiSchema, { ...goodOrder, customer: { ...goodForm, email: "nope", phone: "0" } })).toEqual({
      "customer.email": ["Please enter a valid email address"],
      "customer.phone": ["Please enter a valid phone number"],
    });
    const { customer: _customer, ...withoutCustomer } = goodOrder;
    expect(errorsOf(OrderApiSchema, withoutCustomer)).toEqual({
      "customer.firstName": ["First name is required"],
      "customer.lastName": ["Last name is required"],
      "customer.email": ["Email is required"],
      "customer.address": ["Address is required"],
      "customer.city": ["City is required"],
    });
  });

  it("reads a shipping method id and a coupon code, upper-cased", () => {
    const order = dataOf(OrderApiSchema, { ...goodOrder, shipping_method_id: "2", coupon_code: " welcome10 " });
    expect(order).toMatchObject({ shipping_method_id: 2, coupon_code: "WELCOME10" });
    expect(errorsOf(OrderApiSchema, { ...goodOrder, shipping_method_id: "express" })).toEqual({
      shipping_method_id: ["Please choose a shipping method we offer for your country"],
    });
  });
});

describe("the lookups' schemas", () => {
  it("read money on the wire into cents", () => {
    expect(dataOf(ShippingMethodsSchema, { subtotal: 24.99, country_code: "us", state_code: " ca " })).toEqual({
      subtotal: 2499,
      country_code: "US",
      state_code: "CA",
    });
    expect(dataOf(TaxCalculateSchema, { subtotal: "100" })).toEqual({
      subtotal: 10_000,
      country_code: "LK",
      state_code: "",
    });
    expect(dataOf(TaxRatesQuerySchema, {})).toEqual({ country_code: "LK", state_code: "" });
  });

  it.each([-1, "abc", "", null, 1_000_001])("refuse the subtotal %j", (subtotal) => {
    expect(errorsOf(TaxCalculateSchema, { subtotal })).toEqual({
      subtotal: ["The subtotal must be a number between 0 and 1000000."],
    });
  });

  it("need a shipping method id to calculate shipping", () => {
    expect(dataOf(ShippingCalculateSchema, { subtotal: 10, shipping_method_id: 1 })).toEqual({
      subtotal: 1000,
      shipping_method_id: 1,
    });
    expect(errorsOf(ShippingCalculateSchema, { subtotal: 10 })).toEqual({
      shipping_method_id: ["The shipping method id is required."],
    });
    expect(errorsOf(ShippingCalculateSchema, { subtotal: 10, shipping_method_id: "x" })).toEqual({
      shipping_method_id: ["The selected shipping method is invalid."],
    });
  });

  it("need a coupon code to validate one: 'Please enter a coupon code'", () => {
    expect(dataOf(CouponValidateSchema, { code: " save5 ", subtotal: 30 })).toEqual({ code: "SAVE5", subtotal: 3000 });
    expect(errorsOf(CouponValidateSchema, { code: "", subtotal: 30 })).toEqual({
      code: ["Please enter a coupon code"],
    });
    expect(errorsOf(CouponValidateSchema, { code: "   ", subtotal: 30 })).toEqual({
      code: ["Please enter a coupon code"],
    });
    expect(errorsOf(CouponValidateSchema, { subtotal: 30 })).toEqual({ code: ["Please enter a coupon code"] });
  });

  it("need a coupon id to apply one", () => {
    expect(dataOf(CouponApplyByIdSchema, { coupon_id: "4", subtotal: 70 })).toEqual({ coupon_id: 4, subtotal: 7000 });
    expect(errorsOf(CouponApplyByIdSchema, { subtotal: 70 })).toEqual({ coupon_id: ["The coupon id is required."] });
  });
});

describe("the lookups' country", () => {
  it("is one the shop delivers to, refused in the schema with the checkout form's message", () => {
    for (const schema of [ShippingMethodsSchema, TaxCalculateSchema]) {
      expect(errorsOf(schema, { subtotal: 10, country_code: "fr" })).toEqual({
        country_code: ["Please choose a country we deliver to"],
      });
      expect(dataOf(schema, { subtotal: 10, country_code: "us" }).country_code).toBe("US");
    }
    expect(errorsOf(TaxRatesQuerySchema, { country_code: "ZZ" })).toEqual({
      country_code: ["Please choose a country we deliver to"],
    });
  });
});

describe("IdempotencyKeySchema", () => {
  it("takes 8 to 100 letters, digits, hyphens or underscores (a UUID, as the page makes them), trimmed", () => {
    for (const key of [crypto.randomUUID(), "order_key_123", "x".repeat(100), "  abcdefgh  "]) {
      expect(IdempotencyKeySchema.safeParse(key).success).toBe(true);
    }
    expect(IdempotencyKeySchema.parse("  abcdefgh  ")).toBe("abcdefgh");
  });

  it("refuses anything else with the API's message", () => {
    for (const key of ["short", "has spaces in it", "x".repeat(101), "key/with/slashes", ""]) {
      const result = IdempotencyKeySchema.safeParse(key);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        "The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores.",
      ]);
    }
  });
});
