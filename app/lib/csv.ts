/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF line ends, a field quoted when it holds a comma,
 * a quote or a line break, quotes doubled), made safe to open in a spreadsheet: a value that starts
 * with `=`, `+`, `-`, `@` (or a tab or carriage return, which some spreadsheets skip before reading
 * a formula) gets a leading `'`, so it is shown as text and never run as a formula (OWASP's
 * "CSV injection"). The reader is the writer's mirror: it takes that `'` off again, and refuses a
 * cell that would run as a formula.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row, ended by CRLF. */
export const csvLine = (row: ReadonlyArray<CsvValue>): string => `${row.map(csvField).join(",")}\r\n`;

/** The header row and the rows, each line ended by CRLF. */
export function csvDocument(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return [header, ...rows].map(csvLine).join("");
}

/**
 * The header, then each page of rows `pages` gives, as a stream of UTF-8 bytes: a page is read only
 * when the reader of the stream asks for more, so a file of any length never needs all its rows in
 * memory. A client that goes away stops the pages.
 */
export function csvStream(
  header: readonly string[],
  pages: AsyncIterator<ReadonlyArray<ReadonlyArray<CsvValue>>>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(csvLine(header)));
          return;
        }
        const page = await pages.next();
        if (page.done) controller.close();
        else controller.enqueue(encoder.encode(page.value.map(csvLine).join("")));
      },
      async cancel() {
        await pages.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** A CSV file staff download: an attachment named `{name}-{today, UTC}.csv`, never stored by a cache. */
export function csvFile(body: string | ReadableStream<Uint8Array>, name: string): Response {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

// ---------------------------------------------------------------- reading

export const CSV_MESSAGES = {
  encoding:
    "The file is not UTF-8 text. Save it as “CSV UTF-8 (comma delimited)” (in Excel: File, Save As) and upload it again.",
  unclosedQuote: "A quoted cell is not closed: the file ends inside quotes.",
  empty: "The file is empty.",
  formula:
    "This cell starts with =, +, -, @ or a tab, which a spreadsheet runs as a formula. Start it with ' to keep it as text.",
} as const;

/**
 * The text of an uploaded CSV file: UTF-8, with or without its byte order mark. UTF-16 (a BOM of
 * FF FE or FE FF, or NUL bytes) and bytes that are not UTF-8 (Latin-1, Windows-1252) are refused
 * with a message saying how to save the file, never read as something else.
 */
export function decodeCsv(bytes: Uint8Array): { text: string } | { error: string } {
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (utf16 || bytes.includes(0)) return { error: CSV_MESSAGES.encoding };
  try {
    // `ignoreBOM: false` (the default) drops a UTF-8 BOM.
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { error: CSV_MESSAGES.encoding };
  }
}

/**
 * The rows of a CSV text as RFC 4180 reads them: fields split by commas, a quoted field may hold
 * commas, doubled quotes and line breaks; lines end with CRLF or LF. A blank line is no row. A
 * quote left open to the end of the text is an error.
 */
export function parseCsv(text: string): { rows: string[][] } | { error: string } {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== "") rows.push(row);
    row = [];
    field = "";
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      i++;
      continue;
    }
    if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      endRow();
      i++;
    } else if (char === "\n") endRow();
    else field += char;
    i++;
  }
  if (quoted) return { error: CSV_MESSAGES.unclosedQuote };
  if (field !== "" || row.length) endRow();
  return { rows };
}

/**
 * A cell as read back: the `'` the writer put before a would-be formula is taken off; a cell that
 * would run as a formula (written by hand, or by another program) is refused.
 */
export function cellText(cell: string): { value: string } | { error: string } {
  if (FORMULA_START.test(cell)) return { error: CSV_MESSAGES.formula };
  if (cell.startsWith("'") && FORMULA_START.test(cell.slice(1))) return { value: cell.slice(1) };
  return { value: cell };
}
