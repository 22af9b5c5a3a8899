import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../console-guard";
import { ADMIN, addressesFrom } from "../fixtures/accounts";
import { apiToken } from "./fixtures";
import { fetchAs, get, getJson, visibleText } from "./helpers";

// What an operator and a shopper see of the shop's observability (docs/decisions/032): every answer
// names its request in X-Request-Id (the one its log lines carry), /api/health reads the database,
// and with a SENTRY_DSN an error reaches Sentry with that id, while a Sentry that fails changes nothing.

const newAddress = addressesFrom((n) => `198.18.31.${n}`);
const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DSN = "https://publickey@o0.ingest.sentry.io/1";

afterEach(() => vi.restoreAllMocks());

/** A database that does not answer: every statement throws, as D1 does when it is unreachable. */
function downDatabase(): D1Database {
  const fail = () => Promise.reject(new Error("D1_ERROR: Network connection lost."));
  const statement = { bind: () => statement, first: fail, run: fail, all: fail, raw: fail };
  const db = {
    prepare: () => statement,
    batch: fail,
    exec: fail,
    dump: fail,
    withSession: () => db,
    getBookmark: () => null,
  };
  return db as unknown as D1Database;
}

describe("X-Request-Id", () => {
  it("comes with a page, an API answer, a missing page and a missing API path", async () => {
    for (const path of ["/", "/api/categories", "/no-such-page", "/api/no-such-path", "/uploads/none.webp"]) {
      const response = await get(path);
      await response.arrayBuffer();
      expect(response.headers.get("X-Request-Id"), path).toMatch(REQUEST_ID);
    }
  });

  it("is Cloudflare's cf-ray when the request has one, so both logs name it alike", async () => {
    const response = await get("/api/health/live", { headers: { "cf-ray": "8f1e2d3c4b5a6978-AMS" } });
    expect(response.headers.get("X-Request-Id")).toBe("8f1e2d3c4b5a6978-AMS");
  });

  it("is a new one for every request", async () => {
    const [a, b] = await Promise.all([get("/api/health/live"), get("/api/health/live")]);
    expect(a.headers.get("X-Request-Id")).not.toBe(b.headers.get("X-Request-Id"));
  });

  it("is shown on a failed page and returned in the API's 500, the same as the header", async () => {
    expectConsoleError(/D1_ERROR: Network connection lost/);
    const down = { ...env, DB: downDatabase() } as Env;
    const api = await fetchAs(down, `/api/categories?_t=${crypto.randomUUID()}`);
    expect(api.status).toBe(500);
    expect(await api.json()).toEqual({
      success: false,
      message: "Server error",
      request_id: api.headers.get("X-Request-Id"),
    });
    const page = await fetchAs(down, `/categories?_t=${crypto.randomUUID()}`);
    expect(page.status).toBe(500);
    const reference = page.headers.get("X-Request-Id");
    expect(reference).toMatch(REQUEST_ID);
    expect(visibleText(await page.text())).toContain(`contact us and quote reference ${reference}`);
  });
});

describe("/api/health", () => {
  it("reads the database and says which bindings the Worker has, never their values", async () => {
    const { status, body, response } = await getJson("/api/health");
    expect(status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(body).toEqual({
      success: true,
      data: {
        status: "ok",
        database: "ok",
        bindings: { DB: true, UPLOADS: true, MAIL_QUEUE: true, ASSETS: true, SEND_EMAIL: false, cache: true },
      },
    });
  });

  it("answers 503 with status error when the database does not answer", async () => {
    expectConsoleError(/health: the database does not answer/);
    const response = await fetchAs({ ...env, DB: downDatabase() } as Env, "/api/health");
    expect(response.status).toBe(503);
    const body = (await response.json()) as { success: boolean; data: { status: string; database: string } };
    expect(body.success).toBe(false);
    expect(body.data).toMatchObject({ status: "error", database: "error" });
  });

  it("deep: refused to anyone but staff, and for staff also checks R2, the queue and the mail waiting", async () => {
    const anonymous = await getJson("/api/health?deep=1");
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toEqual({ success: false, message: "The deep check is for the shop's staff only." });

    const token = await apiToken(newAddress(), ADMIN);
    const staff = await getJson("/api/health?deep=1", { headers: { Authorization: `Bearer ${token}` } });
    expect(staff.status).toBe(200);
    expect(staff.body.data).toMatchObject({
      status: "ok",
      database: "ok",
      checks: { uploads: "ok", mail_queue: "ok", overdue_mail: expect.any(Number) },
    });
  });

  it("/api/health/live answers without touching anything: the cheap floor", async () => {
    const { status, body, response } = await getJson("/api/health/live");
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: { status: "ok" } });
    expect(response.headers.get("Server-Timing")).toMatch(/db;desc="0 queries/);
  });
});

describe("error reporting to Sentry", () => {
  /** Sentry's ingest answered by a spy: the envelopes the Worker sent, as text. */
  function sentryIngest(answer: () => Response) {
    const sent: string[] = [];
    const real = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.startsWith("https://o0.ingest.sentry.io/")) return real(input, init);
      sent.push(typeof init?.body === "string" ? init.body : new TextDecoder().decode(init?.body as Uint8Array));
      return answer();
    });
    return sent;
  }

  it("without a DSN, nothing is sent", async () => {
    expectConsoleError(/D1_ERROR: Network connection lost/);
    const sent = sentryIngest(() => new Response("{}"));
    const response = await fetchAs({ ...env, DB: downDatabase() } as Env, `/api/categories?_t=${crypto.randomUUID()}`);
    expect(response.status).toBe(500);
    expect(sent).toEqual([]);
  });

  it("with a DSN, a server error is reported with the request's id", async () => {
    expectConsoleError(/D1_ERROR: Network connection lost/);
    const sent = sentryIngest(() => new Response("{}"));
    const response = await fetchAs(
      { ...env, DB: downDatabase(), SENTRY_DSN: DSN } as Env,
      `/api/categories?_t=${crypto.randomUUID()}`,
    );
    expect(response.status).toBe(500);
    const requestId = response.headers.get("X-Request-Id")!;
    const envelope = sent.find((body) => body.includes(requestId));
    expect(envelope).toBeDefined();
    expect(envelope).toContain("Network connection lost");
    expect(envelope).toContain('"route":"GET /api/categories"');
    // Scrubbed as the log is: the failed query's parameters never leave.
    expect(envelope).toContain("params: [redacted]");
  });

  it("a Sentry that fails never fails the request", async () => {
    expectConsoleError(/D1_ERROR: Network connection lost/);
    const sent = sentryIngest(() => {
      throw new TypeError("Network connection lost to Sentry");
    });
    const response = await fetchAs(
      { ...env, DB: downDatabase(), SENTRY_DSN: DSN } as Env,
      `/api/categories?_t=${crypto.randomUUID()}`,
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ success: false, message: "Server error" });
    expect(sent.length).toBeGreaterThan(0);
    const healthy = await fetchAs({ ...env, SENTRY_DSN: DSN } as Env, "/api/health");
    expect(healthy.status).toBe(200);
  });
});
