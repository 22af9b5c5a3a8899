import { env } from "cloudflare:test";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CUSTOMER } from "../fixtures/accounts";
import { shopper, WITHOUT_OPTIONS } from "../fixtures/checkout";
import { addDays, deliveryRules, deliveryWindow, formatDeliveryDate, weekdayOf } from "../../app/lib/delivery";
import type { SettingsByGroup } from "../../app/lib/site";
import { CookieJar, decode, errorsUnder, get, postForm, visibleText, visit } from "./helpers";
import { apiClient, apiToken, loggedIn } from "./fixtures";

// Delivery dates for staff (gifting.md section 4): the delivery settings' inputs and checks (page
// and API), the orders list's delivery filters, the dashboard's deliveries, the deliveries page and
// its close / reopen buttons (audited, seen by the checkout at once), and who may see them. Every
// date is computed from now and the rules the test sets, never written down.

let counter = 0;
const newIp = () => `203.0.113.${(counter++ % 250) + 1}`;
const { call } = apiClient(newIp);

const tokens = { admin: "", customer: "" };

/** The rules of this file: every day open, same-day delivery, three orders a day. */
const RULES = {
  delivery_lead_days: 0,
  delivery_cutoff: "",
  delivery_closed_weekdays: [],
  delivery_closed_dates: [],
  delivery_max_per_day: 3,
  delivery_horizon_days: 60,
};

const publicSettings = async () =>
  ((await (await get("/api/settings/public")).json()) as { data: SettingsByGroup }).data;

/** Today in the shop's time zone, as the settings now say. */
const shopToday = async () => deliveryWindow(deliveryRules(await publicSettings()), new Date()).today;

const putSettings = (body: Record<string, unknown>) =>
  call("PUT", "/api/admin/settings", { token: tokens.admin, body });

let products: number[] = [];
let emails = 0;

