import { describe, expect, it } from "vitest";
import {
  hasSecretMark,
  HIDDEN_SECRET,
  maskHeaders,
  maskSecrets,
  revealSecrets,
  sealSecrets,
  secretMark,
  unsealSecrets,
} from "../../app/services/mail/sealed.server";

// Mail secrets (docs/decisions/020): marks in a mail's text, HTML and headers; the values sealed with
// AES-GCM under a key derived from SESSION_SECRET; masked for staff, revealed for the recipient.

const ENV = { SESSION_SECRET: "unit-session-secret-0123456789abcdef", ENVIRONMENT: "test" };
const OTHER = { SESSION_SECRET: "another-session-secret-0123456789ab", ENVIRONMENT: "test" };
const LINK = "https://shop.example/reset-password?token=abc_DEF-123&next=/profile";

describe("secretMark", () => {
  it("is a random mark naming the secret, which the masking finds", () => {
    const a = secretMark("reset link");
    const b = secretMark("reset link");
    expect(a).not.toBe(b);
    expect(a).toMatch(/^\{\{secret:reset_link:[0-9a-f-]{36}\}\}$/);
    expect(hasSecretMark(`before ${a} after`)).toBe(true);
    expect(hasSecretMark("{{secret:reset_link:not-a-uuid}}")).toBe(false);
  });
});

describe("sealSecrets and unsealSecrets", () => {
  it("round trip, and two seals of the same secrets differ (a fresh IV each)", async () => {
    const mark = secretMark("link");
    const sealed = await sealSecrets(ENV, { [mark]: LINK });
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("reset-password");
    expect(await sealSecrets(ENV, { [mark]: LINK })).not.toBe(sealed);
    expect(await unsealSecrets(ENV, sealed)).toEqual({ [mark]: LINK });
  });

  it("refuses a sealed value that was altered, or sealed under another secret", async () => {
    const sealed = await sealSecrets(ENV, { [secretMark("link")]: LINK });
    const flipped = sealed.slice(0, 20) + (sealed[20] === "A" ? "B" : "A") + sealed.slice(21);
    await expect(unsealSecrets(ENV, flipped)).rejects.toThrow();
    await expect(unsealSecrets(ENV, sealed.slice(0, -2))).rejects.toThrow();
    await expect(unsealSecrets(OTHER, sealed)).rejects.toThrow();
  });
});

describe("maskSecrets and maskHeaders", () => {
  it("replace every mark with the hidden note, and leave the rest as written", () => {
    const a = secretMark("confirm_link");
    const b = secretMark("unsubscribe_link");
    expect(maskSecrets(`Confirm: ${a}\nLeave: ${b}`)).toBe(`Confirm: ${HIDDEN_SECRET}\nLeave: ${HIDDEN_SECRET}`);
    expect(maskSecrets(`<a href="${a}">Confirm</a>`)).toBe(`<a href="${HIDDEN_SECRET}">Confirm</a>`);
    expect(
      maskHeaders({ "List-Unsubscribe": `<${b}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }),
    ).toEqual({
      "List-Unsubscribe": `<${HIDDEN_SECRET}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(maskHeaders(null)).toBeNull();
  });
});

describe("revealSecrets", () => {
  it("puts each secret back: as is in the text and headers, HTML-escaped in the HTML", () => {
    const mark = secretMark("link");
    const hostile = `${LINK}"><script>alert('x')</script>`;
    const mail = revealSecrets(
      { text: `Here: ${mark}`, html: `<a href="${mark}">${mark}</a>`, headers: { "List-Unsubscribe": `<${mark}>` } },
      { [mark]: hostile },
    );
    expect(mail.text).toBe(`Here: ${hostile}`);
    const escaped =
      "https://shop.example/reset-password?token=abc_DEF-123&amp;next=/profile&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;";
    expect(mail.html).toBe(`<a href="${escaped}">${escaped}</a>`);
    expect(mail.headers).toEqual({ "List-Unsubscribe": `<${hostile}>` });
  });

  it("never shows a mark it has no secret for: it stays hidden", () => {
    const known = secretMark("link");
    const unknown = secretMark("link");
    const mail = revealSecrets({ text: `${known} ${unknown}`, html: "" }, { [known]: LINK });
    expect(mail.text).toBe(`${LINK} ${HIDDEN_SECRET}`);
    expect(mail.headers).toBeNull();
  });
});
