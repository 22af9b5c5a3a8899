import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { TAGS } from "../../app/lib/cache-tags";
import { ADMIN, CUSTOMER } from "../fixtures/accounts";
import { apiClient, apiToken, loggedIn } from "./fixtures";
import {
  BASE,
  CookieJar,
  errorsUnder,
  field,
  get,
  mailsTo as delivered,
  markChanged,
  postForm,
  visibleText,
  visit,
} from "./helpers";

// The newsletter in workerd: POST /api/newsletter/subscribe (the same answer for every address,
// 422, 429, the honeypot), the footer's form as a browser without JavaScript posts it, the confirm
// and unsubscribe pages (a GET changes nothing; the POSTs do), the mail client's one-click POST
// (RFC 8058: cross-site, no cookies), the feature flag off (404, hidden, unsubscribe still works),
// the back office's list, its API and its CSV export.

const REQUESTED =
  "Almost done! If this address is not on our list yet, we have emailed it a link to confirm your subscription.";
const CONFIRMED = "You are subscribed.";
const INVALID_CONFIRMATION = "This confirmation link is invalid or has expired.";
const UNSUBSCRIBED = "You are unsubscribed. You will not receive our newsletter any more.";
const ALREADY = "You were already unsubscribed. You will not receive our newsletter.";
const INVALID_UNSUBSCRIBE = "This unsubscribe link is invalid.";
const FIX_FORM = "Please fix the errors in the form";
const NOT_FOUND = { success: false, message: "Not found" };

