import { expect } from "vitest";
import { credentialsOf, CUSTOMER } from "../fixtures/accounts";
import { CookieJar, csrfMeta, get, postForm, visit } from "./helpers";

// What many worker test files do the same way: call the JSON API as a token client, log a seeded
// account in (by the API or the login form), read a page's CSRF token, hand out products one per
// test. Pure data (accounts, a checkout address) lives in test/fixtures.

export interface Call {
  body?: unknown;
  raw?: string;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/**
 * The JSON API as a token client calls it: JSON body, bearer token when given, and a client
 * address, `newIp()`'s next one unless the call names its own.
 */
export function apiClient(newIp: () => string) {
  async function call(method: string, path: string, { body, raw, token, ip = newIp(), headers = {} }: Call = {}) {
    const response = await get(path, {
      method,
      headers: {
        Accept: "application/json",
        ...(body !== undefined || raw !== undefined ? { "Content-Type": "application/json" } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        "CF-Connecting-IP": ip,
        ...headers,
      },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const json = (await response.json()) as any;
    return { status: response.status, body: json, response };
  }
  const post = (path: string, body: unknown, extra: Omit<Call, "body"> = {}) => call("POST", path, { ...extra, body });
  return { call, post };
}

/** A bearer token for a seeded account, from POST /api/auth/login (which must answer 200). */
export async function apiToken(
  address: string,
  account: { email: string; password: string } = CUSTOMER,
): Promise<string> {
  const response = await get("/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": address },
    body: JSON.stringify(credentialsOf(account)),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** A browser logged in through the login form (302), its "Login successful!" toast already seen. */
export async function loggedIn(account: { email: string; password: string }, address: string) {
  const jar = new CookieJar();
  const response = await postForm(jar, "/login", credentialsOf(account), { "CF-Connecting-IP": address });
  expect(response.status).toBe(302);
  await visit(jar, "/");
  return jar;
}

/** The CSRF token the home page puts in its meta tag for this browser's session (there must be one). */
export async function csrfOf(jar: CookieJar): Promise<string> {
  const csrf = csrfMeta(await (await visit(jar, "/")).text());
  expect(csrf).toBeTruthy();
  return csrf!;
}

/**
 * Rows (products, posts) handed out one per test that changes them, so no test sees another's
 * changes. Filled in a beforeAll.
 */
export class Pool<T> {
  private rows: T[] = [];

  fill(rows: T[]) {
    this.rows = [...rows];
  }

  get size() {
    return this.rows.length;
  }

  take(): T {
    const next = this.rows.shift();
    if (!next) throw new Error("the product pool ran dry");
    return next;
  }

  /** The first row that fits, taken out of the pool. */
  takeWhere(fits: (row: T) => boolean): T {
    const index = this.rows.findIndex(fits);
    if (index < 0) throw new Error("no row in the pool fits");
    return this.rows.splice(index, 1)[0]!;
  }
}
