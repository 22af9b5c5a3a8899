import { afterEach, describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../console-guard";
import { log, logLine, noteUser, requestIdFor, routeOf, withRequestScope } from "../../app/services/log.server";

// The logger's lines as Workers Logs and `wrangler tail` read them: one JSON object per event, with
// the request's fields, and nothing secret whatever the code hands it.

afterEach(() => vi.restoreAllMocks());

const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { method: "POST", headers });

describe("a log line", () => {
  it("names the request, the route without its query, the user once known, and the time since it began", () => {
    const line = withRequestScope(
      routeOf(request("https://shop.test/reset-password?token=abc123secret")),
      "ray-1",
      () => {
        noteUser(42);
        return JSON.parse(logLine("warn", "login failed", { status: 401 }));
      },
    );
    expect(line).toMatchObject({
      level: "warn",
      msg: "login failed",
      request_id: "ray-1",
      route: "POST /reset-password",
      user_id: 42,
      status: 401,
    });
    expect(typeof line.ms).toBe("number");
    expect(JSON.stringify(line)).not.toContain("abc123secret");
  });

  it("outside a request, has only the event's own fields", () => {
    expect(JSON.parse(logLine("info", "job done", { job: "mail-sweep", count: 3 }))).toEqual({
      level: "info",
      msg: "job done",
      job: "mail-sweep",
      count: 3,
    });
  });

  it("keeps only the fields it knows: whatever else is handed to it is left out", () => {
    const fields = { status: 500, password: "hunter2", token: "t0k3n", cookie: "session=abc" };
    const line = logLine("error", "failed", fields as never);
    expect(JSON.parse(line)).toEqual({ level: "error", msg: "failed", status: 500 });
  });

  it("writes an error's name, message, cause and stack, scrubbed of secrets, addresses and a query's parameters", () => {
    const cause = new Error("D1_ERROR: no such table: orders");
    const error = new Error(
      'Failed query: select * from "users" where "email" = ?\nparams: rosa@example.com,$2a$10$hash',
      { cause },
    );
    const parsed = JSON.parse(logLine("error", "API request failed", {}, error)).error;
    expect(parsed.name).toBe("Error");
    expect(parsed.message).toBe('Failed query: select * from "users" where "email" = ?\nparams: [redacted]');
    expect(parsed.cause).toBe("D1_ERROR: no such table: orders");
    expect(parsed.stack).toContain("log.test.ts");
    const secrets = new Error(
      "fetch https://shop.test/reset-password?token=abc123&x=1 with Authorization: Bearer eyJhbGciOi.x.y for rosa@example.com key re_AbCdEf123456",
    );
    const text = JSON.stringify(JSON.parse(logLine("error", "x", {}, secrets)).error);
    for (const secret of ["abc123", "eyJhbGciOi", "rosa@example.com", "re_AbCdEf123456"])
      expect(text).not.toContain(secret);
    expect(text).toContain("token=[redacted]");
    expect(text).toContain("Bearer [redacted]");
  });
});

describe("the logger", () => {
  it("writes errors to console.error, warnings to console.warn and the rest to console.log, one JSON line each", () => {
    expectConsoleError(/"msg":"mail failed for good"/);
    const info = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    log.info("mail sent", { transport: "resend", mail_id: "m1" });
    log.warn("rate limit reached", { limit: "login:email" });
    log.error("mail failed for good", new Error("Resend answered 500"), { attempt: 5 });
    expect(JSON.parse(info.mock.calls[0]![0] as string)).toEqual({
      level: "info",
      msg: "mail sent",
      transport: "resend",
      mail_id: "m1",
    });
    expect(JSON.parse(warn.mock.calls[0]![0] as string)).toEqual({
      level: "warn",
      msg: "rate limit reached",
      limit: "login:email",
    });
  });

  it("hands an error to the request's reporter, and neither a failing console nor a failing reporter throws", () => {
    const reported: unknown[] = [];
    vi.spyOn(console, "error").mockImplementation(() => {
      throw new Error("the log sink is down");
    });
    const error = new Error("boom");
    withRequestScope(
      "GET /",
      "ray-2",
      () => log.error("page request failed", error),
      (e, line) => {
        reported.push(e, line);
        throw new Error("the reporter is down");
      },
    );
    expect(reported).toEqual([error, { request_id: "ray-2", route: "GET /", user_id: undefined }]);
  });

  it("takes the request's id from cf-ray, or makes one", () => {
    expect(requestIdFor(request("https://shop.test/", { "cf-ray": "8a1b2c3d4e5f-AMS" }))).toBe("8a1b2c3d4e5f-AMS");
    expect(requestIdFor(request("https://shop.test/"))).toMatch(/^[0-9a-f-]{36}$/);
  });
});
