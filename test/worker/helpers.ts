import { SELF } from "cloudflare:test";

export const BASE = "http://shop.test";

export async function get(path: string, init?: RequestInit) {
  return SELF.fetch(`${BASE}${path}`, init);
}

export async function getJson<T = any>(path: string, init?: RequestInit): Promise<{ status: number; body: T; response: Response }> {
  const response = await get(path, init);
  const body = (await response.json()) as T;
  return { status: response.status, body, response };
}

/** How many statements the request sent to the database, from its Server-Timing header. */
export function queryCount(response: Response): number {
  const match = /db;desc="(\d+) quer/.exec(response.headers.get("Server-Timing") ?? "");
  if (!match) throw new Error("no db entry in Server-Timing");
  return Number(match[1]);
}

/** A browser's cookie jar, enough for one shopper: keeps what Set-Cookie says, sends it back. */
export class CookieJar {
  private cookies = new Map<string, string>();

  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  set(name: string, value: string) {
    this.cookies.set(name, value);
  }

  get(name: string) {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** Loads a page as this shopper, following nothing, keeping cookies. */
export async function visit(jar: CookieJar, path: string) {
  const response = await get(path, { headers: { Cookie: jar.header() }, redirect: "manual" });
  jar.store(response);
  return response;
}

/** Posts a form as a browser without JavaScript would, keeping cookies; answers the raw response. */
export async function postForm(jar: CookieJar, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await get(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header(), Origin: BASE, Host: new URL(BASE).host, ...headers },
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
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<style[\s\S]*?<\/style>/g, " ")
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}
