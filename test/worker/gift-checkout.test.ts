import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { shopper, WITHOUT_OPTIONS } from "../fixtures/checkout";
import { TAGS } from "../../app/lib/cache-tags";
import { CookieJar, errorsUnder, field, markChanged, postForm as sendForm, visibleText, visit } from "./helpers";
import { apiClient, Pool } from "./fixtures";

// Gifts and delivery dates (gifting.md sections 3 and 4) as clients and shoppers meet them:
// POST /api/orders with a gift and a date, every refused date's sentence, GET /api/delivery/dates,
// and the checkout page without JavaScript (the gift, the card, the date, a saved recipient, the
// profile's Remove). Every date is computed from the rules and today, through the dates API.

const ORDER_NUMBER = /TB-\d{6}-[A-HJ-NP-Z2-9]{5}/;
const CARD_TOO_LONG = "The card message may not be greater than 300 characters.";
const CHOOSE_DATE = "Please choose a delivery date.";

let counter = 0;
const tag = () => `${++counter}-${crypto.randomUUID().slice(0, 8)}`;
const newIp = () => `198.51.100.${(counter % 250) + 1}-${tag()}`;
const { call, post } = apiClient(newIp);

/** A form post from a client of its own (a guest's orders are limited per client). */
const postForm = (jar: CookieJar, path: string, fields: Record<string, string>) =>
  sendForm(jar, path, fields, { "CF-Connecting-IP": `2001:db8:91f::${(++counter).toString(16)}` });

