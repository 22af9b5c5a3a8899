import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../functions/worker";
import { expect } from "vitest";
import { revealSecrets, unsealSecrets } from "../../app/services/mail/sealed.server";
import { bumpTags } from "../../app/services/cache-tags.server";
import { createD1Database } from "../../db/client";
import type { ServerBuild } from "@remix-run/cloudflare";
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- before a build, the import has no file; after it, it has
// @ts-ignore The server build exists only after `npm run build`.
import * as build from "../../build/server";

export const BASE = "http://shop.test";

export async function get(path: string, init?: RequestInit) {
  return SELF.fetch(`${BASE}${path}`, init);
}

/**
 * A request to the Worker with these bindings (SELF has the test's: another ENVIRONMENT, a secret, a
 * database that does not answer), its background work waited for.
 */
export async function fetchAs(bindings: Env, path: string) {
  const ctx = createExecutionContext();
  const response = await worker.fetch!(
    new Request(`${BASE}${path}`) as Request<unknown, IncomingRequestCfProperties>,
    bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

export async function getJson<T = any>(
  path: string,
  init?: RequestInit,
): Promise<{ status: number; body: T; response: Response }> {
  const response = await get(path, init);
  const body = (await response.json()) as T;
  return { status: response.status, body, response };
}

/** Every sitemap file the index at /sitemap.xml lists, fetched and joined: what a crawler reads. */
export async function allSitemaps(): Promise<string> {
  const index = await (await get("/sitemap.xml")).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const texts = await Promise.all(files.map(async (path) => (await get(path)).text()));
  return texts.join("\n");
}

/** How many statements the request sent to the database, from its Server-Timing header. */
export function queryCount(response: Response): number {
  const match = /db;desc="(\d+) quer/.exec(response.headers.get("Server-Timing") ?? "");
  if (!match) throw new Error("no db entry in Server-Timing");
  return Number(match[1]);
}

/** How many round trips to the database the request made, from its Server-Timing header. */
export const roundTrips = (response: Response): number =>
  Number(
    /db;desc="\d+ quer(?:y|ies) in (\d+) round trip/.exec(response.headers.get("Server-Timing") ?? "")?.[1] ?? NaN,
  );

/** Whether the request read the cache tags' versions from the database (once per isolate every second). */
export function readTagVersions(response: Response): boolean {
  return /\bversions;desc="read"/.test(response.headers.get("Server-Timing") ?? "");
}

/**
 * The statements the request sent for its own data: all of them but the read of the tag versions,
 * which an isolate makes once a second for every request it serves, and which Server-Timing names
 * apart.
 */
export function ownQueryCount(response: Response): number {
  return queryCount(response) - (readTagVersions(response) ? 1 : 0);
}

/**
 * Drops the Worker's copy of the cache tags' versions (the built Worker's own module, not a copy
 * loaded from source), so that its next read fetches them from the database.
 */
export const forgetTagVersions = (
  (build as unknown as ServerBuild).entry.module as unknown as {
    forgetTagVersions: () => void;
  }
).forgetTagVersions;

/**
 * For a test that changes the database behind the shop's back (as the back office will): what every
 * write of the shop does for the caches, in the same way. The tags' versions go up and the Worker
 * drops its copy of them, so the next read shows the change.
 */
export async function markChanged(...tags: string[]) {
  const db = createD1Database(env.DB);
  await db.batch([bumpTags(db, tags)]);
  forgetTagVersions();
}

/**
 * A browser's cookie jar, enough for one shopper: keeps what Set-Cookie says, sends it back. It
 * browses `base` (the plain-http test shop unless told `https://shop.test`), and like a browser
 * refuses a `__Host-` cookie that is not Secure, for Path=/ and without a Domain.
 */
export class CookieJar {
  private cookies = new Map<string, string>();

  constructor(readonly base: string = BASE) {}

  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (name.startsWith("__Host-")) {
        const flags = attributes.map((a) => a.trim().toLowerCase());
        if (!flags.includes("secure") || !flags.includes("path=/") || flags.some((a) => a.startsWith("domain="))) {
          throw new Error(`a browser refuses ${header}`);
        }
      }
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  set(name: string, value: string) {
    this.cookies.set(name, value);
  }

  /** The shop's cookie `name`, under the name it has on the wire (`__Host-` and it, over HTTPS). */
  get(name: string) {
    return this.cookies.get(name) ?? this.cookies.get(`__Host-${name}`);
  }

  /** The names the jar holds, as the shop set them. */
  names(): string[] {
    return [...this.cookies.keys()];
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** Loads a page as this shopper, following nothing, keeping cookies. */
export async function visit(jar: CookieJar, path: string) {
  const response = await SELF.fetch(`${jar.base}${path}`, { headers: { Cookie: jar.header() }, redirect: "manual" });
  jar.store(response);
  return response;
}

/**
 * Posts a form as a browser without JavaScript would, keeping cookies; answers the raw response.
 * `fields` as pairs repeats a name (checkboxes sharing it).
 */
export async function postForm(
  jar: CookieJar,
  path: string,
  fields: Record<string, string> | Array<[string, string]>,
  headers: Record<string, string> = {},
) {
  const response = await SELF.fetch(`${jar.base}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: jar.header(),
      Origin: jar.base,
      Host: new URL(jar.base).host,
      ...headers,
    },
    redirect: "manual",
  });
  jar.store(response);
  return response;
}

/** Posts a multipart form (files included) as a browser without JavaScript does, keeping cookies; answers the raw response. */
export async function postMultipart(jar: CookieJar, path: string, form: FormData) {
  const response = await SELF.fetch(`${jar.base}${path}`, {
    method: "POST",
    body: form,
    headers: { Cookie: jar.header(), Origin: jar.base, Host: new URL(jar.base).host },
    redirect: "manual",
  });
  jar.store(response);
  return response;
}

/** HTML entities React writes, decoded. */
export function decode(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The text a reader sees: no scripts, styles or tags, entities decoded, whitespace collapsed. */
export function visibleText(html: string): string {
  return decode(
    shown(html)
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<style[\s\S]*?<\/style>/g, " ")
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The markup a visitor is shown: every element carrying `hidden` is left out with its content (a
 * page has the account links and the review form's variants for every visitor, the others hidden).
 */
export function shown(html: string): string {
  let out = html;
  for (;;) {
    const open = /<([a-z][a-z0-9]*)\b[^>]*?\shidden(?:="")?(?=[\s/>])[^>]*>/i.exec(out);
    if (!open) return out;
    const tag = open[1]!.toLowerCase();
    const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, "gi");
    tags.lastIndex = open.index + open[0].length;
    let depth = 1;
    let end = out.length;
    for (let match = tags.exec(out); match; match = tags.exec(out)) {
      depth += match[1] ? -1 : 1;
      if (depth === 0) {
        end = match.index + match[0].length;
        break;
      }
    }
    out = out.slice(0, open.index) + out.slice(end);
  }
}

/** The <input> (or <select>, <textarea>) named `name`, as rendered. */
export function field(html: string, name: string, tag = "input"): string {
  const match = new RegExp(`<${tag}[^>]*\\bname="${name}"[^>]*>`).exec(html);
  if (!match) throw new Error(`no ${tag} named ${name}`);
  return match[0];
}

/** The messages rendered under a field (its `{id}-error` block), as text; "" when there are none. */
export function errorsUnder(html: string, id: string): string {
  const match = new RegExp(`<div id="${id}-error"[^>]*>([\\s\\S]*?)</div>`).exec(html);
  return match ? visibleText(match[1]!) : "";
}

/** The CSRF token a page puts in its meta tag, or null. */
export const csrfMeta = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? null;

/** Expects exactly these messages under these fields ("" for none), as errorsUnder reads them. */
export function expectErrorsUnder(html: string, expected: Record<string, string>) {
  const shown = Object.fromEntries(Object.keys(expected).map((id) => [id, errorsUnder(html, id)]));
  expect(shown).toEqual(expected);
}

/** A form sent back with mistakes: 422 and "Please fix the errors in the form" on the page. Answers its HTML. */
export async function refusedForm(response: Response): Promise<string> {
  expect(response.status).toBe(422);
  const html = await response.text();
  expect(visibleText(html)).toContain("Please fix the errors in the form");
  return html;
}

/**
 * The newest mails to an address as their recipient gets them (secrets unsealed, as the queue's
 * consumer does), newest first: how a test follows a mailed link, since the outbox never holds one.
 */
export async function mailsTo(
  to: string,
  template?: string,
): Promise<
  Array<{
    id: string;
    subject: string;
    template: string;
    text: string;
    html: string;
    headers: Record<string, string> | null;
  }>
> {
  const { results } = await env.DB.prepare(
    `SELECT id, subject, template, text, html, headers, secrets FROM mail_outbox WHERE to_address = ?${template ? " AND template = ?" : ""} ORDER BY created_at DESC, rowid DESC`,
  )
    .bind(...(template ? [to, template] : [to]))
    .all<{
      id: string;
      subject: string;
      template: string;
      text: string;
      html: string;
      headers: string | null;
      secrets: string | null;
    }>();
  return Promise.all(
    results.map(async ({ secrets, headers, ...row }) => {
      const mail = { ...row, headers: headers ? (JSON.parse(headers) as Record<string, string>) : null };
      return { ...mail, ...(secrets ? revealSecrets(mail, await unsealSecrets(env, secrets)) : {}) };
    }),
  );
}