let counter = 0;
const tag = () => `${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const newEmail = (what = "news") => `${what}-${tag()}@example.com`;
const newIp = () => `2001:db8:18:${(++counter).toString(16)}::1`;

const { call } = apiClient(newIp);
const subscribeApi = (body: unknown, ip = newIp()) => call("POST", "/api/newsletter/subscribe", { body, ip });

const subscriberOf = (email: string) =>
  env.DB.prepare(
    "SELECT id, email, status, confirm_token_hash, confirmed_at, unsubscribed_at FROM newsletter_subscribers WHERE email = ?",
  )
    .bind(email)
    .first<{
      id: number;
      email: string;
      status: string;
      confirm_token_hash: string | null;
      confirmed_at: number | null;
      unsubscribed_at: number | null;
    }>();

/** The outbox's rows to this address, oldest first, as stored (links sealed). */
async function outboxTo(email: string) {
  const { results } = await env.DB.prepare("SELECT * FROM mail_outbox WHERE to_address = ? ORDER BY created_at, rowid")
    .bind(email)
    .all<Record<string, string>>();
  return results;
}

/** The confirm and unsubscribe links of the newest mail to this address, read from its text part. */
async function mailedLinks(email: string) {
  const text = (await delivered(email))[0]?.text ?? "";
  const confirm = /https?:\/\/\S+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  const unsubscribe = /https?:\/\/\S+\/newsletter\/unsubscribe\?token=\S+/.exec(text)?.[0];
  expect(confirm).toBeTruthy();
  expect(unsubscribe).toBeTruthy();
  const path = (link: string) => {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  };
  return { confirm: path(confirm!), unsubscribe: path(unsubscribe!), unsubscribeUrl: unsubscribe! };
}

async function signedUp(email = newEmail()) {
  const result = await subscribeApi({ email });
  expect(result.status).toBe(200);
  return { email, ...(await mailedLinks(email)) };
}

async function setNewsletter(on: boolean) {
  await env.DB.prepare("UPDATE settings SET value = ? WHERE key = 'feature_newsletter'")
    .bind(on ? "true" : "false")
    .run();
  await markChanged(TAGS.settings);
}

afterEach(async () => {
  await setNewsletter(true);
});

/** The page's main content (no header, no footer). */
const main = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));
/** The footer. */
const footer = (html: string) => html.slice(html.indexOf("<footer"), html.indexOf("</footer>"));

describe("POST /api/newsletter/subscribe", () => {
  it("answers 200 with the same message for a new, pending, subscribed and unsubscribed address, and mails only the ones not subscribed", async () => {
    const email = newEmail();
    const first = await subscribeApi({ email });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, message: REQUESTED });
    expect(first.response.headers.get("Cache-Control")).toBe("no-store");
    expect(await subscriberOf(email)).toMatchObject({ status: "pending" });
    const [sent] = await outboxTo(email);
    expect(sent).toMatchObject({
      template: "newsletter_confirmation",
      subject: "Confirm your subscription to the Twistbloom newsletter",
    });
    const links = await mailedLinks(email);
    expect(links.unsubscribeUrl.startsWith(`${BASE}/newsletter/unsubscribe?token=`)).toBe(true);
    // As delivered, the header carries the link; the outbox keeps only its mark.
    expect((await delivered(email))[0]!.headers).toEqual({
      "List-Unsubscribe": `<${links.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(JSON.stringify(sent)).not.toContain(links.unsubscribeUrl);
    expect(JSON.stringify(sent)).not.toContain(links.confirm);

    // Pending again (within ten minutes: no second mail), then subscribed, then unsubscribed: the same answer.
    expect((await subscribeApi({ email })).body).toEqual(first.body);
    expect(await outboxTo(email)).toHaveLength(1);
    expect((await postForm(new CookieJar(), links.confirm, {})).status).toBe(302);
    expect(await subscriberOf(email)).toMatchObject({ status: "subscribed" });
    const subscribed = await subscribeApi({ email: email.toUpperCase() });
    expect(subscribed.status).toBe(200);
    expect(subscribed.body).toEqual(first.body);
    expect(await outboxTo(email)).toHaveLength(1);
    expect((await postForm(new CookieJar(), links.unsubscribe, {})).status).toBe(302);
    const unsubscribed = await subscribeApi({ email });
    expect(unsubscribed.body).toEqual(first.body);
    expect(await subscriberOf(email)).toMatchObject({ status: "unsubscribed" });
  });

  it("refuses a malformed or missing email with 422 naming the field", async () => {
    const bad = await subscribeApi({ email: "not-an-email" });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ success: false, errors: { email: ["Please enter a valid email address"] } });
    const empty = await subscribeApi({});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ email: ["Email is required"] });
    const garbage = await call("POST", "/api/newsletter/subscribe", { raw: "{not json" });
    expect(garbage.status).toBe(422);
  });

  it("answers a bot that fills in the honeypot as if it worked, and stores nothing", async () => {
    const email = newEmail("bot");
    const result = await subscribeApi({ email, website: "https://spam.example" });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ success: true, message: REQUESTED });
    expect(await subscriberOf(email)).toBeNull();
    expect(await outboxTo(email)).toHaveLength(0);
  });

  it("limits one client to 10 sign-ups an hour: 429 with Retry-After", async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await subscribeApi({ email: newEmail() }, ip)).status).toBe(200);
    const limited = await subscribeApi({ email: newEmail() }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many sign-up attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(limited.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await subscribeApi({ email: newEmail() })).status).toBe(200);
  });

  it("answers 404 while the settings switch the newsletter off", async () => {
    await setNewsletter(false);
    const email = newEmail();
    const result = await subscribeApi({ email });
    expect(result.status).toBe(404);
    expect(result.body).toEqual(NOT_FOUND);
    expect(await subscriberOf(email)).toBeNull();
  });
});