// ---------------------------------------------------------------- dates, as the contract writes them

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const weekday = (date: string) => WEEKDAYS[utc(date).getUTCDay()]!;
/** "Friday 12 December 2026". */
const written = (date: string) => {
  const day = utc(date);
  return `${weekday(date)} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
};
const plusDays = (date: string, days: number) =>
  new Date(utc(date).getTime() + days * 86_400_000).toISOString().slice(0, 10);

interface Day {
  date: string;
  status: "available" | "full" | "closed" | "too_soon" | "too_late";
  remaining: number | null;
}

/** GET /api/delivery/dates as a client reads it (the whole window when no range is given). */
async function deliveryDates(query = ""): Promise<Day[]> {
  const result = await call("GET", `/api/delivery/dates${query}`);
  expect(result.status).toBe(200);
  return result.body.data as Day[];
}

const available = (days: Day[]) => days.filter((day) => day.status === "available").map((day) => day.date);

const setSetting = async (key: string, value: string) => {
  await env.DB.prepare("UPDATE settings SET value = ? WHERE key = ?").bind(value, key).run();
  await markChanged(TAGS.settings);
};

// ---------------------------------------------------------------- orders

interface ProductRow {
  id: number;
  name: string;
  unit_price_cents: number;
}
const pool = new Pool<ProductRow>();
let shared: ProductRow;

beforeAll(async () => {
  const { results } = await env.DB.prepare(
    `SELECT id, name, unit_price_cents FROM products WHERE is_active = 1 AND stock >= 20 AND ${WITHOUT_OPTIONS} ORDER BY id`,
  ).all<ProductRow>();
  pool.fill(results.slice(0, 4));
  shared = pool.take();
  await env.DB.prepare("UPDATE products SET stock = 500 WHERE id = ?").bind(shared.id).run();
});

const RECIPIENT = {
  firstName: "Amara",
  lastName: "Silva",
  phone: "+94 77 111 2222",
  address: "5 Temple Street",
  city: "Kandy",
  state: "",
  zipCode: "20000",
  country: "LK",
};

const orderBody = (overrides: Record<string, unknown> = {}) => ({
  items: [{ product_id: shared.id, quantity: 1 }],
  customer: shopper(),
  payment_method: "cash_on_delivery",
  ...overrides,
});

const placeOrder = (body: unknown, token?: string) => post("/api/orders", body, token ? { token } : {});

async function registerToken() {
  const email = `gift-${tag()}@example.com`;
  const result = await post(
    "/api/auth/register",
    { name: "Lily Stem", email, password: "Secret123", password_confirmation: "Secret123" },
    { ip: newIp() },
  );
  expect(result.status).toBe(201);
  return result.body.data.token as string;
}

/** A 422 refusing the date with this sentence, in `errors.delivery_date` and `message`. */
async function expectRefusedDate(deliveryDate: unknown, sentence: string) {
  const result = await placeOrder(orderBody({ delivery_date: deliveryDate }));
  expect(result.status, String(deliveryDate)).toBe(422);
  expect(result.body.errors.delivery_date).toEqual([sentence]);
  expect(result.body.message).toBe(sentence);
}

describe("GET /api/delivery/dates", () => {
  it("answers each day of the window from today with its status and what it can still take", async () => {
    const days = await deliveryDates();
    expect(days.length).toBeGreaterThan(14);
    for (const day of days) {
      expect(Object.keys(day).sort()).toEqual(["date", "remaining", "status"]);
      expect(day.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(["available", "full", "closed", "too_soon", "too_late"]).toContain(day.status);
      if (day.status !== "available") expect(day.remaining).toBe(0);
    }
    // Consecutive days, the first (today) too soon, Sundays closed, the others available up to their cap.
    expect(days.every((day, i) => i === 0 || day.date === plusDays(days[i - 1]!.date, 1))).toBe(true);
    expect(days[0]!.status).toBe("too_soon");
    const open = days.filter((day) => day.status !== "too_soon");
    for (const day of open) expect(day.status).toBe(weekday(day.date) === "Sunday" ? "closed" : "available");
    expect(open.find((day) => day.status === "available")!.remaining).toBeGreaterThan(0);
  });

  it("answers a range and says too_late past the horizon", async () => {
    const days = await deliveryDates();
    const last = days.at(-1)!.date;
    const range = await deliveryDates(`?from=${plusDays(last, -2)}&to=${plusDays(last, 3)}`);
    expect(range.map((day) => day.date)).toEqual([0, 1, 2, 3, 4, 5].map((n) => plusDays(last, n - 2)));
    expect(range.slice(3).map((day) => day.status)).toEqual(["too_late", "too_late", "too_late"]);
  });

  it("refuses a range longer than 92 days and a date in another format with 422", async () => {
    const [today] = await deliveryDates();
    const long = await call("GET", `/api/delivery/dates?from=${today!.date}&to=${plusDays(today!.date, 92)}`);
    expect(long.status).toBe(422);
    expect(long.body.errors.to).toEqual(["Please ask for at most 92 days."]);
    expect((await call("GET", `/api/delivery/dates?from=${today!.date}&to=${plusDays(today!.date, 91)}`)).status).toBe(
      200,
    );
    for (const bad of ["12/12/2026", "2026-02-30", "tomorrow"]) {
      const result = await call("GET", `/api/delivery/dates?from=${encodeURIComponent(bad)}`);
      expect(result.status, bad).toBe(422);
      expect(result.body.errors.from[0]).toContain("YYYY-MM-DD");
    }
  });
});

describe("POST /api/orders with a gift", () => {
  it("sends the parcel to the recipient, bills the buyer, and shows the gift in both answers", async () => {
    const token = await registerToken();
    const buyer = shopper({ firstName: "Nimal", city: "Colombo" });
    const date = available(await deliveryDates())[1]!;
    const message = "Happy birthday, Mum\nWith love <b>always</b>";
    const result = await placeOrder(
      orderBody({ customer: buyer, gift: { recipient: RECIPIENT, message, hide_prices: false }, delivery_date: date }),
      token,
    );
    expect(result.status).toBe(201);
    const order = result.body.data;
    expect(order.order_number).toMatch(ORDER_NUMBER);
    expect(JSON.parse(order.shipping_address)).toMatchObject({ ...RECIPIENT, email: "" });
    expect(JSON.parse(order.billing_address)).toMatchObject({ firstName: "Nimal", email: buyer.email });
    expect(order.gift).toEqual({ recipient: RECIPIENT, message, hide_prices: false });
    expect(order.delivery_date).toBe(date);

    const mine = await call("GET", `/api/v1/orders/${order.id}`, { token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.gift).toEqual({ recipient: RECIPIENT, message, hide_prices: false });
    expect(mine.body.data.delivery_date).toBe(date);
  });

  it("hides the prices unless told, and an order without gift is not one", async () => {
    const gift = await placeOrder(orderBody({ gift: { recipient: RECIPIENT } }));
    expect(gift.status).toBe(201);
    expect(gift.body.data.gift).toMatchObject({ message: null, hide_prices: true });
    const plain = await placeOrder(orderBody());
    expect(plain.status).toBe(201);
    expect(plain.body.data.gift).toBeNull();
    expect(plain.body.data.shipping_address).toBe(plain.body.data.billing_address);
  });

  it("charges tax where the parcel goes: the recipient's country, not the buyer's", async () => {
    const recipient = { ...RECIPIENT, city: "London", zipCode: "SW1A 1AA", country: "GB" };
    const result = await placeOrder(orderBody({ gift: { recipient } }));
    expect(result.status).toBe(201);
    expect(result.body.data.tax).toBe(Math.round(shared.unit_price_cents * 0.2) / 100);
    expect(JSON.parse(result.body.data.shipping_address).country).toBe("GB");
    expect(JSON.parse(result.body.data.billing_address).country).toBe("LK");
  });

  it("refuses the recipient's fields and a long card field by field", async () => {
    const result = await placeOrder(
      orderBody({
        gift: { recipient: { ...RECIPIENT, firstName: "", address: "" }, message: "x".repeat(301) },
      }),
    );
    expect(result.status).toBe(422);
    expect(result.body.errors["gift.recipient.firstName"]).toEqual(["First name is required"]);
    expect(result.body.errors["gift.recipient.address"]?.[0]).toContain("Address is required");
    expect(result.body.errors["gift.message"]).toEqual([CARD_TOO_LONG]);
    const exactly = await placeOrder(orderBody({ gift: { recipient: RECIPIENT, message: "é".repeat(300) } }));
    expect(exactly.status).toBe(201);
  });
});

describe("POST /api/orders with a delivery date", () => {
  it("gives an order without a date the earliest available one, shown in the answer", async () => {
    const earliest = available(await deliveryDates())[0]!;
    const result = await placeOrder(orderBody());
    expect(result.status).toBe(201);
    expect(result.body.data.delivery_date).toBe(earliest);
    const asNull = await placeOrder(orderBody({ delivery_date: null }));
    expect(asNull.body.data.delivery_date).toBe(earliest);
  });

  it("refuses an empty date, one too soon, a closed weekday and one past the horizon with the contract's sentences", async () => {
    const days = await deliveryDates();
    const earliest = available(days)[0]!;
    const latest = days.at(-1)!.date;
    await expectRefusedDate("", CHOOSE_DATE);
    await expectRefusedDate(
      days[0]!.date,
      `We cannot deliver that soon. The earliest date is ${written(days.find((d) => d.status !== "too_soon")!.date)}.`,
    );
    const sunday = days.find((day) => day.status === "closed" && weekday(day.date) === "Sunday")!.date;
    await expectRefusedDate(sunday, "We do not deliver on Sundays.");
    await expectRefusedDate(plusDays(latest, 1), `We take orders up to ${written(latest)}.`);
    // The earliest available is taken.
    expect((await placeOrder(orderBody({ delivery_date: earliest }))).status).toBe(201);
  });

  it("refuses a date the shop closed, and a day fully booked", async () => {
    const [closedDay, fullDay] = available(await deliveryDates()).slice(2);
    await setSetting("delivery_closed_dates", JSON.stringify([closedDay]));
    await setSetting("delivery_max_per_day", "1");
    try {
      await expectRefusedDate(closedDay, `We are closed on ${written(closedDay!)}.`);
      expect((await deliveryDates(`?from=${closedDay}&to=${closedDay}`))[0]!.status).toBe("closed");
      // The checkout lists the day while it has room (and keeps the list in the cache).
      const jar = new CookieJar();
      await cartWith(jar);
      const booked = (await deliveryDates(`?from=${fullDay}&to=${fullDay}`))[0]!;
      const pick = `name="delivery_pick" value="${fullDay}"`;
      expect(await checkoutPage(jar)).toContain(booked.status === "available" ? pick : "Fully booked");
      // The day's one slot: the first order takes it, the next is refused, and the list says so.
      if (booked.status === "available")
        expect((await placeOrder(orderBody({ delivery_date: fullDay }))).status).toBe(201);
      const page = await checkoutPage(jar);
      expect(page).not.toContain(pick);
      expect(visibleText(page)).toContain("Fully booked");
      await expectRefusedDate(fullDay, `We are fully booked on ${written(fullDay!)}. Please choose another day.`);
      expect((await deliveryDates(`?from=${fullDay}&to=${fullDay}`))[0]).toEqual({
        date: fullDay,
        status: "full",
        remaining: 0,
      });
    } finally {
      await setSetting("delivery_closed_dates", "[]");
      await setSetting("delivery_max_per_day", "40");
    }
  });

  it("refuses a date in another format with 422, never a 5xx", async () => {
    for (const bad of ["12/12/2026", "2026-13-01", 20261212, { date: "2026-12-12" }]) {
      const result = await placeOrder(orderBody({ delivery_date: bad }));
      expect(result.status, JSON.stringify(bad)).toBe(422);
      expect(result.body.errors.delivery_date).toEqual([
        "The delivery date must be a date written YYYY-MM-DD, such as 2026-12-12.",
      ]);
    }
  });
});

// ---------------------------------------------------------------- the page, without JavaScript

async function cartWith(jar: CookieJar) {
  const response = await postForm(jar, "/cart", {
    intent: "add",
    product_id: String(shared.id),
    quantity: "1",
    redirectTo: "/checkout",
  });
  expect(response.status).toBe(302);
  await visit(jar, "/cart");
}

async function checkoutPage(jar: CookieJar) {
  const response = await visit(jar, "/checkout");
  expect(response.status).toBe(200);
  return response.text();
}

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
const valueOf = (html: string, name: string) => attribute(field(html, name), "value") ?? "";
const textareaOf = (html: string, name: string) =>
  visibleText(new RegExp(`<textarea[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html)?.[1] ?? "");

