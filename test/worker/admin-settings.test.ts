import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CUSTOMER } from "../fixtures/accounts";
import { CookieJar, errorsUnder, get, postForm, visibleText, visit } from "./helpers";
import { apiClient, apiToken, csrfOf, loggedIn } from "./fixtures";

// The settings and the home page's sections in the back office: the API with each role, bad values
// (422 naming each key), and the pages' forms, whose public changes the shop shows at once.

let counter = 0;
const newIp = () => `192.0.2.${(counter++ % 250) + 1}`;
const { call } = apiClient(newIp);

let adminToken: string;
let customerToken: string;
let seededPhone: string;

const publicSettings = async () =>
  ((await (await get("/api/settings/public")).json()) as { data: Record<string, Record<string, unknown>> }).data;

beforeAll(async () => {
  [adminToken, customerToken] = await Promise.all([apiToken(newIp(), ADMIN), apiToken(newIp(), CUSTOMER)]);
  seededPhone = String((await publicSettings()).contact!.contact_phone);
});

afterAll(async () => {
  await call("PUT", "/api/admin/settings", { token: adminToken, body: { contact_phone: seededPhone } });
});

describe("GET and PUT /api/admin/settings", () => {
  it("refuses a guest (401) and a customer (403)", async () => {
    expect((await call("GET", "/api/admin/settings")).status).toBe(401);
    expect((await call("GET", "/api/admin/settings", { token: customerToken })).status).toBe(403);
    expect(
      (await call("PUT", "/api/admin/settings", { token: customerToken, body: { site_name: "Hijacked" } })).status,
    ).toBe(403);
  });

  it("lists every setting, public or not, with its type and group", async () => {
    const { status, body } = await call("GET", "/api/admin/settings", { token: adminToken });
    expect(status).toBe(200);
    const byKey = Object.fromEntries((body.data as Array<{ key: string }>).map((setting) => [setting.key, setting]));
    expect(byKey.site_name).toMatchObject({ type: "string", is_public: true });
    expect(byKey.admin_email).toMatchObject({ is_public: false });
    expect(byKey.currency_decimal_places).toMatchObject({ type: "number", value: 2 });
    expect(byKey.feature_reviews).toMatchObject({ type: "boolean" });
  });

  it("refuses bad values with 422 naming each key, and writes nothing", async () => {
    const before = await publicSettings();
    const { status, body } = await call("PUT", "/api/admin/settings", {
      token: adminToken,
      body: {
        contact_phone: "+94 11 000 0000",
        currency_decimal_places: "two",
        feature_reviews: "maybe",
        contact_email: "not-an-email",
        no_such_key: "x",
      },
    });
    expect(status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual([
      "contact_email",
      "currency_decimal_places",
      "feature_reviews",
      "no_such_key",
    ]);
    expect(body.errors.currency_decimal_places[0]).toMatch(/must be a number/);
    expect(await publicSettings()).toEqual(before);
  });

  it("changes a public setting that the shop shows at once, and records who changed it", async () => {
    const phone = "+94 11 222 3344";
    const { status, body } = await call("PUT", "/api/admin/settings", {
      token: adminToken,
      body: { contact_phone: phone },
    });
    expect(status).toBe(200);
    expect(body.changed).toEqual(["contact_phone"]);
    expect((await publicSettings()).contact!.contact_phone).toBe(phone);
    expect(visibleText(await (await get("/")).text())).toContain(phone);
    const audit = await call("GET", "/api/admin/audit?entity=setting&entity_id=contact_phone", { token: adminToken });
    expect(audit.body.data.data[0]).toMatchObject({
      action: "update",
      actor: { email: ADMIN.email },
      changes: { value: [expect.any(String), phone] },
    });
  });

  it("refuses a browser's change without the page's CSRF token", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const headers = { Cookie: jar.header(), "Content-Type": "application/json" };
    const refused = await get("/api/admin/settings", {
      method: "PUT",
      headers,
      body: JSON.stringify({ contact_hours: "Always" }),
    });
    expect(refused.status).toBe(403);
    const csrf = await csrfOf(jar);
    const allowed = await get("/api/admin/settings", {
      method: "PUT",
      headers: { ...headers, "X-CSRF-Token": csrf },
      body: JSON.stringify({ contact_phone: seededPhone }),
    });
    expect(allowed.status).toBe(200);
  });
});