describe("the footer's sign-up form, without JavaScript", () => {
  it("is on every page: an email field, Subscribe, a honeypot and the way back, posting to /newsletter", async () => {
    for (const path of ["/", "/products", "/contact", "/login"]) {
      const html = footer(await (await get(path)).text());
      expect(html).toMatch(/<form method="post" action="\/newsletter"[^>]*novalidate=""/);
      expect(field(html, "email")).toMatch(/id="footer-newsletter-email"[^>]*type="email"/);
      expect(html).toContain('<label for="footer-newsletter-email"');
      expect(field(html, "redirectTo")).toContain(`value="${path}"`);
      expect(field(html, "website")).toContain('tabindex="-1"');
      expect(visibleText(html)).toContain("Subscribe");
    }
  });

  it("signs up and comes back to the page with the toast", async () => {
    const jar = new CookieJar();
    const email = newEmail("footer");
    const response = await postForm(
      jar,
      "/newsletter",
      { email: ` ${email.toUpperCase()} `, redirectTo: "/products?page=2", website: "" },
      { "CF-Connecting-IP": newIp() },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/products?page=2");
    expect(visibleText(await (await visit(jar, "/products?page=2")).text())).toContain(REQUESTED);
    expect(await subscriberOf(email)).toMatchObject({ status: "pending" });
    expect(await outboxTo(email)).toHaveLength(1);
  });

  it("never sends the shopper to another site", async () => {
    const response = await postForm(
      new CookieJar(),
      "/newsletter",
      { email: newEmail(), redirectTo: "//evil.example/" },
      { "CF-Connecting-IP": newIp() },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("shows a malformed address's message under the field and a toast, keeping what was typed", async () => {
    const response = await postForm(
      new CookieJar(),
      "/newsletter",
      { email: "rosa@nowhere", redirectTo: "/products" },
      { "CF-Connecting-IP": newIp() },
    );
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(errorsUnder(html, "newsletter-page-email")).toBe("Please enter a valid email address");
    expect(field(main(html), "email")).toContain('value="rosa@nowhere"');
    expect(field(main(html), "email")).toContain('aria-invalid="true"');
    expect(field(main(html), "redirectTo")).toContain('value="/products"');
    expect(visibleText(html)).toContain(FIX_FORM);
  });

  it("answers a bot that fills in the honeypot as if it worked", async () => {
    const email = newEmail("bot");
    const response = await postForm(
      new CookieJar(),
      "/newsletter",
      { email, redirectTo: "/", website: "spam" },
      { "CF-Connecting-IP": newIp() },
    );
    expect(response.status).toBe(302);
    expect(await subscriberOf(email)).toBeNull();
  });

  it("refuses a cross-site post", async () => {
    const response = await postForm(
      new CookieJar(),
      "/newsletter",
      { email: newEmail(), redirectTo: "/" },
      { Origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
  });

  it("is hidden, and /newsletter is a 404, while the settings switch the newsletter off", async () => {
    await setNewsletter(false);
    const home = await (await get("/")).text();
    expect(home).not.toContain('action="/newsletter"');
    expect(home).not.toContain("footer-newsletter-email");
    expect((await get("/newsletter")).status).toBe(404);
    const email = newEmail();
    const response = await postForm(
      new CookieJar(),
      "/newsletter",
      { email, redirectTo: "/" },
      { "CF-Connecting-IP": newIp() },
    );
    expect(response.status).toBe(404);
    expect(await subscriberOf(email)).toBeNull();
  });
});

describe("the confirm page", () => {
  it("asks for a press of its button (the GET changes nothing), confirms with the POST, then the link is spent", async () => {
    const { email, confirm } = await signedUp();
    const page = await get(confirm);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    const html = await page.text();
    expect(visibleText(main(html))).toContain("Confirm your subscription");
    expect(main(html)).toMatch(/<form method="post" action="\/newsletter\/confirm\?token=[^"]+"[^>]*novalidate=""/);
    expect(visibleText(main(html))).toContain("Confirm subscription");
    // Opening it again (a mail scanner) still changes nothing.
    await get(confirm);
    expect(await subscriberOf(email)).toMatchObject({ status: "pending", confirmed_at: null });

    const jar = new CookieJar();
    const token = new URL(confirm, BASE).searchParams.get("token")!;
    const done = await postForm(jar, confirm, { token });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/");
    expect(visibleText(await (await visit(jar, "/")).text())).toContain(CONFIRMED);
    expect(await subscriberOf(email)).toMatchObject({ status: "subscribed", confirm_token_hash: null });

    const again = await postForm(new CookieJar(), confirm, { token });
    expect(again.status).toBe(422);
    expect(visibleText(await again.text())).toContain(INVALID_CONFIRMATION);
    const spent = await (await get(confirm)).text();
    expect(visibleText(main(spent))).toContain(INVALID_CONFIRMATION);
    expect(main(spent)).not.toContain('<form method="post"');
  });

  it("says an unknown or missing link is invalid or expired", async () => {
    for (const path of [`/newsletter/confirm?token=${"Z".repeat(43)}`, "/newsletter/confirm"]) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(visibleText(main(await response.text()))).toContain(INVALID_CONFIRMATION);
    }
  });

  it("is a 404 while the settings switch the newsletter off", async () => {
    const { email, confirm } = await signedUp();
    await setNewsletter(false);
    expect((await get(confirm)).status).toBe(404);
    const token = new URL(confirm, BASE).searchParams.get("token")!;
    expect((await postForm(new CookieJar(), confirm, { token })).status).toBe(404);
    expect(await subscriberOf(email)).toMatchObject({ status: "pending" });
  });
});

describe("the unsubscribe page and the one-click POST", () => {
  it("shows a button (the GET changes nothing), unsubscribes with the POST and comes back saying so; again, it says it already was", async () => {
    const { email, confirm, unsubscribe } = await signedUp();
    await postForm(new CookieJar(), confirm, { token: new URL(confirm, BASE).searchParams.get("token")! });
    const page = await get(unsubscribe);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
    const html = await page.text();
    expect(main(html)).toMatch(/<form method="post" action="\/newsletter\/unsubscribe\?token=[^"]+"[^>]*novalidate=""/);
    // The address, partly hidden.
    expect(visibleText(main(html))).toContain(`${email.slice(0, 1)}••••••••@example.com`);
    expect(await subscriberOf(email)).toMatchObject({ status: "subscribed" });

    const jar = new CookieJar();
    const done = await postForm(jar, unsubscribe, {});
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(unsubscribe);
    const after = await (await visit(jar, unsubscribe)).text();
    expect(visibleText(after)).toContain(UNSUBSCRIBED);
    expect(visibleText(main(after))).toContain("is unsubscribed");
    expect(main(after)).not.toContain('<form method="post"');
    expect(await subscriberOf(email)).toMatchObject({ status: "unsubscribed" });

    const again = await postForm(jar, unsubscribe, {});
    expect(again.status).toBe(302);
    expect(visibleText(await (await visit(jar, unsubscribe)).text())).toContain(ALREADY);
  });

  it("accepts the mail client's one-click POST (RFC 8058): cross-site, no cookies, 200; idempotent", async () => {
    const { email, unsubscribe } = await signedUp();
    const oneClick = () =>
      get(unsubscribe, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: "https://mail.example",
          "Sec-Fetch-Site": "cross-site",
        },
        redirect: "manual",
      });
    const first = await oneClick();
    expect(first.status).toBe(200);
    expect(first.headers.get("Set-Cookie")).toBeNull();
    expect(visibleText(await first.text())).toContain(UNSUBSCRIBED);
    expect(await subscriberOf(email)).toMatchObject({ status: "unsubscribed", confirm_token_hash: null });
    const second = await oneClick();
    expect(second.status).toBe(200);
    expect(visibleText(await second.text())).toContain(ALREADY);

    // The exemption is this path only: another page's cross-site post is still refused.
    const other = await get("/newsletter/confirm", {
      method: "POST",
      body: "token=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example" },
      redirect: "manual",
    });
    expect(other.status).toBe(403);
  });

  it("refuses a forged or unknown link (422 on POST) and changes nothing", async () => {
    const { email, unsubscribe } = await signedUp();
    const token = new URL(unsubscribe, BASE).searchParams.get("token")!;
    const [id, signature] = token.split(".");
    const forged = [`${Number(id) + 1}.${signature}`, `${id}.${signature!.slice(0, -2)}xx`, "1", ""];
    for (const bad of forged) {
      const path = `/newsletter/unsubscribe?token=${encodeURIComponent(bad)}`;
      expect(visibleText(main(await (await get(path)).text()))).toContain(INVALID_UNSUBSCRIBE);
      const posted = await get(path, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        redirect: "manual",
      });
      expect(posted.status).toBe(422);
    }
    expect(await subscriberOf(email)).toMatchObject({ status: "pending" });
  });

  it("keeps working while the settings switch the newsletter off: people can always leave", async () => {
    const { email, unsubscribe } = await signedUp();
    await setNewsletter(false);
    const page = await get(unsubscribe);
    expect(page.status).toBe(200);
    expect(visibleText(main(await page.text()))).toContain("Unsubscribe");
    const done = await get(unsubscribe, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(done.status).toBe(200);
    expect(await subscriberOf(email)).toMatchObject({ status: "unsubscribed" });
  });
});

describe("the back office", () => {
  it("lists subscribers by status and search with counts, for staff only (page and API)", async () => {
    const mark = tag();
    const pending = newEmail(`list-${mark}-a`);
    const subscribed = await signedUp(newEmail(`list-${mark}-b`));
    await subscribeApi({ email: pending });
    await postForm(new CookieJar(), subscribed.confirm, {
      token: new URL(subscribed.confirm, BASE).searchParams.get("token")!,
    });

    const jar = await loggedIn(ADMIN, newIp());
    const response = await visit(jar, `/admin/newsletter?search=list-${mark}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const html = await response.text();
    expect(html).toMatch(/<h1 id="admin-title"[^>]*>Newsletter<\/h1>/);
    expect(html).toContain('href="/admin/newsletter"');
    const text = visibleText(main(html));
    expect(text).toContain(pending);
    expect(text).toContain(subscribed.email);
    expect(text).toContain("Showing 1–2 of 2 subscribers");
    expect(html).toContain(`href="/admin/newsletter.csv?search=list-${mark}"`);
    const only = visibleText(
      main(await (await visit(jar, `/admin/newsletter?search=list-${mark}&status=subscribed`)).text()),
    );
    expect(only).toContain(subscribed.email);
    expect(only).not.toContain(pending);
    const bad = visibleText(main(await (await visit(jar, "/admin/newsletter?status=bogus")).text()));
    expect(bad).toContain("The selected status is invalid.");

    const admin = await apiToken(newIp(), ADMIN);
    const api = await call("GET", `/api/admin/newsletter?search=list-${mark}&status=subscribed`, { token: admin });
    expect(api.status).toBe(200);
    expect(api.body.data).toMatchObject({ current_page: 1, last_page: 1, total: 1, from: 1, to: 1 });
    expect(api.body.data.data).toEqual([
      {
        id: expect.any(Number),
        email: subscribed.email,
        status: "subscribed",
        subscribed_at: expect.any(String),
        unsubscribed_at: null,
        created_at: expect.any(String),
      },
    ]);
    expect(api.body.data.counts).toEqual({
      pending: expect.any(Number),
      subscribed: expect.any(Number),
      unsubscribed: expect.any(Number),
    });
    expect((await call("GET", "/api/admin/newsletter?status=bogus", { token: admin })).status).toBe(422);
    expect((await call("GET", "/api/admin/newsletter", { token: await apiToken(newIp(), CUSTOMER) })).status).toBe(403);
    expect((await call("GET", "/api/admin/newsletter")).status).toBe(401);

    const customer = await loggedIn(CUSTOMER, newIp());
    const refused = await visit(customer, "/admin/newsletter");
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/");
  });

  it("exports CSV for staff only, escaped, with formulas made plain text", async () => {
    const mark = tag();
    const addresses = [
      `=cmd-${mark}@example.com`,
      `+1-${mark}@example.com`,
      `-2-${mark}@example.com`,
      `@sum-${mark}@example.com`,
      `a"b,c-${mark}@example.com`,
    ];
    for (const email of addresses)
      await env.DB.prepare("INSERT INTO newsletter_subscribers (email, status) VALUES (?, 'pending')")
        .bind(email)
        .run();

    const anonymous = await visit(new CookieJar(), "/admin/newsletter.csv");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/admin/newsletter.csv")}`);
    const customer = await visit(await loggedIn(CUSTOMER, newIp()), "/admin/newsletter.csv");
    expect(customer.status).toBe(302);
    expect(customer.headers.get("Location")).toBe("/");

    const response = await visit(await loggedIn(ADMIN, newIp()), `/admin/newsletter.csv?search=${mark}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const lines = (await response.text()).split("\r\n");
    expect(lines[0]).toBe("email,status,subscribed_at,created_at");
    expect(lines.slice(1, -1)).toEqual([
      expect.stringMatching(new RegExp(`^'=cmd-${mark}@example\\.com,pending,,\\d{4}-`)),
      expect.stringMatching(new RegExp(`^'\\+1-${mark}@example\\.com,pending,,`)),
      expect.stringMatching(new RegExp(`^'-2-${mark}@example\\.com,pending,,`)),
      expect.stringMatching(new RegExp(`^'@sum-${mark}@example\\.com,pending,,`)),
      expect.stringMatching(new RegExp(`^"a""b,c-${mark}@example\\.com",pending,,`)),
    ]);
  });
});