/** The whole form as the browser sends it: the buyer, the gift's fields, the date. */
function giftForm(html: string, overrides: Record<string, string> = {}) {
  return {
    ...shopper(),
    idempotency_key: valueOf(html, "idempotency_key"),
    applied_coupon: "",
    coupon_input: "",
    is_gift: "on",
    ...Object.fromEntries(Object.entries(RECIPIENT).map(([key, value]) => [`gift.recipient.${key}`, value])),
    "gift.message": "Happy birthday, Mum <3",
    "gift.hide_prices": "on",
    delivery_date: valueOf(html, "delivery_date"),
    intent: "place_order",
    ...overrides,
  };
}

const orderByNumber = (number: string) =>
  env.DB.prepare(
    "SELECT is_gift, gift_message, gift_hide_prices, delivery_date, shipping_address, billing_address FROM orders WHERE order_number = ?",
  )
    .bind(number)
    .first<{
      is_gift: number;
      gift_message: string | null;
      gift_hide_prices: number;
      delivery_date: string;
      shipping_address: string;
      billing_address: string;
    }>();

/** A guest's order placed from the checkout page (302 to its confirmation): the order as stored. */
async function placedFromPage(overrides: Record<string, string>) {
  const jar = new CookieJar();
  await cartWith(jar);
  const response = await postForm(jar, "/checkout", giftForm(await checkoutPage(jar), overrides));
  expect(response.status).toBe(302);
  return (await orderByNumber(ORDER_NUMBER.exec(response.headers.get("Location") ?? "")![0]))!;
}