/** A guest's order for `date`, through POST /api/orders. */
async function order(date: string) {
  const response = await call("POST", "/api/orders", {
    body: {
      items: [{ product_id: products[emails % products.length], quantity: 1 }],
      customer: shopper({ email: `deliveries.${++emails}@example.com` }),
      delivery_date: date,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expect(response.body.data.delivery_date).toBe(date);
  return { id: response.body.data.id as number, number: response.body.data.order_number as string };
}

const booked = async (date: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE delivery_date = ? AND status <> 'cancelled'")
    .bind(date)
    .first<{ n: number }>())!.n;

/** Round trips to the database the request made, from its Server-Timing header. */
const roundTrips = (response: Response) =>
  Number(/db;desc="\d+ quer(?:y|ies) in (\d+) round trip/.exec(response.headers.get("Server-Timing") ?? "")?.[1]);

const checkoutDay = async (date: string) =>
  (await call("GET", `/api/delivery/dates?from=${date}&to=${date}`)).body.data[0] as {
    status: string;
    remaining: number | null;
  };

let today: string;

beforeAll(async () => {
  tokens.admin = await apiToken(newIp(), ADMIN);
  tokens.customer = await apiToken(newIp(), CUSTOMER);
  await env.DB.prepare("UPDATE products SET stock = 1000 WHERE is_active = 1").run();
  const { results } = await env.DB.prepare(
    `SELECT id FROM products WHERE is_active = 1 AND ${WITHOUT_OPTIONS} ORDER BY id LIMIT 8`,
  ).all<{ id: number }>();
  products = results.map((row) => row.id);
  expect((await putSettings(RULES)).status).toBe(200);
  today = await shopToday();
});

// Each test leaves the rules as it found them.
afterEach(async () => {
  expect((await putSettings(RULES)).status).toBe(200);
});

afterAll(async () => {
  await putSettings({
    ...RULES,
    delivery_closed_weekdays: ["Sunday"],
    delivery_lead_days: 2,
    delivery_max_per_day: 40,
  });
});

// ---------------------------------------------------------------- the settings

describe("the delivery settings", () => {
  it("refuses bad values through PUT /api/admin/settings, naming each key, and writes nothing", async () => {
    const before = (await publicSettings()).delivery;
    const { status, body } = await putSettings({
      delivery_time_zone: "Mars/Olympus_Mons",
      delivery_lead_days: -1,
      delivery_horizon_days: 0,
      delivery_max_per_day: 1.5,
      delivery_cutoff: "25:00",
      delivery_closed_weekdays: ["Funday"],
      delivery_closed_dates: ["2026-02-30"],
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      delivery_time_zone: ["Time zone must be a time zone name such as Asia/Colombo or Europe/London"],
      delivery_lead_days: ["Lead time (days) must be at least 0"],
      delivery_horizon_days: ["Days ahead shoppers may choose must be at least 1"],
      delivery_max_per_day: ["Orders per day (0 = no cap) must be a whole number"],
      delivery_cutoff: ["Cutoff time must be a time written HH:MM, such as 13:00, or empty for none"],
      delivery_closed_weekdays: ['Closed weekdays: "Funday" is not a day of the week, such as Sunday'],
      delivery_closed_dates: ['Closed dates: "2026-02-30" is not a date written YYYY-MM-DD, such as 2026-12-25'],
    });
    const high = await putSettings({
      delivery_lead_days: 366,
      delivery_horizon_days: 731,
      delivery_max_per_day: 100001,
    });
    expect(high.body.errors).toEqual({
      delivery_lead_days: ["Lead time (days) may not be greater than 365"],
      delivery_horizon_days: ["Days ahead shoppers may choose may not be greater than 730"],
      delivery_max_per_day: ["Orders per day (0 = no cap) may not be greater than 100000"],
    });
    expect((await publicSettings()).delivery).toEqual(before);
  });

  it("keeps the closed dates sorted and once each, and the weekdays in the week's order", async () => {
    const [later, sooner] = [addDays(today, 40), addDays(today, 30)];
    const { status, body } = await putSettings({
      delivery_closed_dates: [later, sooner, later],
      delivery_closed_weekdays: ["Sunday", "Monday", "Sunday"],
      delivery_cutoff: "13:30",
    });
    expect(status).toBe(200);
    const delivery = (await publicSettings()).delivery!;
    expect(delivery.delivery_closed_dates).toEqual([sooner, later]);
    expect(delivery.delivery_closed_weekdays).toEqual(["Sunday", "Monday"]);
    expect(delivery.delivery_cutoff).toBe("13:30");
    expect(body.changed.sort()).toEqual(["delivery_closed_dates", "delivery_closed_weekdays", "delivery_cutoff"]);
  });

  it("shows each setting with its own control on the settings page", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const html = await (await visit(jar, "/admin/settings")).text();
    const text = visibleText(html);
    expect(text).toContain("Delivery");
    expect(html).toMatch(/<input[^>]*type="time"[^>]*name="delivery_cutoff"/);
    expect(html).toMatch(/<input[^>]*type="text"[^>]*name="delivery_time_zone"[^>]*value="Asia\/Colombo"/);
    expect(html).toMatch(/<input[^>]*type="number"[^>]*name="delivery_lead_days"[^>]*min="0"[^>]*max="365"/);
    expect(html).toMatch(/<input[^>]*type="number"[^>]*name="delivery_horizon_days"[^>]*min="1"[^>]*max="730"/);
    for (const day of ["Monday", "Sunday"])
      expect(html).toMatch(
        new RegExp(`<input[^>]*type="checkbox"[^>]*name="delivery_closed_weekdays"[^>]*value="${day}"`),
      );
    expect(html).toMatch(/<textarea[^>]*name="delivery_closed_dates"/);
  });

  it("saves the form without JavaScript: ticked weekdays, one date a line, a time", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const [first, second] = [addDays(today, 20), addDays(today, 21)];
    // What a browser sends: the hidden empty weekday first, then each ticked box.
    const saved = await postForm(jar, "/admin/settings", [
      ["group", "delivery"],
      ["delivery_time_zone", "Asia/Colombo"],
      ["delivery_lead_days", "0"],
      ["delivery_cutoff", "14:00"],
      ["delivery_closed_weekdays", ""],
      ["delivery_closed_weekdays", "Tuesday"],
      ["delivery_closed_weekdays", "Saturday"],
      ["delivery_closed_dates", `${second}\r\n\r\n${first}\r\n`],
      ["delivery_max_per_day", "3"],
      ["delivery_horizon_days", "60"],
    ]);
    expect(saved.status).toBe(302);
    expect(visibleText(await (await visit(jar, "/admin/settings")).text())).toContain("3 settings saved.");
    const delivery = (await publicSettings()).delivery!;
    expect(delivery).toMatchObject({
      delivery_cutoff: "14:00",
      delivery_closed_weekdays: ["Tuesday", "Saturday"],
      delivery_closed_dates: [first, second],
    });
    // None ticked: only the hidden empty value is sent, and no weekday is closed.
    const cleared = await postForm(jar, "/admin/settings", {
      group: "delivery",
      delivery_closed_weekdays: "",
      delivery_closed_dates: "",
      delivery_cutoff: "",
    });
    expect(cleared.status).toBe(302);
    expect((await publicSettings()).delivery).toMatchObject(RULES);
  });

  it("shows bad values' messages under their fields and in a toast, keeping what was typed", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const refused = await postForm(jar, "/admin/settings", {
      group: "delivery",
      delivery_time_zone: "Nowhere/Town",
      delivery_cutoff: "7pm",
      delivery_closed_dates: `${addDays(today, 5)}\n2026-13-01`,
      delivery_horizon_days: "0",
    });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(errorsUnder(html, "setting-delivery_time_zone")).toBe(
      "Time zone must be a time zone name such as Asia/Colombo or Europe/London",
    );
    expect(errorsUnder(html, "setting-delivery_cutoff")).toBe(
      "Cutoff time must be a time written HH:MM, such as 13:00, or empty for none",
    );
    expect(errorsUnder(html, "setting-delivery_closed_dates")).toBe(
      'Closed dates: "2026-13-01" is not a date written YYYY-MM-DD, such as 2026-12-25',
    );
    expect(errorsUnder(html, "setting-delivery_horizon_days")).toBe(
      "Days ahead shoppers may choose must be at least 1",
    );
    expect(visibleText(html)).toContain("Some settings could not be saved.");
    expect(html).toContain('value="Nowhere/Town"');
    expect(decode(html)).toContain(`${addDays(today, 5)}\n2026-13-01`);
    expect((await publicSettings()).delivery).toMatchObject(RULES);
  });
});

// ---------------------------------------------------------------- orders by delivery day

describe("the orders list by delivery day", () => {
  let todays: { id: number; number: string };
  let tomorrows: { id: number; number: string };

  beforeAll(async () => {
    todays = await order(today);
    tomorrows = await order(addDays(today, 1));
  });

  it("filters GET /api/admin/orders by delivery_date and by delivery=today|tomorrow", async () => {
    const numbers = async (query: string) => {
      const { status, body } = await call("GET", `/api/admin/orders?${query}`, { token: tokens.admin });
      expect(status).toBe(200);
      return body.data.data as Array<{ order_number: string; delivery_date: string | null }>;
    };
    const byDate = await numbers(`delivery_date=${today}`);
    expect(byDate.map((row) => row.order_number)).toContain(todays.number);
    expect(byDate.every((row) => row.delivery_date === today)).toBe(true);
    const tomorrow = await numbers("delivery=tomorrow");
    expect(tomorrow.map((row) => row.order_number)).toContain(tomorrows.number);
    expect(tomorrow.map((row) => row.order_number)).not.toContain(todays.number);
    expect((await numbers("delivery=today")).map((row) => row.order_number)).toContain(todays.number);
  });

  it("refuses a delivery date in another format (422) and an unknown day name", async () => {
    const bad = await call("GET", "/api/admin/orders?delivery_date=12/12/2026", { token: tokens.admin });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.delivery_date).toEqual([
      "The delivery date must be a date written YYYY-MM-DD, such as 2026-12-12.",
    ]);
    const unknown = await call("GET", "/api/admin/orders?delivery=yesterday", { token: tokens.admin });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.delivery).toBeDefined();
  });

  it("shows the delivery day as a column of the page, filters it, and a bad date's message", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const html = await (await visit(jar, `/admin/orders?delivery_date=${today}`)).text();
    const text = visibleText(html);
    expect(text).toContain(todays.number);
    expect(text).not.toContain(tomorrows.number);
    expect(html).toMatch(/<th[^>]*>Delivery<\/th>/);
    const tomorrowPage = visibleText(await (await visit(jar, "/admin/orders?delivery=tomorrow")).text());
    expect(tomorrowPage).toContain(tomorrows.number);
    expect(tomorrowPage).not.toContain(todays.number);
    const bad = await (await visit(jar, "/admin/orders?delivery_date=2026-02-30")).text();
    expect(errorsUnder(bad, "order-delivery-date")).toBe(
      "The delivery date must be a date written YYYY-MM-DD, such as 2026-12-12.",
    );
  });

  it("reads a day's orders through orders_delivery_idx", async () => {
    const { results } = await env.DB.prepare(
      // The list's query as the service writes it (the page and its total).
      "EXPLAIN QUERY PLAN SELECT orders.id FROM orders LEFT JOIN users ON users.id = orders.user_id WHERE orders.delivery_date = ? ORDER BY orders.created_at DESC, orders.id DESC LIMIT 20",
    )
      .bind(today)
      .all<{ detail: string }>();
    expect(results.map((row) => row.detail).join("\n")).toContain("orders_delivery_idx");
  });
});

