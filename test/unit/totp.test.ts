import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  groupSecret,
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  totpCode,
  totpStep,
} from "~/lib/totp";

/** RFC 6238's seed for HMAC-SHA1: the ASCII of "12345678901234567890". */
const RFC_SECRET = base32Encode(new TextEncoder().encode("12345678901234567890"));

describe("TOTP (RFC 6238, HMAC-SHA1)", () => {
  it("encodes the RFC seed as base32 and back", () => {
    expect(RFC_SECRET).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(new TextDecoder().decode(base32Decode(RFC_SECRET.toLowerCase())!)).toBe("12345678901234567890");
    expect(base32Decode("not base32!")).toBeNull();
  });

  // Appendix B: the SHA-1 rows, 8 digits.
  it.each([
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ])("at %i seconds the code is %s", async (time, code) => {
    expect(await totpCode(RFC_SECRET, time, 8)).toBe(code);
  });

  it("gives the 6-digit code apps show (the last six digits of the RFC's)", async () => {
    expect(await totpCode(RFC_SECRET, 59)).toBe("287082");
    expect(await totpCode(RFC_SECRET, 1111111109)).toBe("081804");
  });

  it("matches RFC 4226's HOTP vectors", async () => {
    const key = base32Decode(RFC_SECRET)!;
    expect(await hotp(key, 0)).toBe("755224");
    expect(await hotp(key, 9)).toBe("520489");
  });
});

describe("the window and the replay rule", () => {
  const now = 1_700_000_000;
  const step = totpStep(now);

  it("accepts the current step and one step either side, nothing further", async () => {
    expect(await matchTotp(RFC_SECRET, await totpCode(RFC_SECRET, now), now, null)).toBe(step);
    expect(await matchTotp(RFC_SECRET, await totpCode(RFC_SECRET, now - 30), now, null)).toBe(step - 1);
    expect(await matchTotp(RFC_SECRET, await totpCode(RFC_SECRET, now + 30), now, null)).toBe(step + 1);
    expect(await matchTotp(RFC_SECRET, await totpCode(RFC_SECRET, now - 60), now, null)).toBeNull();
    expect(await matchTotp(RFC_SECRET, await totpCode(RFC_SECRET, now + 60), now, null)).toBeNull();
  });

  it("refuses a code whose step was already used, and any older one", async () => {
    const code = await totpCode(RFC_SECRET, now);
    expect(await matchTotp(RFC_SECRET, code, now, step)).toBeNull();
    expect(await matchTotp(RFC_SECRET, await totpCode(RFC_SECRET, now - 30), now, step)).toBeNull();
    expect(await matchTotp(RFC_SECRET, await totpCode(RFC_SECRET, now + 30), now, step)).toBe(step + 1);
    expect(await matchTotp(RFC_SECRET, code, now, step - 1)).toBe(step);
  });

  it("refuses what is not six digits", async () => {
    expect(await matchTotp(RFC_SECRET, "12345", now, null)).toBeNull();
    expect(await matchTotp(RFC_SECRET, "abcdef", now, null)).toBeNull();
  });
});

describe("secrets and the otpauth URI", () => {
  it("makes 32-character base32 secrets, grouped by four for typing", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(groupSecret(secret).split(" ")).toHaveLength(8);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it("writes the key URI authenticator apps read", () => {
    const uri = otpauthUri({ issuer: "Twistbloom", account: "ava@example.com", secret: RFC_SECRET });
    expect(uri).toBe(
      `otpauth://totp/Twistbloom:ava%40example.com?secret=${RFC_SECRET}&issuer=Twistbloom&algorithm=SHA1&digits=6&period=30`,
    );
  });
});