describe("the checkout page without JavaScript", () => {
  it("offers the gift's fields, the date prefilled with the earliest available and the next days listed", async () => {
    const days = await deliveryDates();
    const jar = new CookieJar();
    await cartWith(jar);
    const html = await checkoutPage(jar);
    const text = visibleText(html);
    expect(text).toContain("This is a gift");
    expect(text).toContain("Hide prices on the packing slip");
    for (const key of Object.keys(RECIPIENT))
      field(html, `gift.recipient.${key}`, key === "country" ? "select" : "input");
    expect(field(html, "gift.hide_prices")).toContain("checked");
    field(html, "gift.message", "textarea");
    const input = field(html, "delivery_date");
    expect(attribute(input, "type")).toBe("date");
    expect(attribute(input, "value")).toBe(available(days)[0]);
    expect(attribute(input, "min")).toBe(days.find((day) => day.status !== "too_soon")!.date);
    expect(attribute(input, "max")).toBe(days.at(-1)!.date);
    const picks = [...html.matchAll(/<button[^>]*name="delivery_pick"[^>]*value="([^"]+)"/g)].map((m) => m[1]);
    expect(picks.length).toBeGreaterThan(0);
    expect(picks.every((date) => available(days).includes(date!))).toBe(true);
    if (days.slice(0, 16).some((day) => day.status === "closed")) expect(text).toContain("Closed");
  });

  it("places a gift with a card and a date; HTML in the card is kept as text", async () => {
    const date = available(await deliveryDates())[2]!;
    const row = await placedFromPage({
      delivery_date: date,
      "gift.message": "<i>Happy</i> birthday\r\nMum",
      "gift.hide_prices": "",
    });
    expect(row).toMatchObject({ is_gift: 1, gift_message: "<i>Happy</i> birthday\nMum", delivery_date: date });
    expect(row.gift_hide_prices).toBe(0);
    expect(JSON.parse(row.shipping_address)).toMatchObject({ firstName: "Amara", city: "Kandy" });
    expect(JSON.parse(row.billing_address)).toMatchObject({ firstName: "Rosa" });
  });

  it("quotes shipping and tax for the recipient's country when the box is ticked", async () => {
    const jar = new CookieJar();
    await cartWith(jar);
    const html = await checkoutPage(jar);
    const { intent: _intent, ...form } = giftForm(html, {
      "gift.recipient.country": "GB",
      "gift.recipient.zipCode": "SW1A 1AA",
    });
    const gift = visibleText(await (await postForm(jar, "/checkout", { ...form, intent: "update" })).text());
    expect(gift).toContain("VAT (20%)");
    expect(gift).toContain("Your details (the buyer)");
    const { is_gift: _gift, ...plain } = form;
    const notGift = visibleText(await (await postForm(jar, "/checkout", { ...plain, intent: "update" })).text());
    expect(notGift).toContain("VAT (18%)");
    expect(notGift).not.toContain("VAT (20%)");
  });

  it("ignores the gift's fields unless the box is ticked", async () => {
    const row = await placedFromPage({ is_gift: "", "gift.recipient.firstName": "", "gift.message": "x".repeat(400) });
    expect(row.is_gift).toBe(0);
    expect(row.shipping_address).toBe(row.billing_address);
  });

  it("shows a refused date under the field and in a toast, every value kept", async () => {
    const days = await deliveryDates();
    const sunday = days.find((day) => day.status === "closed" && weekday(day.date) === "Sunday")!.date;
    const jar = new CookieJar();
    await cartWith(jar);
    const form = giftForm(await checkoutPage(jar), { delivery_date: sunday, "gift.message": "See you <soon>" });
    const response = await postForm(jar, "/checkout", form);
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(errorsUnder(html, "delivery_date")).toBe("We do not deliver on Sundays.");
    expect(visibleText(html).split("We do not deliver on Sundays.").length).toBeGreaterThan(2);
    expect(valueOf(html, "delivery_date")).toBe(sunday);
    expect(valueOf(html, "gift.recipient.firstName")).toBe("Amara");
    expect(valueOf(html, "email")).toBe(form.email);
    expect(textareaOf(html, "gift.message")).toBe("See you <soon>");
    expect(field(html, "is_gift")).toContain("checked");

    const empty = await postForm(jar, "/checkout", { ...form, delivery_date: "" });
    expect(empty.status).toBe(422);
    expect(errorsUnder(await empty.text(), "delivery_date")).toBe(CHOOSE_DATE);
  });

  it("refuses a card over 300 characters under its field and in a toast, values kept", async () => {
    const jar = new CookieJar();
    await cartWith(jar);
    const long = "Many happy returns! ".repeat(16);
    const response = await postForm(jar, "/checkout", giftForm(await checkoutPage(jar), { "gift.message": long }));
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(errorsUnder(html, "gift.message")).toBe(CARD_TOO_LONG);
    expect(visibleText(html).split(CARD_TOO_LONG).length).toBeGreaterThan(2);
    expect(textareaOf(html, "gift.message")).toBe(long.trim());
  });

  it("refuses a recipient without a name under the recipient's field", async () => {
    const jar = new CookieJar();
    await cartWith(jar);
    const response = await postForm(
      jar,
      "/checkout",
      giftForm(await checkoutPage(jar), { "gift.recipient.firstName": "" }),
    );
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(errorsUnder(html, "gift.recipient.firstName")).toBe("First name is required");
    expect(visibleText(html)).toContain("Please fix the errors in the form");
  });

  it("sets the date from a day's button in the list", async () => {
    const date = available(await deliveryDates())[1]!;
    const jar = new CookieJar();
    await cartWith(jar);
    const html = await checkoutPage(jar);
    const { intent: _intent, ...form } = giftForm(html);
    const response = await postForm(jar, "/checkout", { ...form, delivery_pick: date });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(valueOf(page, "delivery_date")).toBe(date);
    const button = new RegExp(`<button[^>]*name="delivery_pick" value="${date}"[^>]*>`).exec(page)?.[0];
    expect(button).toContain('aria-pressed="true"');
  });
});

