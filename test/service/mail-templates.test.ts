import { describe, expect, it } from "vitest";
import { siteConfigFromSettings } from "~/lib/site";
import { mailShop, type MailShop } from "~/services/mail/context";
import type { RenderedMail } from "~/services/mail/templates/layout";
import type { MailOrder } from "~/services/mail/templates/order-parts";
import { newOrderMail } from "~/services/mail/templates/new-order";
import { orderPlacedMail } from "~/services/mail/templates/order-placed";
import { orderCancelledMail, orderDeliveredMail, orderShippedMail } from "~/services/mail/templates/order-update";
import { welcomeMail } from "~/services/mail/templates/welcome";
import { lowStockMail } from "~/services/mail/templates/low-stock";
import { cartReminderMail } from "~/services/mail/templates/cart-reminder";
import { occasionReminderMail } from "~/services/mail/templates/occasion-reminder";
import { backInStockMail, stockAlertConfirmationMail } from "~/services/mail/templates/back-in-stock";

const ORIGIN = "https://shop.example";
const HOSTILE = `<script>alert("x")</script> Rose & "Tulip"\r\nBcc: all@evil.example`;

const shop: MailShop = mailShop({
  origin: ORIGIN,
  site: siteConfigFromSettings({
    general: { site_name: "Twistbloom" },
    contact: {
      contact_email: "hello@twistbloom.com",
      contact_phone: "+1 (802) 555-0147",
      contact_address: "118 Maple Street, Burlington, VT",
    },
    currency: { currency_code: "EUR", currency_symbol: "€", currency_position: "right", currency_decimal_places: 2 },
  }),
});

const order = (name = "Sunflower Bouquet", customer = "Ada"): MailOrder => ({
  number: "TB-260101-ABCDE",
  customer_name: `${customer} Lovelace`,
  email: "ada@example.com",
  items: [
    {
      name,
      options: "Size: Grand · Colour: Pink",
      sku: "TB-1-GR-PK",
      quantity: 2,
      unit_cents: 2500,
      total_cents: 5000,
    },
    { name: "Tulip Trio", options: "", sku: "TB-2", quantity: 1, unit_cents: 1999, total_cents: 1999 },
  ],
  subtotal_cents: 6999,
  shipping_cents: 500,
  tax_cents: 630,
  discount_cents: 700,
  total_cents: 7429,
  coupon_code: "SPRING10",
  shipping_method: "Standard Shipping",
  address: {
    firstName: customer,
    lastName: "Lovelace",
    phone: "0771234567",
    address: "12 Garden Road",
    city: "Colombo",
    state: "",
    zipCode: "00300",
    country: "LK",
  },
  notes: null,
  delivery_date: "2026-12-12",
  gift: null,
});

const DELIVERY = "Saturday 12 December 2026";
const CARD = 'Happy birthday, Bea!\n<b>Love</b> & "hugs",\nAda';

/** The order as a gift to Bea: her address is where it goes, the card says CARD. */
const gift = (): MailOrder => ({
  ...order(),
  address: { ...order().address, firstName: "Bea", lastName: "Recipient", address: "7 Lily Lane" },
  gift: { message: CARD, hide_prices: true },
});

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));

/** Every web link absolute on the given origin; the footer's mailto: and tel: links are the only others. */
function expectLinksAbsolute(mail: RenderedMail) {
  const links = hrefs(mail.html);
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) {
    if (/^(mailto|tel):/.test(link)) continue;
    expect(link.startsWith(`${ORIGIN}/`), link).toBe(true);
  }
  for (const link of mail.text.match(/https?:\/\/\S+/g) ?? []) expect(link.startsWith(`${ORIGIN}/`), link).toBe(true);
}

function expectShopLook(mail: RenderedMail) {
  expect(mail.html.startsWith("<!DOCTYPE html>")).toBe(true);
  expect(mail.html).toContain("max-width:600px");
  for (const detail of [
    "Twistbloom",
    "hello@twistbloom.com",
    "+1 (802) 555-0147",
    "118 Maple Street, Burlington, VT",
  ]) {
    expect(mail.html).toContain(detail);
    expect(mail.text).toContain(detail);
  }
}

