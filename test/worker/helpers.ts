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
