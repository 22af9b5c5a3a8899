import { afterAll, afterEach, expect } from "vitest";

/**
 * Any console.error during a test fails that test (React reports its warnings there, and the shop
 * logs only what went wrong), and so does a React warning sent to console.warn. A test that
 * provokes an error log on purpose says so with `expectConsoleError(/pattern/)`: the messages that
 * match are allowed in that test only, and the test fails if none came.
 *
 * Shared by the setup files of the unit, service and worker projects: it needs nothing but the
 * console and vitest's hooks, so it runs in Node and in workerd alike (where the Worker's own
 * console.error, called through SELF.fetch, runs in the test's isolate and is caught here too).
 */

interface Allowance {
  pattern: RegExp;
  seen: number;
}

let allowances: Allowance[] = [];
let unexpected: string[] = [];

function describeValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The printed line, with React's printf-style `%s` placeholders filled in. */
export function formatConsoleArgs(args: unknown[]): string {
  const [first, ...rest] = args;
  if (typeof first === "string" && /%[sdifoOc]/.test(first)) {
    let index = 0;
    const filled = first.replace(/%[sdifoOc]/g, (token) =>
      token === "%c" ? (index++, "") : index < rest.length ? describeValue(rest[index++]) : token,
    );
    return [filled, ...rest.slice(index).map(describeValue)].join(" ");
  }
  return args.map(describeValue).join(" ");
}

/** React's development warnings start so ("Warning: Each child in a list should have a unique key…"). */
export const REACT_WARNING = /^Warning: /;

const original = { error: console.error, warn: console.warn };

/**
 * Counts a printed problem against this test: allowed when an `expectConsoleError` pattern matches
 * it, otherwise it fails the test at its end. Answers whether it was unexpected. The e2e browser
 * reports its pages' console errors and uncaught errors here too (test/e2e/browser.ts).
 */
export function reportConsoleProblem(kind: string, text: string): boolean {
  const allowance = allowances.find((a) => a.pattern.test(text));
  if (allowance) {
    allowance.seen++;
    return false;
  }
  unexpected.push(`${kind}: ${text}`);
  return true;
}

function report(kind: "console.error" | "console.warn", args: unknown[]) {
  if (reportConsoleProblem(kind, formatConsoleArgs(args)))
    (kind === "console.error" ? original.error : original.warn).apply(console, args);
}

console.error = (...args: unknown[]) => report("console.error", args);
console.warn = (...args: unknown[]) => {
  if (REACT_WARNING.test(formatConsoleArgs(args))) report("console.warn", args);
  else original.warn.apply(console, args);
};

/**
 * This test means to provoke an error log (or, in the browser, a console error) matching `pattern` (for example a database made to fail,
 * which the API logs before answering "Server error"). Matching messages no longer fail it; at its
 * end at least one must have come. Call it once per expected kind of message.
 */
export function expectConsoleError(pattern: RegExp) {
  allowances.push({ pattern, seen: 0 });
}

function check(when: string) {
  const found = unexpected;
  const missing = allowances.filter((a) => a.seen === 0).map((a) => a.pattern);
  unexpected = [];
  allowances = [];
  if (found.length > 0) {
    expect.fail(
      `${found.length} unexpected console message(s) ${when} (call expectConsoleError(/pattern/) in a test that provokes one on purpose):\n` +
        found.map((line) => `  ${line.split("\n").slice(0, 6).join("\n    ")}`).join("\n"),
    );
  }
  if (missing.length > 0)
    expect.fail(`expected a console.error matching ${missing.join(", ")} ${when}, but none was printed`);
}

afterEach(() => check("during this test"));
afterAll(() => check("in this file's hooks"));
