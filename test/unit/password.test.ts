import { describe, expect, it } from "vitest";
import { hashPassword, PBKDF2_ITERATIONS, timingSafeEqual, verifyPassword } from "~/lib/password";

describe("passwords", () => {
  it("stays within Cloudflare's production cap of 100,000 PBKDF2 iterations", () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
  });

  it("verifies the right password and rejects a wrong one", async () => {
    const stored = await hashPassword("Secret123");
    expect(stored).not.toContain("Secret123");
    expect(await verifyPassword("Secret123", stored)).toBe(true);
    expect(await verifyPassword("secret123", stored)).toBe(false);
  });

  it("salts every hash, so the same password never hashes the same twice", async () => {
    expect(await hashPassword("Secret123")).not.toBe(await hashPassword("Secret123"));
  });

  it("rejects a malformed stored hash instead of throwing", async () => {
    expect(await verifyPassword("x", "garbage")).toBe(false);
    expect(await verifyPassword("x", "pbkdf2_sha256$999999999$AAAA$AAAA")).toBe(false);
  });

  it("compares bytes without an early exit", () => {
    expect(timingSafeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(timingSafeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(timingSafeEqual(new Uint8Array([1]), new Uint8Array([1, 0]))).toBe(false);
  });
});
