import { describe, expect, it } from "vitest";
import { addressOf, headerValue, mimeMessage } from "../../app/services/mail/mime";

const decode = (base64: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(base64.replace(/\s+/g, "")), (c) => c.charCodeAt(0)));

describe("mimeMessage", () => {
  const raw = mimeMessage({
    id: "2b1c-77",
    from: "Twistbloom Shop <shop@twistbloom.test>",
    to: "ada@example.com",
    subject: "Your order TB-1 — thank you",
    text: "Thanks, Ada! https://shop.test/orders/1",
    html: "<p>Thanks, Ada!</p>",
    headers: { "List-Unsubscribe": "<https://shop.test/newsletter/unsubscribe?token=x>" },
    date: new Date(Date.UTC(2026, 10, 23, 12, 0, 0)),
  });
  const [head, body] = [raw.slice(0, raw.indexOf("\r\n\r\n")), raw.slice(raw.indexOf("\r\n\r\n"))];

  it("has the headers, one per line, the subject encoded when it is not ASCII", () => {
    expect(head.split("\r\n")).toEqual([
      "From: Twistbloom Shop <shop@twistbloom.test>",
      "To: ada@example.com",
      `Subject: =?UTF-8?B?${btoa(String.fromCharCode(...new TextEncoder().encode("Your order TB-1 — thank you")))}?=`,
      "Date: Mon, 23 Nov 2026 12:00:00 +0000",
      "Message-ID: <2b1c-77@twistbloom.test>",
      "List-Unsubscribe: <https://shop.test/newsletter/unsubscribe?token=x>",
      "MIME-Version: 1.0",
      'Content-Type: multipart/alternative; boundary="twistbloom-2b1c77"',
    ]);
  });

  it("carries the text and the HTML part, base64 in short lines", () => {
    const parts = body.split("--twistbloom-2b1c77");
    expect(parts).toHaveLength(4);
    expect(parts[1]).toContain("Content-Type: text/plain; charset=UTF-8");
    expect(decode(parts[1]!.split("\r\n\r\n")[1]!)).toBe("Thanks, Ada! https://shop.test/orders/1");
    expect(decode(parts[2]!.split("\r\n\r\n")[1]!)).toBe("<p>Thanks, Ada!</p>");
    for (const line of raw.split("\r\n")) expect(line.length).toBeLessThanOrEqual(998);
  });

  it("cannot be given another header through a value", () => {
    expect(headerValue("Hi\r\nBcc: everyone@example.com")).toBe("Hi Bcc: everyone@example.com");
    expect(addressOf("Shop <shop@example.com>")).toBe("shop@example.com");
    const injected = mimeMessage({
      id: "1",
      from: "s@x.test",
      to: "a@x.test",
      subject: "Hi\r\nBcc: all@x.test",
      text: "",
      html: "",
    });
    expect(injected.split("\r\n").filter((line) => line.startsWith("Bcc:"))).toEqual([]);
  });
});
