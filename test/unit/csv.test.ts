import { describe, expect, it } from "vitest";
import { cellText, CSV_MESSAGES, csvDocument, csvField, csvStream, decodeCsv, parseCsv } from "~/lib/csv";

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

describe("csvStream", () => {
  it("writes the header, then each page only when the reader asks for it", async () => {
    const asked: number[] = [];
    async function* pages() {
      for (const page of [1, 2]) {
        asked.push(page);
        yield [[`row ${page}`, "=x"]];
      }
    }
    const reader = csvStream(["name", "value"], pages()).getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe("name,value\r\n");
    expect(asked).toEqual([]);
    expect(decoder.decode((await reader.read()).value)).toBe("row 1,'=x\r\n");
    expect(asked).toEqual([1]);
    expect(decoder.decode((await reader.read()).value)).toBe("row 2,'=x\r\n");
    expect((await reader.read()).done).toBe(true);
  });
});

describe("decodeCsv", () => {
  const bytes = (...values: number[]) => new Uint8Array(values);
  it("reads UTF-8, dropping its byte order mark", () => {
    const text = "sku,name\r\nA-1,Rosé\r\n";
    expect(decodeCsv(new TextEncoder().encode(text))).toEqual({ text });
    expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]))).toEqual({ text });
  });

  it("refuses UTF-16 and Latin-1 with a message saying how to save the file", () => {
    expect(decodeCsv(bytes(0xff, 0xfe, 0x73, 0x00))).toEqual({ error: CSV_MESSAGES.encoding });
    expect(decodeCsv(bytes(0xfe, 0xff, 0x00, 0x73))).toEqual({ error: CSV_MESSAGES.encoding });
    expect(decodeCsv(bytes(0x73, 0x00, 0x6b, 0x00))).toEqual({ error: CSV_MESSAGES.encoding });
    // "Rosé" in Latin-1: é is the lone byte E9.
    expect(decodeCsv(bytes(0x52, 0x6f, 0x73, 0xe9))).toEqual({ error: CSV_MESSAGES.encoding });
    expect(CSV_MESSAGES.encoding).toContain("UTF-8");
  });
});

describe("parseCsv", () => {
  it("reads what csvDocument writes", () => {
    const rows = [
      ["a,b", 'say "hi"', "one\r\ntwo"],
      ["", "plain", "=1+2"],
    ];
    const parsed = parseCsv(csvDocument(["x", "y", "z"], rows));
    expect(parsed).toEqual({
      rows: [
        ["x", "y", "z"],
        ["a,b", 'say "hi"', "one\r\ntwo"],
        ["", "plain", "'=1+2"],
      ],
    });
  });

  it("takes LF or CRLF line ends, skips blank lines and reads a last line without its end", () => {
    expect(parseCsv("a,b\n\n1,2\r\n3,")).toEqual({
      rows: [
        ["a", "b"],
        ["1", "2"],
        ["3", ""],
      ],
    });
  });

  it("refuses a quote left open", () => {
    expect(parseCsv('a,"b\r\n1,2')).toEqual({ error: CSV_MESSAGES.unclosedQuote });
  });
});

describe("cellText", () => {
  it("takes off the quote the writer put before a formula, and refuses a formula", () => {
    expect(cellText("'=1+2")).toEqual({ value: "=1+2" });
    expect(cellText("'quoted")).toEqual({ value: "'quoted" });
    expect(cellText("plain")).toEqual({ value: "plain" });
    for (const formula of ["=1+2", "+1", "-1", "@SUM(A1)", "\t=1"])
      expect(cellText(formula)).toEqual({ error: CSV_MESSAGES.formula });
  });
});