// ---------------------------------------------------------------- the dashboard

describe("the dashboard's deliveries", () => {
  it("counts today's and tomorrow's deliveries, cancelled orders left out, linking to the list", async () => {
    const tomorrow = addDays(today, 1);
    const extra = await order(today);
    const cancelled = await order(tomorrow);
    expect(
      (await call("PATCH", `/api/admin/orders/${cancelled.id}`, { token: tokens.admin, body: { status: "cancelled" } }))
        .status,
    ).toBe(200);
    const { body } = await call("GET", "/api/admin/stats", { token: tokens.admin });
    expect(body.data.deliveries).toEqual({
      today: { date: today, orders: await booked(today) },
      tomorrow: { date: tomorrow, orders: await booked(tomorrow) },
    });
    expect(body.data.deliveries.today.orders).toBeGreaterThanOrEqual(2);
    const jar = await loggedIn(ADMIN, newIp());
    const html = await (await visit(jar, "/admin")).text();
    const text = visibleText(html);
    expect(text).toContain(`Deliveries today ${await booked(today)}`);
    expect(text).toContain(`Deliveries tomorrow ${await booked(tomorrow)}`);
    expect(html).toContain('href="/admin/orders?delivery=today"');
    expect(html).toContain('href="/admin/orders?delivery=tomorrow"');
    expect(extra.number).toBeTruthy();
  });
});