/** The text part is written for people: no markup, short lines of words. */
function expectReadableText(mail: RenderedMail) {
  expect(mail.text).not.toMatch(/<\/?(table|td|tr|p|div|a|strong|html)\b/i);
  expect(mail.text.length).toBeGreaterThan(100);
}

function expectOneLineSubject(mail: RenderedMail) {
  expect(mail.subject).not.toMatch(/[\r\n]/);
  expect(mail.subject.length).toBeGreaterThan(0);
}

describe("order placed (the customer)", () => {
  const link = `${ORIGIN}/order-confirmation/TB-260101-ABCDE?sig=abc-_123`;
  const mail = orderPlacedMail({ shop, order: order(), link, guest: true });

  it("names the order in the subject and links to the signed confirmation", () => {
    expect(mail.subject).toBe("Your Twistbloom order TB-260101-ABCDE");
    expect(hrefs(mail.html)).toContain(link);
    expect(mail.text).toContain(`View your order confirmation: ${link}`);
    expectLinksAbsolute(mail);
    expectShopLook(mail);
  });

  it("lists the items, quantities, prices and every total in the shop's currency", () => {
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("Sunflower Bouquet");
      expect(part).toContain("Tulip Trio");
      expect(part).toContain("Size: Grand · Colour: Pink · SKU: TB-1-GR-PK");
      expect(part).toContain("SKU: TB-2");
      expect(part).toContain("25.00€");
      expect(part).toContain("50.00€");
      expect(part).toContain("69.99€");
      expect(part).toContain("5.00€");
      expect(part).toContain("6.30€");
      expect(part).toContain("-7.00€");
      expect(part).toContain("74.29€");
      expect(part).toContain("SPRING10");
      expect(part).toContain("Standard Shipping");
      expect(part).toContain("Cash on delivery: pay when it arrives.");
      expect(part).toContain("12 Garden Road");
      expect(part).toContain("Sri Lanka");
    }
    expect(mail.text).toContain(
      "- Sunflower Bouquet (Size: Grand · Colour: Pink · SKU: TB-1-GR-PK) × 2 at 25.00€: 50.00€",
    );
    expect(mail.text).toContain("- Tulip Trio (SKU: TB-2) × 1 at 19.99€: 19.99€");
    expect(mail.text).toContain("Total: 74.29€");
    expectReadableText(mail);
  });

  it("escapes a hostile product or customer name", () => {
    const hostile = orderPlacedMail({ shop, order: order(HOSTILE, HOSTILE), link, guest: true });
    expect(hostile.html).not.toContain("<script>");
    expect(hostile.html).toContain("&lt;script&gt;");
    expectOneLineSubject(hostile);
    expectLinksAbsolute(hostile);
  });

  it("says the day it is delivered", () => {
    expect(mail.text).toContain(`Delivery: ${DELIVERY}`);
    expect(mail.html).toContain(`Delivery: ${DELIVERY}`);
    const undated = orderPlacedMail({ shop, order: { ...order(), delivery_date: null }, link, guest: true });
    expect(undated.text).not.toContain("Delivery:");
  });

  it("a gift: greets the buyer, names the recipient, where it goes and the card as text with its newlines", () => {
    const mail = orderPlacedMail({ shop, order: gift(), link, guest: true });
    expect(mail.text).toContain("Hello Ada Lovelace,");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("A gift for Bea Recipient");
      expect(part).toContain("Shipping to the recipient");
      expect(part).toContain("7 Lily Lane");
    }
    expect(mail.text).toContain(`Card message:\n${CARD}`);
    expect(mail.html).not.toContain("<b>Love</b>");
    expect(mail.html).toMatch(
      /white-space:pre-line[^>]*>Happy birthday, Bea!\n&lt;b&gt;Love&lt;\/b&gt; &amp; &quot;hugs&quot;,\nAda</,
    );
    expect(orderPlacedMail({ shop, order: order(), link, guest: true }).text).not.toContain("A gift for");
  });

  it("links a signed-in customer to the order's page", () => {
    const signedIn = orderPlacedMail({ shop, order: order(), link: `${ORIGIN}/orders/42`, guest: false });
    expect(hrefs(signedIn.html)).toContain(`${ORIGIN}/orders/42`);
    expect(signedIn.text).toContain(`View your order: ${ORIGIN}/orders/42`);
  });
});

