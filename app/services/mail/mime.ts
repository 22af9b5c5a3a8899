/**
 * A MIME message (RFC 5322 / 2045) with a text and an HTML part, for Cloudflare's `send_email`
 * binding, which takes the raw message. Every header value is one line (CR/LF cannot start another
 * header); non-ASCII subjects are encoded words; bodies are base64 in 76-character lines.
 */

const utf8 = new TextEncoder();

function base64(text: string): string {
  let binary = "";
  for (const byte of utf8.encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function wrapped(text: string): string {
  return base64(text).replace(/.{1,76}/g, "$&\r\n");
}

const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

/** A header value as an RFC 2047 encoded word when it is not plain printable ASCII. */
export function headerValue(value: string): string {
  const line = oneLine(value);
  return /^[\x20-\x7e]*$/.test(line) ? line : `=?UTF-8?B?${base64(line)}?=`;
}

/** The bare address of `Name <address>` or of an address alone. */
export function addressOf(mailbox: string): string {
  const match = /<([^<>]+)>\s*$/.exec(mailbox);
  return oneLine(match ? match[1]! : mailbox);
}

export interface MimeMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string> | null;
  date?: Date;
}

/** The raw message. `from` may carry a display name (`Shop <shop@example.com>`). */
export function mimeMessage(mail: MimeMail): string {
  const boundary = `twistbloom-${mail.id.replace(/[^A-Za-z0-9]/g, "")}`;
  const fromMatch = /^(.*?)\s*<([^<>]+)>\s*$/.exec(mail.from);
  const from =
    fromMatch && fromMatch[1]
      ? `${headerValue(fromMatch[1].replace(/^"|"$/g, ""))} <${addressOf(mail.from)}>`
      : addressOf(mail.from);
  const domain = addressOf(mail.from).split("@")[1] ?? "localhost";
  const lines = [
    `From: ${from}`,
    `To: ${addressOf(mail.to)}`,
    `Subject: ${headerValue(mail.subject)}`,
    `Date: ${(mail.date ?? new Date()).toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <${mail.id}@${domain}>`,
    ...Object.entries(mail.headers ?? {}).map(
      ([name, value]) => `${name.replace(/[^A-Za-z0-9-]/g, "")}: ${headerValue(value)}`,
    ),
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=UTF-8",
    "Content-Transfer-Encoding: base64",
    "",
    wrapped(mail.text),
    `--${boundary}`,
    "Content-Type: text/html; charset=UTF-8",
    "Content-Transfer-Encoding: base64",
    "",
    wrapped(mail.html),
    `--${boundary}--`,
    "",
  ];
  return lines.join("\r\n");
}