// ---------------------------------------------------------------- the deliveries page

interface StaffDay {
  date: string;
  booked: number;
  remaining: number | null;
  status: string;
  reason: string | null;
  closed_date: boolean;
}

const staffDays = async () => {
  const { status, body } = await call("GET", "/api/admin/deliveries", { token: tokens.admin });
  expect(status).toBe(200);
  return body.data as { today: string; days: StaffDay[] };
};

describe("the deliveries page", () => {
  it("is for staff only", async () => {
    expect((await visit(new CookieJar(), "/admin/deliveries")).headers.get("Location")).toBe(
      "/login?redirectTo=%2Fadmin%2Fdeliveries",
    );
    expect((await visit(await loggedIn(CUSTOMER, newIp()), "/admin/deliveries")).headers.get("Location")).toBe("/");
    expect((await call("GET", "/api/admin/deliveries")).status).toBe(401);
    expect((await call("GET", "/api/admin/deliveries", { token: tokens.customer })).status).toBe(403);
    const closing = await call("POST", `/api/admin/deliveries/${addDays(today, 3)}/close`, { token: tokens.customer });
    expect(closing.status).toBe(403);
    expect((await checkoutDay(addDays(today, 3))).status).toBe("available");
  });

  it("lists the next 14 days with the orders booked, capacity left and closed days", async () => {
    const full = addDays(today, 2);
    for (let i = await booked(full); i < 3; i++) await order(full);
    const oneBooked = addDays(today, 4);
    await order(oneBooked);
    const weekdayClosed = addDays(today, 6);
    const holiday = addDays(today, 9);
    await putSettings({ delivery_closed_weekdays: [weekdayOf(weekdayClosed)], delivery_closed_dates: [holiday] });

    const data = await staffDays();
    expect(data.today).toBe(today);
    expect(data.days.map((day) => day.date)).toEqual(Array.from({ length: 14 }, (_, i) => addDays(today, i)));
    const byDate = Object.fromEntries(data.days.map((day) => [day.date, day]));
    expect(byDate[full]).toMatchObject({ booked: 3, remaining: 0, status: "full" });
    expect(byDate[oneBooked]).toMatchObject({ booked: 1, remaining: 2, status: "available" });
    expect(byDate[weekdayClosed]).toMatchObject({
      status: "closed",
      reason: `Closed on ${weekdayOf(weekdayClosed)}s`,
      closed_date: false,
    });
    expect(byDate[holiday]).toMatchObject({ status: "closed", reason: "Closed (holiday)", closed_date: true });

    const jar = await loggedIn(ADMIN, newIp());
    const page = await visit(jar, "/admin/deliveries");
    expect(roundTrips(page)).toBeLessThanOrEqual(3);
    const html = await page.text();
    const text = visibleText(html);
    expect(text).toContain(`${formatDeliveryDate(full)} 3 0 Full`);
    expect(text).toContain(`${formatDeliveryDate(oneBooked)} 1 2 Available`);
    expect(text).toContain(`Closed on ${weekdayOf(weekdayClosed)}s`);
    expect(text).toContain(`${formatDeliveryDate(holiday)} 0 — Closed (holiday) Reopen this day`);
    expect(html).toContain(`href="/admin/orders?delivery_date=${oneBooked}"`);
    expect(html).toMatch(/<a[^>]*href="\/admin\/deliveries"/);

    await putSettings({ delivery_max_per_day: 0 });
    expect(visibleText(await (await visit(jar, "/admin/deliveries")).text())).toContain(
      `${formatDeliveryDate(oneBooked)} 1 No cap Available`,
    );
  });

  it("closes a day from the page (orders booked stay), audited, the checkout seeing it at once; then reopens it", async () => {
    const day = addDays(today, 5);
    const kept = await order(day);
    const jar = await loggedIn(ADMIN, newIp());
    expect((await checkoutDay(day)).status).toBe("available");

    const closed = await postForm(jar, "/admin/deliveries", { intent: "close", date: day });
    expect(closed.status).toBe(302);
    expect(closed.headers.get("Location")).toBe("/admin/deliveries");
    const count = await booked(day);
    const page = visibleText(await (await visit(jar, "/admin/deliveries")).text());
    expect(page).toContain(
      `Deliveries closed on ${formatDeliveryDate(day)}. ${count} order${count === 1 ? "" : "s"} already booked stay`,
    );
    expect(page).toContain(`${formatDeliveryDate(day)} ${count} — Closed (holiday) ${count} order`);
    expect(await checkoutDay(day)).toEqual({ date: day, status: "closed", remaining: 0 });
    const keptOrder = await call("GET", `/api/admin/orders/${kept.id}`, { token: tokens.admin });
    expect(keptOrder.body.data).toMatchObject({ status: "pending", delivery_date: day });
    const audit = await call("GET", "/api/admin/audit?entity=setting&entity_id=delivery_closed_dates", {
      token: tokens.admin,
    });
    expect(audit.body.data.data[0], JSON.stringify(audit.body.data.data[0])).toMatchObject({
      action: "update",
      actor: { email: ADMIN.email },
      changes: { value: [[], [day]] },
    });

    const reopened = await postForm(jar, "/admin/deliveries", { intent: "open", date: day });
    expect(reopened.status).toBe(302);
    expect(visibleText(await (await visit(jar, "/admin/deliveries")).text())).toContain(
      `Deliveries reopened on ${formatDeliveryDate(day)}.`,
    );
    expect((await checkoutDay(day)).status).toBe("available");
  });

  it("closes and reopens through the API, refusing a bad or past date", async () => {
    const day = addDays(today, 7);
    const closed = await call("POST", `/api/admin/deliveries/${day}/close`, { token: tokens.admin });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      success: true,
      changed: true,
      message: `Deliveries closed on ${formatDeliveryDate(day)}.`,
    });
    expect(closed.body.data.days.find((entry: StaffDay) => entry.date === day)).toMatchObject({
      status: "closed",
      closed_date: true,
    });
    expect((await checkoutDay(day)).status).toBe("closed");
    const again = await call("POST", `/api/admin/deliveries/${day}/close`, { token: tokens.admin });
    expect(again.body).toMatchObject({ changed: false, message: `${formatDeliveryDate(day)} is already closed.` });
    const opened = await call("POST", `/api/admin/deliveries/${day}/open`, { token: tokens.admin });
    expect(opened.body).toMatchObject({ changed: true });
    expect((await checkoutDay(day)).status).toBe("available");

    const bad = await call("POST", "/api/admin/deliveries/next-friday/close", { token: tokens.admin });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.date).toEqual(["The date must be a date written YYYY-MM-DD, such as 2026-12-12."]);
    const past = await call("POST", `/api/admin/deliveries/${addDays(today, -1)}/close`, { token: tokens.admin });
    expect(past.status).toBe(422);
    expect((await publicSettings()).delivery!.delivery_closed_dates).toEqual([]);
  });
});