describe("new order (the shop)", () => {
  const mail = newOrderMail({ shop, order: order(), orderId: 42, guest: true });

  it("leads with the delivery date: the subject, the first line and the heading", () => {
    expect(mail.subject).toBe(`New order TB-260101-ABCDE for ${DELIVERY}: 74.29€`);
    expect(mail.text.split("\n")[0]).toBe(`Deliver on ${DELIVERY}`);
    expect(mail.html).toMatch(new RegExp(`<h1[^>]*>Deliver on ${DELIVERY}</h1>`));
    expect(mail.text).not.toContain("A gift for");
  });

  it("a gift: the recipient, where it goes and the card", () => {
    const mail = newOrderMail({ shop, order: gift(), orderId: 42, guest: false });
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("A gift for Bea Recipient");
      expect(part).toContain("Shipping to the recipient");
      expect(part).toContain("7 Lily Lane");
    }
    expect(mail.text).toContain(CARD);
    expect(mail.html).not.toContain("<b>Love</b>");
  });

  it("names the order, the customer and the total, and links to the back office", () => {
    const undated = newOrderMail({ shop, order: { ...order(), delivery_date: null }, orderId: 42, guest: true });
    expect(undated.subject).toBe("New order TB-260101-ABCDE from Ada Lovelace: 74.29€");
    expect(hrefs(mail.html)).toContain(`${ORIGIN}/admin/orders/42`);
    expect(mail.text).toContain(`${ORIGIN}/admin/orders/42`);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("ada@example.com");
      expect(part).toContain("Sunflower Bouquet");
      expect(part).toContain("74.29€");
    }
    expectLinksAbsolute(mail);
    expectShopLook(mail);
    expectReadableText(mail);
  });

  it("keeps a hostile customer name out of the markup and the subject on one line", () => {
    // Undated: the subject names the customer.
    const hostile = newOrderMail({
      shop,
      order: { ...order(HOSTILE, HOSTILE), delivery_date: null },
      orderId: 42,
      guest: false,
    });
    expect(hostile.html).not.toContain("<script>");
    expect(hostile.html).toContain("&lt;script&gt;");
    expectOneLineSubject(hostile);
    expect(hostile.subject).toContain("Bcc: all@evil.example");
  });
});