describe("the settings page", () => {
  it("is for staff only", async () => {
    expect((await visit(new CookieJar(), "/admin/settings")).headers.get("Location")).toBe(
      "/login?redirectTo=%2Fadmin%2Fsettings",
    );
    expect((await visit(await loggedIn(CUSTOMER, newIp()), "/admin/settings/home")).headers.get("Location")).toBe("/");
  });

  it("saves a group's form, and the home page shows the change at once", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const page = await (await visit(jar, "/admin/settings")).text();
    expect(page).toContain('name="contact_phone"');
    const phone = "+94 11 555 6677";
    const saved = await postForm(jar, "/admin/settings", { group: "contact", contact_phone: phone });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/settings");
    expect(visibleText(await (await visit(jar, "/admin/settings")).text())).toContain("Setting saved.");
    expect(visibleText(await (await get("/")).text())).toContain(phone);
  });

  it("switches a feature off with its checkbox left unticked, without JavaScript", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    // What a browser sends: a ticked box's "true" first, then every box's hidden "false".
    const body = new URLSearchParams([
      ["group", "features"],
      ["feature_reviews", "true"],
      ["feature_reviews", "false"],
      ["feature_wishlist", "false"],
      ["feature_social_login", "true"],
      ["feature_social_login", "false"],
      ["feature_newsletter", "true"],
      ["feature_newsletter", "false"],
    ]);
    const response = await get("/admin/settings", {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: jar.header(),
        Origin: "http://shop.test",
        Host: "shop.test",
      },
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    const features = (await publicSettings()).features!;
    expect(features.feature_wishlist).toBe(false);
    expect(features.feature_reviews).toBe(true);
    await call("PUT", "/api/admin/settings", { token: adminToken, body: { feature_wishlist: true } });
  });

  it("refuses a post from another site, saving nothing", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const response = await postForm(
      jar,
      "/admin/settings",
      { group: "general", site_name: "Elsewhere" },
      { Origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    expect((await publicSettings()).general!.site_name).toBe("Twistbloom");
  });

  it("shows a bad value's message under its field, keeps what was typed, and saves nothing", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const refused = await postForm(jar, "/admin/settings", { group: "currency", currency_decimal_places: "lots" });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(errorsUnder(html, "setting-currency_decimal_places")).toBe("Decimal places must be a number");
    expect(html).toContain('value="lots"');
    expect(visibleText(html)).toContain("Some settings could not be saved.");
  });
});

describe("the home page's sections", () => {
  it("changes a FAQ question through the page's form, seen on the home page at once", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    const sections = await call("GET", "/api/admin/home-sections", { token: adminToken });
    const faq = (
      sections.body.data as Array<{
        key: string;
        data: { title: string; items: Array<{ question: string; answer: string }> };
      }>
    ).find((s) => s.key === "faq")!;
    const fields: Record<string, string> = { section: "faq", title: faq.data.title, subtitle: "" };
    faq.data.items.forEach((item, i) => {
      fields[`items.${i}.question`] = i === 0 ? "Can I collect my bouquet in person?" : item.question;
      fields[`items.${i}.answer`] = item.answer;
    });
    const saved = await postForm(jar, "/admin/settings/home", fields);
    expect(saved.status).toBe(302);
    expect(visibleText(await (await get("/")).text())).toContain("Can I collect my bouquet in person?");
  });

  it("refuses a section without its required fields (422), by API and by form", async () => {
    const api = await call("PUT", "/api/admin/home-sections/faq", {
      token: adminToken,
      body: { items: [{ question: "", answer: "" }] },
    });
    expect(api.status).toBe(422);
    expect(api.body.errors).toBeDefined();
    const unknown = await call("PUT", "/api/admin/home-sections/nope", { token: adminToken, body: {} });
    expect([404, 422]).toContain(unknown.status);
    const jar = await loggedIn(ADMIN, newIp());
    const refused = await postForm(jar, "/admin/settings/home", {
      section: "faq",
      title: "",
      subtitle: "",
      "items.0.question": "Only a question",
      "items.0.answer": "",
    });
    expect(refused.status).toBe(422);
    expect(visibleText(await refused.text())).toContain("The section could not be saved.");
  });
});
