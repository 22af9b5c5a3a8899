import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  EXAMPLE_SECRETS,
  jwtSecret,
  missingSecrets,
  secretProblems,
  secretWeakness,
  sessionSecret,
} from "../../app/services/secrets.server";

const strong = () => randomBytes(32).toString("hex");
const production = (secrets: { JWT_SECRET?: string; SESSION_SECRET?: string }) =>
  ({ ENVIRONMENT: "production", ...secrets }) as unknown as Env;

describe("a production secret", () => {
  it("is accepted from `openssl rand -hex 32`, `openssl rand -base64 32` or `-base64 48`, and as npm start makes them", () => {
    for (let i = 0; i < 200; i++) {
      expect(secretWeakness(randomBytes(32).toString("hex"))).toBeNull();
      expect(secretWeakness(randomBytes(32).toString("base64"))).toBeNull();
      expect(secretWeakness(randomBytes(32).toString("base64url"))).toBeNull();
      expect(secretWeakness(randomBytes(48).toString("base64"))).toBeNull();
    }
    // scripts/start.mjs writes randomBytes(32).toString("hex").
    expect(readFileSync("scripts/start.mjs", "utf8")).toContain('randomBytes(32).toString("hex")');
  });

  it("is refused when it is one of the example's placeholders", () => {
    const example = readFileSync(".dev.vars.example", "utf8");
    const values = [...example.matchAll(/^(?:SESSION|JWT)_SECRET=(.*)$/gm)].map((match) => match[1]!);
    expect(values).toHaveLength(2);
    for (const value of values) {
      expect(EXAMPLE_SECRETS).toContain(value);
      expect(secretWeakness(value)).not.toBeNull();
    }
    expect(example).toContain("openssl rand -hex 32");
  });

  it("is refused with fewer than 32 bytes of randomness: short, low-variety or repeated", () => {
    expect(secretWeakness(undefined)).toBe("is not set");
    expect(secretWeakness("")).toBe("is not set");
    expect(secretWeakness(randomBytes(31).toString("hex"))).toMatch(/shorter/); // 62 hex characters
    expect(secretWeakness(randomBytes(24).toString("base64url"))).toMatch(/shorter/); // 32 characters
    expect(secretWeakness("test-session-secret-0123456789abcdef")).toMatch(/shorter/);
    expect(secretWeakness("a".repeat(100))).toBe("is not random enough");
    expect(secretWeakness("ab".repeat(40))).toBe("is not random enough");
    expect(secretWeakness("0123456789abcdef".repeat(4))).toBe("is not random enough");
    expect(secretWeakness("correct-horse-battery-staple-".repeat(3))).toBe("is not random enough");
    expect(secretWeakness("1111111111222222222233333333334444444444555555555566666666667777")).toBe(
      "is not random enough",
    );
  });
});

describe("a production Worker's secrets", () => {
  it("are fine when both are strong and different", () => {
    const env = production({ JWT_SECRET: strong(), SESSION_SECRET: strong() });
    expect(missingSecrets(env)).toEqual([]);
    expect(secretProblems(env)).toEqual([]);
    expect(jwtSecret(env)).toBe(env.JWT_SECRET);
    expect(sessionSecret(env)).toBe(env.SESSION_SECRET);
  });

  it("are refused when missing, weak or equal to each other, and nothing signs with them", () => {
    const same = strong();
    const cases = [
      production({}),
      production({ JWT_SECRET: strong(), SESSION_SECRET: EXAMPLE_SECRETS[0] }),
      production({ JWT_SECRET: EXAMPLE_SECRETS[1], SESSION_SECRET: strong() }),
      production({ JWT_SECRET: "x".repeat(64), SESSION_SECRET: strong() }),
      production({ JWT_SECRET: same, SESSION_SECRET: same }),
    ];
    for (const env of cases) {
      expect(missingSecrets(env).length).toBeGreaterThan(0);
      expect(secretProblems(env).length).toBeGreaterThan(0);
      expect(() => (missingSecrets(env).includes("JWT_SECRET") ? jwtSecret(env) : sessionSecret(env))).toThrow(
        /wrangler secret put/,
      );
    }
    expect(secretProblems(production({ JWT_SECRET: same, SESSION_SECRET: same }))).toEqual([
      "JWT_SECRET and SESSION_SECRET are the same",
    ]);
  });

  it("fall back locally: development and test runs are never refused", () => {
    for (const ENVIRONMENT of ["development", "test"]) {
      const env = { ENVIRONMENT, JWT_SECRET: EXAMPLE_SECRETS[0], SESSION_SECRET: EXAMPLE_SECRETS[0] } as unknown as Env;
      expect(missingSecrets(env)).toEqual([]);
      expect(jwtSecret(env)).toBe(EXAMPLE_SECRETS[0]);
      expect(sessionSecret({ ENVIRONMENT } as unknown as Env)).toMatch(/^local-only-/);
    }
  });
});