describe("shipped, delivered, cancelled (the customer)", () => {
  const data = (name = "Ada", payment = "pending", recipient: string | null = null) => ({
    shop,
    link: `${ORIGIN}/orders/42`,
    order: {
      number: "TB-260101-ABCDE",
      customer_name: name,
      total_cents: 7429,
      payment_status: payment,
      delivery_date: "2026-12-12",
      recipient,
    },
  });
  const cases = [
    ["shipped", orderShippedMail, "Your Twistbloom order TB-260101-ABCDE is on its way"],
    ["delivered", orderDeliveredMail, "Your Twistbloom order TB-260101-ABCDE was delivered"],
    ["cancelled", orderCancelledMail, "Your Twistbloom order TB-260101-ABCDE was cancelled"],
  ] as const;

  for (const [status, render, subject] of cases) {
    it(`${status}: subject, text, link, the shop's look, a hostile name escaped`, () => {
      const mail = render(data());
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain("Hello Ada,");
      expect(mail.text).toContain(`View your order: ${ORIGIN}/orders/42`);
      expect(hrefs(mail.html)).toContain(`${ORIGIN}/orders/42`);
      expectLinksAbsolute(mail);
      expectShopLook(mail);
      expectReadableText(mail);
      const hostile = render(data(HOSTILE));
      expect(hostile.html).not.toContain("<script>");
      expectOneLineSubject(hostile);
    });
  }

  it("shipped and delivered say the delivery date; a gift's name its recipient", () => {
    for (const render of [orderShippedMail, orderDeliveredMail]) {
      expect(render(data()).text).toContain(`Delivery: ${DELIVERY}`);
      expect(render(data()).html).toContain(`Delivery: ${DELIVERY}`);
    }
    expect(orderShippedMail(data("Ada", "pending", "Bea Recipient")).text).toContain("is on its way to Bea Recipient.");
    expect(orderDeliveredMail(data("Ada", "pending", "Bea Recipient")).text).toContain(
      "was delivered to Bea Recipient.",
    );
    expect(orderDeliveredMail(data()).text).not.toContain("delivered to");
  });

  it("shipped tells what to pay on delivery, or that it is paid", () => {
    expect(orderShippedMail(data()).text).toContain("Cash on delivery: pay when it arrives. Please have 74.29€ ready.");
    expect(orderShippedMail(data("Ada", "paid")).text).toContain("It is already paid");
  });
});

describe("welcome", () => {
  it("greets the new account and links to the shop", () => {
    const mail = welcomeMail({ shop, name: "Ada Lovelace" });
    expect(mail.subject).toBe("Welcome to Twistbloom");
    expect(mail.text).toContain("Hello Ada Lovelace,");
    expect(hrefs(mail.html)).toContain(`${ORIGIN}/products`);
    expectLinksAbsolute(mail);
    expectShopLook(mail);
    expectReadableText(mail);
    const hostile = welcomeMail({ shop, name: HOSTILE });
    expect(hostile.html).not.toContain("<script>");
    expect(hostile.html).toContain("&lt;script&gt;");
    expectOneLineSubject(hostile);
  });
});

describe("low stock (the shop)", () => {
  const items = [
    { productId: 7, product: HOSTILE, options: "Size: Grand", sku: "TB-7-GR", stock: 0 },
    { productId: 8, product: "Tulip Trio", options: "", sku: "TB-8", stock: 4 },
  ];
  it("lists each item with what is left, links each to the back office, and says how many more", () => {
    const mail = lowStockMail({ shop, threshold: 5, items, total: 3 });
    expect(mail.subject).toBe("Low stock: 3 items at or under 5 in stock");
    expect(mail.text).toContain("- Tulip Trio, SKU TB-8: 4 left");
    expect(mail.text).toContain("SKU TB-7-GR: none left");
    expect(mail.text).toContain("...and 1 more.");
    expect(hrefs(mail.html)).toEqual(
      expect.arrayContaining([`${ORIGIN}/admin/products/7`, `${ORIGIN}/admin/products?low_stock=1`]),
    );
    expect(mail.html).not.toContain("<script>");
    expectLinksAbsolute(mail);
    expectShopLook(mail);
    expectReadableText(mail);
  });
});

describe("the left-cart reminder", () => {
  it("lists the lines at today's prices, with the link back to the cart and the way out", () => {
    const restore = `${ORIGIN}/cart/restore?token=1.2.abc`;
    const unsubscribe = `${ORIGIN}/mail/unsubscribe?token=cart_reminder.x.y`;
    const mail = cartReminderMail({
      shop,
      name: "Ada Lovelace",
      lines: [
        { name: HOSTILE, options: "Size: Grand", quantity: 2, unitCents: 2500, totalCents: 5000 },
        { name: "Tulip Trio", options: "", quantity: 1, unitCents: 1200, totalCents: 1200 },
      ],
      restoreLink: restore,
      unsubscribeLink: unsubscribe,
    });
    expect(mail.subject).toBe("You left something in your cart");
    expect(mail.text).toContain("Hello Ada Lovelace,");
    expect(mail.text).toContain("- Tulip Trio × 1 at 12.00€: 12.00€");
    expect(mail.text).toContain(`Return to your cart: ${restore}`);
    expect(mail.text).toContain(unsubscribe);
    expect(hrefs(mail.html)).toEqual(expect.arrayContaining([restore, unsubscribe]));
    expect(mail.html).toContain("Return to your cart");
    expect(mail.html).not.toContain("<script>");
    expectLinksAbsolute(mail);
    expectShopLook(mail);
    expectReadableText(mail);
  });
});

