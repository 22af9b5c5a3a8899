import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CookieJar, errorsUnder, expectErrorsUnder, get, postForm, refusedForm, visibleText, visit } from "./helpers";

// The contact page as a browser without JavaScript meets it, and POST /api/contact/submit: every
// rule, the honeypot, the limit of 5 messages an hour per client address, and the stored rows.

const SENT = "Thank you for your message! We'll get back to you within 24 hours.";
const FIX_FORM = "Please fix the errors in the form";
const RATE_LIMITED = /You have sent several messages already\. Please try again in \d+ minutes?\./;

let addresses = 0;
/** A client address of its own, so one test's messages never count against another's limit. */
const newAddress = () => `2001:db8:c0:${(++addresses).toString(16)}::1`;

/** A subject no other test uses, to find the message's row. */
const uniqueSubject = (what = "Custom bouquet") => `${what} ${crypto.randomUUID().slice(0, 8)}`;

function message(overrides: Record<string, string> = {}) {
  return {
    name: "Ann Bloom",
    email: "ann.bloom@example.com",
    subject: uniqueSubject(),
    message: "Could you make twelve lavender stems for a May wedding?",
    website: "",
    ...overrides,
  };
}

async function send(jar: CookieJar, fields: Record<string, string>, address = newAddress()) {
  return postForm(jar, "/contact", fields, { "CF-Connecting-IP": address });
}

async function submitApi(body: unknown, address = newAddress(), headers: Record<string, string> = {}) {
  const response = await get("/api/contact/submit", {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": address, ...headers },
  });
  return { status: response.status, body: (await response.json()) as any, response };
}

interface StoredMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  ip_address: string | null;
  created_at: number;
}

/** The rows stored with this subject. */
async function stored(subject: string): Promise<StoredMessage[]> {
  const { results } = await env.DB.prepare(
    "SELECT name, email, subject, message, ip_address, created_at FROM contact_messages WHERE subject = ? ORDER BY id",
  )
    .bind(subject)
    .all<StoredMessage>();
  return results;
}

/** The <input> or <textarea> named `name`, as rendered. */
function field(html: string, name: string): string {
  const match = new RegExp(`<(?:input|textarea)[^>]*\\bname="${name}"[^>]*>`).exec(html);
  if (!match) throw new Error(`no field named ${name}`);
  return match[0];
}

