import { describe, expect, it } from "vitest";
import { csvDocument, csvField } from "~/lib/csv";

describe("csvField", () => {
  it("leaves plain values alone and writes nothing for null", () => {
    expect(csvField("ann@example.com")).toBe("ann@example.com");
    expect(csvField(42)).toBe("42");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });

  it("quotes a value with a comma, a quote or a line break, doubling the quotes", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("one\ntwo")).toBe('"one\ntwo"');
  });

  it("makes a would-be formula plain text with a leading quote", () => {
    for (const value of ["=1+2", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1"])
      expect(csvField(value).replace(/^"/, "").startsWith("'")).toBe(true);
    expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });
});

describe("csvDocument", () => {
  it("writes the header and the rows, each line ended by CRLF", () => {
    expect(
      csvDocument(
        ["email", "status"],
        [
          ["a@example.com", "subscribed"],
          ["b@example.com", null],
        ],
      ),
    ).toBe("email,status\r\na@example.com,subscribed\r\nb@example.com,\r\n");
  });
});
