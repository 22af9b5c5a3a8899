import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/redirect";

describe("safeRedirect: one rule for every back / redirectTo target", () => {
  it("keeps a same-site path with its query and hash", () => {
    expect(safeRedirect("/wishlist")).toBe("/wishlist");
    expect(safeRedirect("/products?search=pink%20roses&page=2")).toBe("/products?search=pink%20roses&page=2");
    expect(safeRedirect("/product/sunny-daisies#reviews", "/x")).toBe("/product/sunny-daisies#reviews");
    expect(safeRedirect("/a%2Fb")).toBe("/a%2Fb");
  });

  it.each([
    ["a tab the browser drops", "/\t/evil.com"],
    ["a tab first", "\t//evil.com"],
    ["a newline", "/\n/evil.com"],
    ["a carriage return", "/\r/evil.com"],
    ["a space", "/ /evil.com"],
    ["a NUL", "/\u0000/evil.com"],
    ["a backslash", "/\\evil.com"],
    ["two backslashes", "/\\\\evil.com"],
    ["a backslash later", "/a\\..\\..\\/evil.com"],
    ["protocol-relative", "//evil.com"],
    ["three slashes", "///evil.com"],
    ["an encoded tab", "/%09/evil.com"],
    ["an encoded newline", "/%0a/evil.com"],
    ["an encoded slash", "/%2F/evil.com"],
    ["an encoded slash first", "/%2Fevil.com"],
    ["an encoded backslash", "/%5Cevil.com"],
    ["a dot segment that leaves two slashes", "/.//evil.com"],
    ["a scheme without slashes", "https:evil.com"],
    ["a full URL", "https://evil.com/"],
    ["javascript:", "javascript:alert(1)"],
    ["a relative path", "evil.com"],
    ["a malformed escape", "/%E0%A4%A"],
    ["non-ASCII", "/caf\u00e9"],
    ["a unicode slash look-alike", "/\u2215evil.com"],
    ["empty", ""],
  ])("falls back for %s", (_name, value) => {
    expect(safeRedirect(value, "/home")).toBe("/home");
  });

  it("falls back for what is not a string", () => {
    expect(safeRedirect(null, "/x")).toBe("/x");
    expect(safeRedirect(undefined, "/x")).toBe("/x");
  });

  it("never answers a target a browser would take off-site", () => {
    const nasty = [
      "/\t/evil.com",
      "/\\evil.com",
      "//evil.com",
      "/%09/evil.com",
      "https:evil.com",
      "/.//evil.com",
      "/x/../..//evil.com",
    ];
    for (const value of nasty) {
      const target = safeRedirect(value, "/");
      expect(new URL(target, "https://shop.example").origin).toBe("https://shop.example");
      expect(target.startsWith("//")).toBe(false);
    }
  });
});