/** What the textarea holds, as rendered. */
function textareaValue(html: string, name: string): string {
  const match = new RegExp(`<textarea[^>]*\\bname="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html);
  if (!match) throw new Error(`no textarea named ${name}`);
  return visibleText(match[1]!);
}

/** The page's main content (no header, no footer). */
function main(html: string): string {
  return html.slice(html.indexOf("<main"), html.indexOf("</main>"));
}

// ---------------------------------------------------------------- the page

describe("the contact page", () => {
  it("shows the form, the contact details from the settings, the hints and three FAQs", async () => {
    const response = await get("/contact");
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(main(html));
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(text).toContain("Get in Touch");
    for (const words of ["Send us a message", "Name", "Email", "Subject", "Message", "Send Message"])
      expect(text).toContain(words);
    expect(html).toMatch(/<form method="post"[^>]*novalidate=""/);
    expect(field(html, "email")).toContain('type="email"');
    expect(field(html, "message")).toMatch(/^<textarea/);
    for (const name of ["name", "email", "subject", "message"]) expect(html).toContain(`<label for="${name}"`);

    // The settings' contact details (db/seed/data/settings.ts).
    const settings = (await (await get("/api/settings/public")).json()) as {
      data: { contact: Record<string, string> };
    };
    const { contact_email, contact_phone, contact_address } = settings.data.contact;
    expect(text).toContain(contact_email);
    expect(html).toContain(`href="mailto:${contact_email}"`);
    expect(text).toContain(contact_phone);
    expect(html).toContain('href="tel:+18025550147"');
    expect(text).toContain(contact_address);

    // The hints: replies within 24 hours; phone hours.
    expect(text).toContain("We reply to every message within 24 hours.");
    expect(text).toContain("Monday to Friday, 9AM to 6PM EST");

    // Three FAQs that open without JavaScript.
    expect(main(html).match(/<details\b/g)).toHaveLength(3);
    for (const question of [
      "How soon will you reply?",
      "Can you make a custom bouquet?",
      "What if my bouquet arrives damaged, or is not what I expected?",
    ]) {
      expect(text).toContain(question);
    }

    // The honeypot is there for bots, hidden from people and assistive technology.
    expect(field(html, "website")).toContain('tabindex="-1"');
    expect(html).toMatch(/<div aria-hidden="true"[^>]*><label for="website">/);
  });

  it("has its own title and canonical URL", async () => {
    const html = await (await get("/contact")).text();
    expect(html).toContain("<title>Contact Us | Twistbloom</title>");
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/shop\.test\/contact"/);
  });

  it("stores the message, comes back to an empty form and says thank you once", async () => {
    const jar = new CookieJar();
    const address = newAddress();
    const fields = message({
      name: "  Rosa Petal ",
      email: " Rosa.Petal@Example.COM",
      message: "  Hello from Rosa,\nI love the tulips!  ",
    });
    const response = await send(jar, fields, address);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact");

    const rows = await stored(fields.subject);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Rosa Petal",
      email: "rosa.petal@example.com",
      subject: fields.subject,
      message: "Hello from Rosa,\nI love the tulips!",
      // The client as every limit keys it: an IPv6 address by its /64.
      ip_address: address.replace(/::1$/, "::/64"),
    });

    const page = await visit(jar, "/contact");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(visibleText(html)).toContain(SENT);
    // The form is empty again.
    expect(field(html, "name")).not.toContain("value=");
    expect(field(html, "subject")).not.toContain("value=");
    expect(textareaValue(html, "message")).toBe("");
    // The thank-you shows once.
    expect(visibleText(await (await visit(jar, "/contact")).text())).not.toContain(SENT);
  });

  it("shows every field's message under it and 'Please fix the errors in the form', 422, storing nothing", async () => {
    const empty = await send(new CookieJar(), { name: "", email: "", subject: "", message: "" });
    const html = await refusedForm(empty);
    expectErrorsUnder(html, {
      name: "Name is required",
      email: "Email is required",
      subject: "Subject is required",
      message: "Message is required",
    });
    for (const name of ["name", "email", "subject", "message"]) {
      expect(field(html, name)).toContain('aria-invalid="true"');
      expect(field(html, name)).toContain(`aria-describedby="${name}-error"`);
    }
  });

  it.each([
    [{ name: "A" }, "name", "Name must be at least 2 characters long"],
    [{ name: "R2-D2" }, "name", "Name may only contain letters and spaces"],
    [{ email: "ann@" }, "email", "Please enter a valid email address"],
    [{ email: "ann.example.com" }, "email", "Please enter a valid email address"],
    [{ subject: "s".repeat(151) }, "subject", "Subject may not be longer than 150 characters"],
    [{ message: "Too short" }, "message", "Message must be at least 10 characters long"],
    [{ message: "m".repeat(5001) }, "message", "Message may not be longer than 5000 characters"],
  ])("refuses %j with its message under %s and keeps what was typed", async (overrides, name, text) => {
    const fields = message(overrides);
    const response = await send(new CookieJar(), fields);
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(errorsUnder(html, name)).toBe(text);
    expect(visibleText(html)).toContain(FIX_FORM);
    for (const other of ["name", "email", "subject", "message"].filter((n) => n !== name))
      expect(errorsUnder(html, other)).toBe("");
    // What was typed is shown again.
    expect(textareaValue(html, "message")).toBe(fields.message);
    if (name !== "subject") expect(field(html, "subject")).toContain(`value="${fields.subject}"`);
    expect(field(html, "email")).toContain(`value="${fields.email}"`);
    expect(await stored(fields.subject)).toEqual([]);
  });

  it("pretends to a bot that fills in the honeypot that its message was sent, and stores nothing", async () => {
    const jar = new CookieJar();
    const fields = message({ website: "https://cheap-pills.example" });
    const response = await send(jar, fields);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact");
    expect(visibleText(await (await visit(jar, "/contact")).text())).toContain(SENT);
    expect(await stored(fields.subject)).toEqual([]);
    // Even with the other fields wrong, as a bot would send them.
    const sloppy = await send(new CookieJar(), { name: "", email: "x", subject: "", message: "", website: "spam" });
    expect(sloppy.status).toBe(302);
  });

  it("takes 5 messages an hour from one address, then refuses with 429, Retry-After and the reason, keeping what was typed", async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      const response = await send(new CookieJar(), message(), address);
      expect(response.status).toBe(302);
    }
    const fields = message();
    const refused = await send(new CookieJar(), fields, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(3600);
    const html = await refused.text();
    expect(visibleText(html)).toMatch(RATE_LIMITED);
    expect(html).toMatch(/<p role="alert"[^>]*>You have sent several messages already/);
    expect(field(html, "subject")).toContain(`value="${fields.subject}"`);
    expect(textareaValue(html, "message")).toBe(fields.message);
    expect(await stored(fields.subject)).toEqual([]);

    // Another address is not affected.
    const other = message();
    expect((await send(new CookieJar(), other, newAddress())).status).toBe(302);
    expect(await stored(other.subject)).toHaveLength(1);
  });

  it("does not count refused messages against the limit", async () => {
    const address = newAddress();
    for (let i = 0; i < 6; i++)
      expect((await send(new CookieJar(), message({ message: "short" }), address)).status).toBe(422);
    for (let i = 0; i < 5; i++) expect((await send(new CookieJar(), message(), address)).status).toBe(302);
  });

  it("refuses a message posted from another site with 403 and stores nothing", async () => {
    const fields = message();
    const forged = await postForm(new CookieJar(), "/contact", fields, {
      Origin: "https://evil.example",
      "CF-Connecting-IP": newAddress(),
    });
    expect(forged.status).toBe(403);
    const fetchMetadata = await postForm(new CookieJar(), "/contact", fields, {
      "Sec-Fetch-Site": "cross-site",
      "CF-Connecting-IP": newAddress(),
    });
    expect(fetchMetadata.status).toBe(403);
    expect(await stored(fields.subject)).toEqual([]);
  });
});

// ---------------------------------------------------------------- the API

describe("POST /api/contact/submit", () => {
  it("stores the message and answers 201 {success, message}", async () => {
    const address = newAddress();
    const body = {
      name: "Priya Raman",
      email: "Priya@Example.com",
      subject: uniqueSubject(),
      message: "Do you ship to Singapore by June?",
    };
    const { status, body: answer, response } = await submitApi(body, address);
    expect(status).toBe(201);
    expect(answer).toEqual({ success: true, message: SENT });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const rows = await stored(body.subject);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Priya Raman",
      email: "priya@example.com",
      message: body.message,
      ip_address: address.replace(/::1$/, "::/64"),
    });
  });

  it("takes a form-encoded body too", async () => {
    const fields = message();
    const response = await get("/api/contact/submit", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": newAddress() },
    });
    expect(response.status).toBe(201);
    expect(await stored(fields.subject)).toHaveLength(1);
  });

  it("answers 422 with every missing field named, for an empty, malformed or non-object body", async () => {
    const required = {
      name: ["Name is required"],
      email: ["Email is required"],
      subject: ["Subject is required"],
      message: ["Message is required"],
    };
    for (const body of [{}, "", "not json", "[1,2]", "null", '"text"']) {
      const { status, body: answer } = await submitApi(body);
      expect(status).toBe(422);
      expect(answer.success).toBe(false);
      expect(typeof answer.message).toBe("string");
      expect(answer.errors).toEqual(required);
    }
  });

  it.each([
    [{ name: "A" }, "name", "Name must be at least 2 characters long"],
    [{ name: "Ann 3" }, "name", "Name may only contain letters and spaces"],
    [{ email: "" }, "email", "Email is required"],
    [{ email: "ann@example" }, "email", "Please enter a valid email address"],
    [{ subject: "   " }, "subject", "Subject is required"],
    [{ subject: "s".repeat(151) }, "subject", "Subject may not be longer than 150 characters"],
    [{ message: "" }, "message", "Message is required"],
    [{ message: "Too short" }, "message", "Message must be at least 10 characters long"],
    [{ message: "m".repeat(5001) }, "message", "Message may not be longer than 5000 characters"],
  ])("refuses %j: 422 with errors.%s = %j, storing nothing", async (overrides, name, text) => {
    const body = message(overrides);
    const { status, body: answer } = await submitApi(body);
    expect(status).toBe(422);
    expect(answer.success).toBe(false);
    expect(answer.errors).toEqual({ [name]: [text] });
    expect(await stored(body.subject)).toEqual([]);
  });

  it("answers a filled-in honeypot as sent and stores nothing", async () => {
    const body = message({ website: "https://spam.example" });
    const { status, body: answer } = await submitApi(body);
    expect(status).toBe(201);
    expect(answer).toEqual({ success: true, message: SENT });
    expect(await stored(body.subject)).toEqual([]);
  });

  it("refuses the 6th message in an hour from one address with 429 and Retry-After", async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) expect((await submitApi(message(), address)).status).toBe(201);
    const body = message();
    const { status, body: answer, response } = await submitApi(body, address);
    expect(status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(answer.success).toBe(false);
    expect(answer.message).toMatch(RATE_LIMITED);
    expect(await stored(body.subject)).toEqual([]);
    expect((await submitApi(message(), newAddress())).status).toBe(201);
  });

  it("shares one limit with the page: the address's messages count wherever they were sent", async () => {
    const address = newAddress();
    for (let i = 0; i < 3; i++) expect((await send(new CookieJar(), message(), address)).status).toBe(302);
    for (let i = 0; i < 2; i++) expect((await submitApi(message(), address)).status).toBe(201);
    expect((await submitApi(message(), address)).status).toBe(429);
    expect((await send(new CookieJar(), message(), address)).status).toBe(429);
  });

  it("is a POST only", async () => {
    expect((await get("/api/contact/submit")).status).toBe(404);
  });
});