describe("occasion reminder (a return mail)", () => {
  const removeLink = `${ORIGIN}/occasions/remove?token=12.abc`;
  const unsubscribeLink = `${ORIGIN}/mail/unsubscribe?token=occasion_reminder.abc.def`;
  it("names the occasion and its day, links to shop, to remove it for good and to unsubscribe", () => {
    const mail = occasionReminderMail({
      shop,
      name: "Ada Lovelace",
      occasion: { name: "Mum's birthday", date: "Sunday 14 February 2027" },
      shopPath: "/products?category=mothers-day",
      removeLink,
      unsubscribeLink,
    });
    expect(mail.subject).toBe("Mum's birthday is on Sunday 14 February 2027");
    expect(mail.text).toContain("Hello Ada Lovelace,");
    expect(mail.text).toContain(`Shop bouquets: ${ORIGIN}/products?category=mothers-day`);
    expect(mail.text).toContain(`Remove this reminder for good: ${removeLink}`);
    expect(mail.text).toContain(unsubscribeLink);
    expect(hrefs(mail.html)).toEqual(
      expect.arrayContaining([`${ORIGIN}/products?category=mothers-day`, removeLink, unsubscribeLink]),
    );
    expectLinksAbsolute(mail);
    expectShopLook(mail);
    expectReadableText(mail);
    const hostile = occasionReminderMail({
      shop,
      name: HOSTILE,
      occasion: { name: HOSTILE, date: "Sunday 14 February 2027" },
      shopPath: "/products",
      removeLink,
      unsubscribeLink,
    });
    expect(hostile.html).not.toContain("<script>");
    expectOneLineSubject(hostile);
  });
});

describe("back in stock (a shopper who asked)", () => {
  const item = { name: "Peony Cloud (Colour: Blush)", link: `${ORIGIN}/product/peony-cloud?variant=7` };
  const unsubscribeLink = `${ORIGIN}/mail/unsubscribe?token=back_in_stock.abc.def`;
  it("asks to confirm the request with its link, names the item and offers the way out", () => {
    const confirmLink = `${ORIGIN}/back-in-stock/confirm?token=abc`;
    const mail = stockAlertConfirmationMail({ shop, item, confirmLink, unsubscribeLink, validHours: 48 });
    expect(mail.subject).toBe("Confirm: email me when Peony Cloud (Colour: Blush) is back");
    expect(mail.text).toContain(confirmLink);
    expect(mail.text).toContain(unsubscribeLink);
    expect(hrefs(mail.html)).toEqual(expect.arrayContaining([confirmLink, item.link, unsubscribeLink]));
    expectLinksAbsolute(mail);
    expectShopLook(mail);
    expectReadableText(mail);
  });

  it("says the item is back with a link to its page (the variant chosen) and the way out; escapes a name", () => {
    const mail = backInStockMail({ shop, item, unsubscribeLink });
    expect(mail.subject).toBe("Peony Cloud (Colour: Blush) is back");
    expect(mail.text).toContain(item.link);
    expect(mail.text).toContain(unsubscribeLink);
    expect(hrefs(mail.html)).toEqual(expect.arrayContaining([item.link, unsubscribeLink]));
    expectLinksAbsolute(mail);
    expectShopLook(mail);
    expectReadableText(mail);
    const hostile = backInStockMail({ shop, item: { ...item, name: HOSTILE }, unsubscribeLink });
    expect(hostile.html).not.toContain("<script>");
    expectOneLineSubject(hostile);
  });
});