describe("saved recipients", () => {
  async function newShopper() {
    const jar = new CookieJar();
    const email = `gift.shopper.${tag()}@example.com`;
    const response = await postForm(jar, "/register", {
      firstName: "Iris",
      lastName: "Fern",
      email,
      password: "Petals2024",
      confirmPassword: "Petals2024",
      terms: "on",
    });
    expect(response.status).toBe(302);
    await visit(jar, "/");
    return jar;
  }

  it("offers the recipient next time (used without JavaScript), lists it on the profile, removes it", async () => {
    const jar = await newShopper();
    await cartWith(jar);
    const first = await postForm(jar, "/checkout", giftForm(await checkoutPage(jar)));
    expect(first.status).toBe(302);

    await cartWith(jar);
    const html = await checkoutPage(jar);
    const choice = /<input[^>]*name="recipient_id"[^>]*value="(\d+)"[^>]*>([^<]*)/.exec(html);
    expect(choice).not.toBeNull();
    expect(visibleText(html)).toContain("Amara Silva, Kandy");
    expect(visibleText(html)).toContain("New recipient");
    const id = choice![1]!;

    // Picked without JavaScript: the saved fields are used, whatever the typed ones say.
    const blank = Object.fromEntries(Object.keys(RECIPIENT).map((key) => [`gift.recipient.${key}`, ""]));
    const second = await postForm(jar, "/checkout", giftForm(html, { ...blank, recipient_id: id }));
    expect(second.status).toBe(302);
    const orders = await visit(jar, "/orders");
    const number = ORDER_NUMBER.exec(await orders.text())![0];
    const row = (await orderByNumber(number))!;
    expect(JSON.parse(row.shipping_address)).toMatchObject({ firstName: "Amara", address: "5 Temple Street" });

    // Another shopper's id is a new recipient: the typed fields count.
    const stranger = await newShopper();
    await cartWith(stranger);
    const theirs = await postForm(
      stranger,
      "/checkout",
      giftForm(await checkoutPage(stranger), { ...blank, recipient_id: id }),
    );
    expect(theirs.status).toBe(422);
    const refused = await theirs.text();
    expect(errorsUnder(refused, "gift.recipient.firstName")).toBe("First name is required");
    expect(refused).not.toContain("5 Temple Street");

    // The profile lists it; another shopper cannot remove it; its owner can.
    const profile = visibleText(await (await visit(jar, "/profile")).text());
    expect(profile).toContain("Saved recipients");
    expect(profile).toContain("Amara Silva");
    expect(profile).toContain("5 Temple Street, Kandy, 20000, Sri Lanka");
    expect((await postForm(stranger, "/profile", { remove_recipient: id })).status).toBe(302);
    expect(visibleText(await (await visit(jar, "/profile")).text())).toContain("Amara Silva");

    // In the account's data export.
    const exported = JSON.parse(await (await visit(jar, "/profile/my-data")).text());
    expect(exported.saved_recipients).toEqual([
      expect.objectContaining({ recipient: expect.objectContaining({ firstName: "Amara", city: "Kandy" }) }),
    ]);

    const removed = await postForm(jar, "/profile", { remove_recipient: id });
    expect(removed.status).toBe(302);
    const after = visibleText(await (await visit(jar, "/profile")).text());
    expect(after).toContain("Recipient removed");
    expect(after).not.toContain("Amara Silva");
    await cartWith(jar);
    expect(await checkoutPage(jar)).not.toContain('name="recipient_id"');
  });
});
