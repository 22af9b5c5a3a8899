import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import worker from "../../functions/worker";
import { credentialsOf, CUSTOMER as SEEDED_CUSTOMER } from "../fixtures/accounts";
import { BASE } from "./helpers";

// Every JSON API endpoint fed a generated set of malformed inputs: wrong types for every field,
// missing and extra fields, 100 KB strings, JSON nested 5000 deep, invalid JSON, empty bodies,
// wrong content types, unicode (RTL, zero-width, emoji, lone surrogates), SQL and HTML payloads,
// path-parameter and query-string garbage, forged and malformed credentials.
//
// For every answer: never a 5xx; a 2xx is {success: true}; anything else is JSON in the error
// envelope {success: false, message, errors?} with nosniff and no internals (stack, SQL error).
// Afterwards the SQL payloads have changed nothing (row counts, roles, the schema).
//
// The requests go to the Worker's fetch handler directly (the built Worker, in workerd, on the real
// D1), not through SELF: @cloudflare/vitest-pool-workers 0.15.1 wraps the entrypoint's prototype in
// one more Proxy for every SELF.fetch (createProxyPrototypeClass), so each request is slower than
// the last and a few thousand of them overflow the stack.

const CUSTOMER = credentialsOf(SEEDED_CUSTOMER);
const JWT_SECRET = "test-jwt-secret-0123456789abcdef";
const CHUNK = 16;

/** One request through the Worker's own fetch handler; the answer's text once its after-response work is done. */
async function fetchWorker(path: string, init: RequestInit = {}): Promise<{ response: Response; text: string }> {
  const ctx = createExecutionContext();
  const request = new Request(`${BASE}${path}`, init) as Parameters<typeof worker.fetch>[0];
  const response = await worker.fetch(request, env, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, text };
}

// ---------------------------------------------------------------- the payloads

const SQL = [
  "' OR 1=1 --",
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "1; DELETE FROM products; --",
  "' UNION SELECT id, email, password_hash, 1, 1 FROM users --",
  "1 UNION SELECT name, sql FROM sqlite_master --",
  "admin'--",
  "%' OR 1=1 OR '%'='",
  "1) OR (1=1",
  "'||(SELECT group_concat(email) FROM users)||'",
  "\\'; UPDATE users SET email='pwned@example.com'; --",
  '"; INSERT INTO user_roles (user_id, role_id) VALUES (2, 1); --',
];

const HTML = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "<svg/onload=alert(document.cookie)>",
  "javascript:alert(1)",
  "</script><script>alert(1)</script>",
  "{{constructor.constructor('alert(1)')()}}",
  "${7*7}<%= 7*7 %>",
  '<iframe src="https://evil.example"></iframe>',
];

const deepArray = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
const HUGE_ASCII = "a".repeat(100_000);
const HUGE_EMOJI = "🌸".repeat(25_000); // 100 KB of UTF-8

type Group =
  | "type"
  | "string"
  | "huge"
  | "deep"
  | "unicode"
  | "sql"
  | "html"
  | "shape"
  | "json"
  | "content-type"
  | "path"
  | "query"
  | "auth"
  | "method";
/** The groups that are attacks rather than plain garbage. */
const ATTACKS = new Set<Group>(["sql", "html", "path", "auth"]);

/** The payloads every field, segment and parameter gets; the full lists go where text is stored. */
const SQL_CORE = [SQL[0]!, SQL[2]!, SQL[4]!, SQL[6]!, SQL[9]!];
const HTML_CORE = [HTML[0]!, HTML[1]!, HTML[4]!];

const UNICODE: string[] = [
  JSON.stringify("\u202Eevil\u202C"),
  JSON.stringify("a\u200Bb\u200Dc\uFEFF"),
  JSON.stringify("🌸💐🌷👩‍👩‍👧 مرحبا"),
  '"\\ud800"',
  '"x\\udc00y\\ud83d"',
  '"\\u0000\\u0007\\u001b[31m"',
];

/** Values for a body field, as JSON text (so 1e309, lone surrogates and 5000-deep nesting stay exact). */
const FIELD_VALUES: Array<[Group, string]> = [
  ...[
    "0",
    "-1",
    "1.5",
    "1e309",
    "9007199254740993",
    "true",
    "false",
    "null",
    "[]",
    '[1,"a",null,{}]',
    "{}",
    '{"$ne":null}',
  ].map((v): [Group, string] => ["type", v]),
  ["type", '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"role":"admin"}},"toString":1}'],
  ...['""', '"   "', '"-1"', '"NaN"'].map((v): [Group, string] => ["string", v]),
  ["huge", JSON.stringify(HUGE_ASCII)],
  ["deep", deepArray(5000)],
  ["deep", deepObject(5000)],
  ...UNICODE.map((v): [Group, string] => ["unicode", v]),
  ...SQL_CORE.map((payload): [Group, string] => ["sql", JSON.stringify(payload)]),
  ...HTML_CORE.map((payload): [Group, string] => ["html", JSON.stringify(payload)]),
];

/** Text that goes on to the database when the rest of the body is valid: every SQL payload, HTML, the unicode, 100 KB of emoji. */
const STORED_VALUES: Array<[Group, string]> = [
  ...SQL.map((payload): [Group, string] => ["sql", JSON.stringify(payload)]),
  ...HTML_CORE.map((payload): [Group, string] => ["html", JSON.stringify(payload)]),
  ...UNICODE.map((v): [Group, string] => ["unicode", v]),
  ["huge", JSON.stringify(HUGE_EMOJI)],
];

/** Keys a client must never be able to set (role, price, status...), and prototype pollution. */
const EXTRA_FIELDS: Array<[string, string]> = [
  ["role", '"admin"'],
  ["roles", '[{"name":"admin"}]'],
  ["is_admin", "true"],
  ["id", "1"],
  ["user_id", "1"],
  ["price", "0"],
  ["total", "0.01"],
  ["status", '"delivered"'],
  ["__proto__", '{"isAdmin":true}'],
  ["constructor", '{"prototype":{"isAdmin":true}}'],
  ["", '"empty key"'],
];

/** Path segments, as they go into the URL (percent-encoded where a URL needs it). */
const SEGMENTS: Array<[Group, string]> = [
  ["path", "0"],
  ["path", "-1"],
  ["path", "1.5"],
  ["path", "1e309"],
  ["path", "-1e309"],
  ["path", "NaN"],
  ["path", "Infinity"],
  ["path", "0x10"],
  ["path", "00000000001"],
  ["path", "9".repeat(400)],
  ["path", "9".repeat(5000)],
  ["path", "a".repeat(10_000)],
  ["path", "../../etc/passwd"],
  ["path", "..%2F..%2Fetc%2Fpasswd"],
  ["path", "%2e%2e%2f%2e%2e%2fetc%2fpasswd"],
  ["path", "..%5C..%5Cwindows%5Cwin.ini"],
  ["path", "%00"],
  ["path", "a%00b"],
  ["path", "%"],
  ["path", "%zz"],
  ["path", "%ff%fe"],
  ["path", "%c0%af"],
  ["path", "%ED%A0%80"],
  ["path", "%E2%80%AE"],
  ["path", "%E2%80%8B"],
  ["path", "%F0%9F%8C%B8"],
  ["path", "null"],
  ["path", "undefined"],
  ["path", "__proto__"],
  ["path", "constructor"],
  ["path", "%20"],
  ["path", "%0d%0aSet-Cookie:%20pwned=1"],
  ["path", "%22%27%60"],
  ["path", "*"],
  ...SQL_CORE.map((payload): [Group, string] => ["sql", encodeURIComponent(payload)]),
  ...HTML_CORE.map((payload): [Group, string] => ["html", encodeURIComponent(payload)]),
];

/** Query values, as they go into the URL. */
const QUERY_VALUES: Array<[Group, string]> = [
  ...[
    "",
    "-1",
    "0",
    "1e309",
    "NaN",
    "abc",
    "9".repeat(400),
    Array.from({ length: 100 }, (_, i) => `c${i}`).join(","),
    "%00",
    "%",
    "%zz",
    "%ED%A0%80",
  ].map((v): [Group, string] => ["query", v]),
  ["huge", "x".repeat(8_000)],
  ["huge", "x".repeat(100_000)],
  ["unicode", "%E2%80%AEevil%E2%80%AC"],
  ["unicode", "a%E2%80%8Bb%EF%BB%BF"],
  ["unicode", encodeURIComponent("🌸💐 مرحبا")],
  ...SQL_CORE.slice(0, 3).map((payload): [Group, string] => ["sql", encodeURIComponent(payload)]),
  ...HTML_CORE.slice(0, 2).map((payload): [Group, string] => ["html", encodeURIComponent(payload)]),
];

// ---------------------------------------------------------------- one request, checked

interface Case {
  group: Group;
  label: string;
  method: string;
  path: string;
  body?: BodyInit;
  contentType?: string;
  token?: string;
  headers?: Record<string, string>;
}

const tally = {
  inputs: 0,
  attacks: 0,
  rejected: 0,
  accepted: 0,
  rateLimited: 0,
  byGroup: {} as Record<string, number>,
  byStatus: {} as Record<string, number>,
};
const violations: string[] = [];

let addresses = 0;
/** A client address of its own for every request, so no rate limit counter fills up. */
const nextAddress = () => {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** Internals an answer must never show: stack frames, source paths, database errors, password hashes. */
const LEAK =
  /\n\s+at |\bat [\w$.<>]+ \(|\.tsx?:\d+|node_modules|SQLITE_|D1_ERROR|no such (table|column)|syntax error|sqlite_master|pbkdf2|password_hash/i;
const ENVELOPE_KEYS = new Set(["success", "message", "errors"]);

/** What is wrong with an answer, or null. */
function problemWith(response: Response, text: string): string | null {
  const status = response.status;
  if (status >= 500) return "server error";
  if (status < 200 || (status >= 300 && status < 400)) return "neither success nor client error";
  if (response.headers.get("X-Content-Type-Options") !== "nosniff") return "no nosniff";
  if (!/^application\/json\b/.test(response.headers.get("Content-Type") ?? ""))
    return `not JSON (${response.headers.get("Content-Type")})`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "invalid JSON";
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "not an object";
  const envelope = body as Record<string, unknown>;
  if (status < 300) return envelope.success === true ? null : "2xx without success: true";
  if (LEAK.test(text)) return "leaks internals";
  if (envelope.success !== false) return "4xx without success: false";
  if (typeof envelope.message !== "string" || envelope.message.trim() === "") return "4xx without a message";
  const extra = Object.keys(envelope).filter((key) => !ENVELOPE_KEYS.has(key));
  if (extra.length) return `4xx with keys outside the envelope: ${extra.join(", ")}`;
  if ("errors" in envelope) {
    const errors = envelope.errors;
    if (typeof errors !== "object" || errors === null || Array.isArray(errors)) return "errors is not an object";
    for (const [field, messages] of Object.entries(errors)) {
      if (
        !Array.isArray(messages) ||
        messages.length === 0 ||
        messages.some((m) => typeof m !== "string" || m === "")
      ) {
        return `errors.${field} is not a list of messages`;
      }
    }
  }
  return null;
}

const short = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text);

async function send(c: Case): Promise<{ status: number; body: any }> {
  tally.inputs++;
  if (ATTACKS.has(c.group)) tally.attacks++;
  tally.byGroup[c.group] = (tally.byGroup[c.group] ?? 0) + 1;
  const headers: Record<string, string> = {
    Accept: "application/json",
    "CF-Connecting-IP": nextAddress(),
    ...(c.contentType ? { "Content-Type": c.contentType } : {}),
    ...(c.token ? { Authorization: `Bearer ${c.token}` } : {}),
    ...c.headers,
  };
  const where = `${c.method} ${short(c.path)} [${c.group}: ${short(c.label)}]`;
  let response: Response;
  let text: string;
  try {
    ({ response, text } = await fetchWorker(c.path, { method: c.method, headers, body: c.body, redirect: "manual" }));
  } catch (error) {
    violations.push(`${where}: the request failed: ${String(error)}`);
    return { status: 0, body: null };
  }
  const status = response.status;
  tally.byStatus[status] = (tally.byStatus[status] ?? 0) + 1;
  if (status === 429) tally.rateLimited++;
  if (status < 300) tally.accepted++;
  else tally.rejected++;
  // A raw "../" is resolved by the URL itself: /api/blogs/../../etc/passwd is /etc/passwd, a page
  // (the shop's 404), which only has to stay a client error with the base headers.
  const pathname = new URL(`${BASE}${c.path}`).pathname;
  const isApi = pathname === "/api" || pathname.startsWith("/api/");
  const problem = isApi
    ? problemWith(response, text)
    : status >= 500
      ? "server error"
      : response.headers.get("X-Content-Type-Options") !== "nosniff"
        ? "no nosniff"
        : null;
  if (problem) violations.push(`${where} -> ${status}: ${problem}: ${short(text)}`);
  let body: any = null;
  try {
    body = JSON.parse(text);
  } catch {
    // reported above
  }
  return { status, body };
}

/** Sends the cases CHUNK at a time; answers the violations they added. */
async function sendAll(cases: Case[]): Promise<string[]> {
  const before = violations.length;
  for (let i = 0; i < cases.length; i += CHUNK) await Promise.all(cases.slice(i, i + CHUNK).map(send));
  return violations.slice(before);
}

// ---------------------------------------------------------------- bodies, generated from a valid one

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = Array<string | number>;

const MARK = "\u0001FUZZ\u0001";

function clone<T extends Json>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function setAt(root: Json, path: Path, value: Json | undefined) {
  let node = root as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
}

/** Every field's path, containers as well as what they hold (items, items.0, items.0.quantity...). */
function fieldPaths(value: Json, prefix: Path = []): Path[] {
  if (value === null || typeof value !== "object") return [];
  const entries: Array<[string | number, Json]> = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...fieldPaths(child, [...prefix, key])]);
}

/** The valid body with the field at `path` replaced by the JSON text `fragment`. */
function bodyWith(base: Json, path: Path, fragment: string): string {
  const copy = clone(base);
  setAt(copy, path, MARK);
  return JSON.stringify(copy).replace(JSON.stringify(MARK), () => fragment);
}

/** A flat form of the body, as a form post would send it (nested values as JSON text). */
function formFields(base: Record<string, Json>): Array<[string, string]> {
  return Object.entries(base).map(([key, value]) => [key, typeof value === "string" ? value : JSON.stringify(value)]);
}

interface BodyEndpoint {
  method: string;
  path: string;
  /** Needs the customer's bearer token (read at run time, after the login). */
  auth: boolean;
  /** A body the endpoint accepts (or reads in full before refusing, where accepting would lock or create an account). */
  base: () => Record<string, Json>;
  /**
   * For endpoints that write (or hash a password) when a body passes: a field made invalid, so the
   * wrong-type matrix is validated in full without a write for each of its thousands of bodies; the
   * second pair serves when the first pair's field is the one being replaced.
   */
  poison?: [[string, Json], [string, Json]];
}

function fieldCases(endpoint: BodyEndpoint, token: string | undefined): Case[] {
  const base = endpoint.base();
  const cases: Case[] = [];
  const common = { method: endpoint.method, path: endpoint.path, contentType: "application/json", token };
  const baseFor = (path: Path): Json => {
    if (!endpoint.poison) return base;
    const [first, second] = endpoint.poison;
    const [field, value] = path[0] === first[0] ? second : first;
    const copy = clone(base);
    setAt(copy, [field], value);
    return copy;
  };
  for (const path of fieldPaths(base)) {
    const name = path.join(".");
    const matrixBase = baseFor(path);
    for (const [group, fragment] of FIELD_VALUES) {
      cases.push({ ...common, group, label: `${name} = ${fragment}`, body: bodyWith(matrixBase, path, fragment) });
    }
    // Text fields of a writing endpoint: the stored kinds once more, the rest of the body valid, so
    // they reach the service and its SQL.
    const leaf = path.reduce<Json>((node, key) => (node as Record<string | number, Json>)[key]!, base);
    if (endpoint.poison && typeof leaf === "string") {
      for (const [group, fragment] of STORED_VALUES) {
        cases.push({
          ...common,
          group,
          label: `${name} = ${short(fragment)} (valid otherwise)`,
          body: bodyWith(base, path, fragment),
        });
      }
    }
    const missing = clone(matrixBase);
    setAt(missing, path, undefined);
    cases.push({ ...common, group: "shape", label: `without ${name}`, body: JSON.stringify(missing) });
  }
  for (const [key, fragment] of EXTRA_FIELDS) {
    const text = JSON.stringify(base);
    cases.push({
      ...common,
      group: "shape",
      label: `extra ${key}`,
      body: `{${JSON.stringify(key)}:${fragment},${text.slice(1)}`,
    });
  }
  return cases;
}

/** Whole bodies that are not what the endpoint reads: not JSON, not an object, the wrong type... */
function wholeBodyCases(endpoint: BodyEndpoint, token: string | undefined): Case[] {
  const base = endpoint.base();
  const valid = JSON.stringify(base);
  const firstKey = Object.keys(base)[0] ?? "a";
  const common = { method: endpoint.method, path: endpoint.path, token };
  const json = (group: Group, label: string, body: BodyInit, contentType = "application/json"): Case => ({
    ...common,
    group,
    label,
    body,
    contentType,
  });
  const form = new FormData();
  for (const [key, value] of formFields(base)) form.append(key, value);
  const fileForm = new FormData();
  fileForm.append(firstKey, new Blob(["<script>alert(1)</script>"], { type: "text/html" }), "x.html");
  const manyKeys = `{${Array.from({ length: 10_000 }, (_, i) => `"k${i}":${i}`).join(",")}}`;
  return [
    { ...common, group: "json", label: "no body, no content type" },
    json("json", "empty body", ""),
    json("json", "whitespace body", " \n\t "),
    json("json", "null", "null"),
    json("json", "[]", "[]"),
    json("json", "[valid]", `[${valid}]`),
    json("json", "string", '"hello"'),
    json("json", "number", "123"),
    json("json", "true", "true"),
    json("json", "{", "{"),
    json("json", "unterminated", `{"${firstKey}":`),
    json("json", "single quotes", `{'${firstKey}':'x'}`),
    json("json", "trailing comma", `{"${firstKey}":"x",}`),
    json("json", "NaN", "NaN"),
    json("json", "undefined", "undefined"),
    json("json", "trailing garbage", `${valid}garbage`),
    json("json", "NUL", "\u0000"),
    json("json", "bad escape", `{"${firstKey}":"\\x41"}`),
    json("json", "unterminated surrogate", `{"${firstKey}":"\\ud800`),
    json("json", "BOM", `\uFEFF${valid}`),
    json("json", "comment", `/* hi */${valid}`),
    json("json", "duplicate keys", `{"${firstKey}":{"x":1},${valid.slice(1)}`),
    json(
      "json",
      "invalid UTF-8 bytes",
      new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x80, 0x22, 0x7d]),
    ),
    json("json", "binary", new Uint8Array([0, 1, 2, 0xff, 0x00, 0x80, 0x7f])),
    json("deep", "array nested 5000 deep", deepArray(5000)),
    json("deep", "object nested 5000 deep", deepObject(5000)),
    json("deep", "valid body with a 5000-deep extra", `{"extra":${deepObject(5000)},${valid.slice(1)}`),
    json("huge", "valid body padded to 100 KB", `{"padding":${JSON.stringify(HUGE_ASCII)},${valid.slice(1)}`),
    json("huge", "10,000 keys", manyKeys),
    json("huge", "1,000 copies", `[${Array.from({ length: 1000 }, () => valid).join(",")}]`),
    json("shape", "{}", "{}"),
    json("content-type", "text/plain", valid, "text/plain"),
    json("content-type", "text/plain;charset=UTF-8", valid, "text/plain;charset=UTF-8"),
    json("content-type", "application/xml with JSON", valid, "application/xml"),
    json(
      "content-type",
      "application/xml with XXE",
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><request><email>&e;</email></request>',
      "application/xml",
    ),
    json("content-type", "text/html", "<html><body>hi</body></html>", "text/html"),
    json("content-type", "utf-16 charset", valid, "application/json; charset=utf-16"),
    json("content-type", "json with a vendor type", valid, "application/vnd.api+json"),
    json("content-type", "two types", valid, "application/json, text/html"),
    json("content-type", "garbage type", valid, ";;;==="),
    json("content-type", "form type with a JSON body", valid, "application/x-www-form-urlencoded"),
    json(
      "content-type",
      "form-urlencoded fields",
      new URLSearchParams(formFields(base)).toString(),
      "application/x-www-form-urlencoded",
    ),
    json(
      "content-type",
      "form-urlencoded garbage",
      "%%%&&&===&a=%zz&=&b&__proto__[x]=1",
      "application/x-www-form-urlencoded",
    ),
    { ...common, group: "content-type", label: "multipart fields", body: form },
    { ...common, group: "content-type", label: "multipart with a file", body: fileForm },
    json(
      "content-type",
      "multipart with a wrong boundary",
      '--other\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--other--',
      "multipart/form-data; boundary=zzz",
    ),
    json("content-type", "multipart without a boundary", "garbage", "multipart/form-data"),
    json("content-type", "multipart with a JSON body", valid, "multipart/form-data; boundary=x"),
  ];
}

// ---------------------------------------------------------------- the endpoints

let customerToken = "";
let fuzzProductId = 0;
let standardShippingId = 0;
let couponId = 0;
let blogId = 0;
let orderId = 0;
let names = { setting: "", category: "", product: "", blog: "" };

interface Counts {
  users: number;
  products: number;
  categories: number;
  blogs: number;
  user_roles: number;
  admins: number;
  coupons: number;
  tables: number;
  customer_email: string;
}

const countsNow = async (): Promise<Counts> =>
  (await env.DB.prepare(
    `SELECT (SELECT COUNT(*) FROM users) AS users, (SELECT COUNT(*) FROM products) AS products,
      (SELECT COUNT(*) FROM categories) AS categories, (SELECT COUNT(*) FROM blogs) AS blogs,
      (SELECT COUNT(*) FROM user_roles) AS user_roles,
      (SELECT COUNT(*) FROM user_roles JOIN roles ON roles.id = user_roles.role_id WHERE roles.name <> 'customer') AS admins,
      (SELECT COUNT(*) FROM coupons) AS coupons,
      (SELECT COUNT(*) FROM sqlite_master WHERE type = 'table') AS tables,
      (SELECT email FROM users WHERE id = (SELECT MIN(id) FROM users WHERE email = '${CUSTOMER.email}')) AS customer_email`,
  ).first<Counts>())!;

let before: Counts;

async function login(): Promise<string> {
  const { response, text } = await fetchWorker("/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": nextAddress() },
    body: JSON.stringify(CUSTOMER),
  });
  expect(response.status).toBe(200);
  return (JSON.parse(text) as { data: { token: string } }).data.token;
}

const customer = (): Record<string, Json> => ({
  firstName: "Ann",
  lastName: "Lee",
  email: "ann.fuzz@example.com",
  phone: "+94 77 123 4567",
  address: "12 Temple Road",
  city: "Colombo",
  state: "Western",
  zipCode: "00300",
  country: "LK",
  notes: "Leave at the door",
});

/** The endpoints that read a body, each with a body it accepts. */
const BODY_ENDPOINTS: BodyEndpoint[] = [
  // A taken email: the body is read and checked in full, and no account is ever created.
  {
    method: "POST",
    path: "/api/auth/register",
    auth: false,
    base: () => ({ name: "Ann Lee", email: CUSTOMER.email, password: "Secret123", password_confirmation: "Secret123" }),
  },
  // An unknown account: no real account is locked out by the failures.
  {
    method: "POST",
    path: "/api/auth/login",
    auth: false,
    base: () => ({ email: "nobody.fuzz@example.com", password: "Secret123", remember: true }),
  },
  {
    method: "PUT",
    path: "/api/v1/auth/profile",
    auth: true,
    base: () => ({
      name: "Casey Customer",
      email: CUSTOMER.email,
      phone: "+1 555 0100",
      address: "1 Main Street",
      city: "Springfield",
      state: "Illinois",
      zip_code: "62701",
      country: "US",
    }),
    poison: [
      ["email", "not-an-email"],
      ["name", "1"],
    ],
  },
  // A wrong current password: never changes it (or revokes the token the other calls use).
  {
    method: "PUT",
    path: "/api/v1/auth/password",
    auth: true,
    base: () => ({
      current_password: "NotMine1234",
      new_password: "NewSecret123",
      new_password_confirmation: "NewSecret123",
    }),
    poison: [
      ["new_password", "short"],
      ["current_password", ""],
    ],
  },
  {
    method: "POST",
    path: "/api/shipping/methods",
    auth: false,
    base: () => ({ subtotal: 40, country_code: "LK", state_code: "" }),
  },
  {
    method: "POST",
    path: "/api/shipping/calculate",
    auth: false,
    base: () => ({ subtotal: 40, shipping_method_id: standardShippingId }),
  },
  {
    method: "POST",
    path: "/api/tax/calculate",
    auth: false,
    base: () => ({ subtotal: 40, country_code: "US", state_code: "CA" }),
  },
  { method: "POST", path: "/api/coupons/validate", auth: false, base: () => ({ code: "WELCOME10", subtotal: 60 }) },
  { method: "POST", path: "/api/coupons/apply", auth: false, base: () => ({ coupon_id: couponId, subtotal: 60 }) },
  {
    method: "POST",
    path: "/api/orders",
    auth: true,
    base: () => ({
      items: [{ product_id: fuzzProductId, quantity: 1 }],
      customer: customer(),
      payment_method: "cash_on_delivery",
      shipping_method_id: standardShippingId,
      coupon_code: "",
    }),
    poison: [
      ["payment_method", "card"],
      ["items", []],
    ],
  },
  {
    method: "POST",
    path: "/api/contact/submit",
    auth: false,
    base: () => ({
      name: "Ann Lee",
      email: "ann.fuzz@example.com",
      subject: "Custom bouquet",
      message: "Could you make one in blue and gold?",
    }),
    poison: [
      ["email", "not-an-email"],
      ["name", "1"],
    ],
  },
];

/** Every GET, with the query parameters it reads. */
const GET_ENDPOINTS: Array<{ path: string; params: string[]; auth?: boolean }> = [
  { path: "/api/health", params: ["_t"] },
  { path: "/api/settings/public", params: ["_t", "group"] },
  { path: "/api/home", params: ["_t"] },
  { path: "/api/categories", params: ["with_counts"] },
  {
    path: "/api/products",
    params: [
      "categories",
      "min_price",
      "max_price",
      "colors",
      "sort_by",
      "sort_order",
      "search",
      "in_stock",
      "on_sale",
      "featured",
      "page",
      "per_page",
    ],
  },
  { path: "/api/products/featured", params: ["limit"] },
  {
    path: "/api/blogs",
    params: ["page", "per_page", "search", "category_id", "tag", "difficulty", "sort_by", "sort_order", "featured"],
  },
  { path: "/api/tax/rates", params: ["country_code", "state_code"] },
  { path: "/api/v1/auth/profile", params: ["_t"], auth: true },
  { path: "/api/v1/orders/my-orders", params: ["page", "status"], auth: true },
];

/** Routes with a path parameter; `{}` marks it. */
const PARAM_ROUTES: Array<{ method: string; path: string; auth?: boolean; valid: () => string }> = [
  { method: "GET", path: "/api/settings/key/{}", valid: () => names.setting },
  { method: "GET", path: "/api/categories/{}", valid: () => names.category },
  { method: "GET", path: "/api/products/slug/{}", valid: () => names.product },
  { method: "GET", path: "/api/blogs/{}", valid: () => names.blog },
  { method: "POST", path: "/api/blogs/{}/like", valid: () => String(blogId) },
  { method: "DELETE", path: "/api/blogs/{}/like", valid: () => String(blogId) },
  { method: "GET", path: "/api/v1/orders/{}", auth: true, valid: () => String(orderId) },
];

/** Every route that needs (or may carry) credentials. */
const CREDENTIAL_ROUTES: Array<{ method: string; path: string; body?: () => string }> = [
  { method: "POST", path: "/api/auth/refresh" },
  { method: "POST", path: "/api/auth/logout" },
  { method: "POST", path: "/api/v1/auth/logout" },
  { method: "GET", path: "/api/v1/auth/profile" },
  { method: "PUT", path: "/api/v1/auth/profile", body: () => JSON.stringify(BODY_ENDPOINTS[2]!.base()) },
  { method: "PUT", path: "/api/v1/auth/password", body: () => JSON.stringify(BODY_ENDPOINTS[3]!.base()) },
  { method: "GET", path: "/api/v1/orders/my-orders" },
  { method: "GET", path: "/api/v1/orders/{order}" },
  { method: "POST", path: "/api/orders", body: () => JSON.stringify(BODY_ENDPOINTS[9]!.base()) },
  { method: "POST", path: "/api/blogs/{blog}/like" },
];

const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");

beforeAll(async () => {
  const ids = await env.DB.prepare(
    `SELECT (SELECT id FROM shipping_methods WHERE code = 'standard') AS shipping,
      (SELECT id FROM coupons WHERE code = 'WELCOME10') AS coupon,
      (SELECT id FROM blogs WHERE status = 'published' ORDER BY id LIMIT 1) AS blog,
      (SELECT slug FROM blogs WHERE status = 'published' ORDER BY id LIMIT 1) AS blog_slug,
      (SELECT slug FROM categories ORDER BY id LIMIT 1) AS category,
      (SELECT slug FROM products WHERE is_active = 1 ORDER BY id LIMIT 1) AS product_slug,
      (SELECT key FROM settings WHERE is_public = 1 ORDER BY id LIMIT 1) AS setting,
      (SELECT id FROM products WHERE is_active = 1 AND stock > 0 ORDER BY id DESC LIMIT 1) AS product`,
  ).first<{
    shipping: number;
    coupon: number;
    blog: number;
    blog_slug: string;
    category: string;
    product_slug: string;
    setting: string;
    product: number;
  }>();
  expect(ids).toBeTruthy();
  standardShippingId = ids!.shipping;
  couponId = ids!.coupon;
  blogId = ids!.blog;
  fuzzProductId = ids!.product;
  names = { setting: ids!.setting, category: ids!.category, product: ids!.product_slug, blog: ids!.blog_slug };
  // Orders that pass validation are placed: enough stock that none is refused for it.
  await env.DB.prepare("UPDATE products SET stock = 100000 WHERE id = ?").bind(fuzzProductId).run();
  before = await countsNow();
  customerToken = await login();
  // One order of the customer's own, for /api/v1/orders/{id}.
  const placed = await fetchWorker("/api/orders", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Bearer ${customerToken}`,
      "CF-Connecting-IP": nextAddress(),
    },
    body: JSON.stringify(BODY_ENDPOINTS[9]!.base()),
  });
  expect(placed.response.status).toBe(201);
  orderId = (JSON.parse(placed.text) as { data: { id: number } }).data.id;
});

afterAll(() => {
  const groups = Object.entries(tally.byGroup)
    .map(([group, n]) => `${group} ${n}`)
    .join(", ");
  const statuses = Object.entries(tally.byStatus)
    .map(([status, n]) => `${status}: ${n}`)
    .join(", ");
  console.log(
    `[security fuzz] ${tally.inputs} inputs tried (${tally.attacks} attacks: SQL, HTML/script, path traversal, forged credentials); ` +
      `${tally.rejected} refused (${tally.rateLimited} rate limited), ${tally.accepted} accepted; ${violations.length} got through ` +
      `(5xx or outside the envelope).\n[security fuzz] by kind: ${groups}\n[security fuzz] by status: ${statuses}`,
  );
});

// ---------------------------------------------------------------- the suite

describe("the JSON API under malformed input", () => {
  it("every field of every body, replaced by wrong types, huge, deep, unicode, SQL and HTML values, removed, or joined by extras", async () => {
    const cases = BODY_ENDPOINTS.flatMap((endpoint) => fieldCases(endpoint, endpoint.auth ? customerToken : undefined));
    expect(cases.length).toBeGreaterThan(1500);
    expect(await sendAll(cases)).toEqual([]);
  }, 600_000);

  it("whole bodies: empty, not JSON, not an object, nested 5000 deep, 100 KB, and every wrong content type", async () => {
    const cases = BODY_ENDPOINTS.flatMap((endpoint) =>
      wholeBodyCases(endpoint, endpoint.auth ? customerToken : undefined),
    );
    expect(await sendAll(cases)).toEqual([]);
  }, 600_000);

  it("refresh and both logouts read their garbage bodies with a live session (and end it cleanly)", async () => {
    const bodies = wholeBodyCases(
      { method: "POST", path: "", auth: true, base: () => ({ reason: "fuzz" }) },
      undefined,
    );
    // Refresh revokes the token it was given and answers a new one: chain them.
    let token = await login();
    const found: string[] = [];
    for (const body of bodies) {
      const before = violations.length;
      const { status, body: answer } = await send({ ...body, path: "/api/auth/refresh", token });
      found.push(...violations.slice(before));
      expect(status).toBe(200);
      token = answer.data.token;
    }
    // A logout ends the session: one live token per garbage body.
    for (const path of ["/api/auth/logout", "/api/v1/auth/logout"]) {
      for (const body of bodies.filter((_, i) => i % 12 === 0)) {
        const before = violations.length;
        const { status } = await send({ ...body, path, token: await login() });
        found.push(...violations.slice(before));
        expect(status).toBe(200);
      }
    }
    expect(found).toEqual([]);
  }, 600_000);

  it("GET lists and lookups with garbage in every query parameter", async () => {
    const cases: Case[] = [];
    for (const endpoint of GET_ENDPOINTS) {
      const token = endpoint.auth ? customerToken : undefined;
      for (const param of endpoint.params) {
        for (const [group, value] of QUERY_VALUES) {
          cases.push({
            group,
            label: `${param}=${value}`,
            method: "GET",
            path: `${endpoint.path}?${param}=${value}`,
            token,
          });
        }
        for (const query of [`${param}=1&${param}=%27%20OR%201%3D1`, `${param}[]=1`, `${param}`]) {
          cases.push({ group: "query", label: query, method: "GET", path: `${endpoint.path}?${query}`, token });
        }
      }
      for (const query of [
        "&&&",
        "?",
        "__proto__=1&constructor=1",
        "a=1&".repeat(2000),
        "%",
        "=",
        "page=2&per_page=50&min_price=30&max_price=10",
        "min_price=0&max_price=1e309",
      ]) {
        cases.push({ group: "query", label: query, method: "GET", path: `${endpoint.path}?${query}`, token });
      }
      // Nonsense headers a GET may carry.
      cases.push({
        group: "content-type",
        label: "GET with a content type",
        method: "GET",
        path: endpoint.path,
        contentType: "application/xml",
        token,
      });
      cases.push({
        group: "content-type",
        label: "GET accepting XML",
        method: "GET",
        path: endpoint.path,
        headers: { Accept: "application/xml" },
        token,
      });
    }
    expect(await sendAll(cases)).toEqual([]);
  }, 600_000);

  it("path parameters: traversal, NUL, malformed escapes, huge, negative and non-finite ids, SQL and HTML", async () => {
    // A POST or DELETE that "../" resolves to the page /etc/passwd/like reaches the catch-all page
    // route, which has no action: Remix answers 405, a client's error, which is not logged.
    const cases: Case[] = [];
    for (const route of PARAM_ROUTES) {
      const token = route.auth ? customerToken : undefined;
      for (const [group, segment] of SEGMENTS) {
        cases.push({ group, label: segment, method: route.method, path: route.path.replace("{}", segment), token });
      }
      // And the valid one, so each route is seen answering too.
      cases.push({
        group: "path",
        label: "valid",
        method: route.method,
        path: route.path.replace("{}", route.valid()),
        token,
      });
    }
    // Traversal and garbage in the fixed part of the paths.
    for (const path of [
      "/api/../api/health",
      "/api/%2e%2e/api/health",
      "/api//products",
      "/api/products/",
      "/api/products/slug/",
      "/api/v1/orders/",
      "/api/%00",
      "/api/" + "x/".repeat(2000),
      "/api/v2/auth/profile",
      "/api",
    ]) {
      cases.push({ group: "path", label: path, method: "GET", path, token: customerToken });
    }
    expect(await sendAll(cases)).toEqual([]);
  }, 600_000);

  it("unsupported methods on every route", async () => {
    const paths = [
      ...GET_ENDPOINTS.map((endpoint) => endpoint.path),
      ...BODY_ENDPOINTS.map((endpoint) => endpoint.path),
      ...PARAM_ROUTES.map((route) => route.path.replace("{}", route.valid())),
      "/api/auth/refresh",
      "/api/auth/logout",
      "/api/v1/auth/logout",
    ];
    const cases: Case[] = [];
    for (const path of new Set(paths)) {
      for (const method of ["PATCH", "OPTIONS", "PUT", "DELETE", "POST", "GET"]) {
        // The routes' own methods are fuzzed above (and a POST to refresh or log out would end the token the other tests use).
        const own = [
          ...BODY_ENDPOINTS,
          ...GET_ENDPOINTS.map((e) => ({ ...e, method: "GET" })),
          ...PARAM_ROUTES.map((route) => ({ method: route.method, path: route.path.replace("{}", route.valid()) })),
          ...CREDENTIAL_ROUTES,
        ];
        if (own.some((e) => e.path === path && e.method === method)) continue;
        cases.push({
          group: "method",
          label: method,
          method,
          path,
          contentType: "application/json",
          body: method === "GET" ? undefined : "{}",
          token: customerToken,
        });
      }
    }
    expect(await sendAll(cases)).toEqual([]);
  }, 600_000);

  it("forged, malformed and cookie-borne credentials on every route that reads them", async () => {
    const secret = new TextEncoder().encode(JWT_SECRET);
    const future = Math.floor(Date.now() / 1000) + 3600;
    const [, payload] = customerToken.split(".");
    const claims = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/"))) as Record<string, unknown>;
    const wrongSecret = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode("not-the-secret-0123456789abcdef"));
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: "HS512", typ: "JWT" }).sign(secret);
    const otherUser = await new SignJWT({ ...claims, sub: "1" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(secret);
    const unknownSession = await new SignJWT({ ...claims, sid: "' OR 1=1 --" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(secret);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(secret);
    const { exp: _exp, ...withoutExp } = claims;
    const noExp = await new SignJWT(withoutExp).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(secret);
    const subNotNumber = await new SignJWT({ ...claims, sub: "1 OR 1=1", exp: future })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(secret);
    const withCrit = `${b64url({ alg: "HS256", typ: "JWT", crit: ["exp"] })}.${payload}.${customerToken.split(".")[2]}`;
    const algNone = `${b64url({ alg: "none", typ: "JWT" })}.${payload}.`;
    const [h, p, s] = customerToken.split(".");
    // A character in the middle: the last one carries unused bits, and changing it can leave the signature valid.
    const tampered = `${h}.${p}.${s!.slice(0, 10)}${s![10] === "A" ? "B" : "A"}${s!.slice(11)}`;
    const authorizations = [
      "Bearer",
      "Bearer ",
      "Bearer x",
      "Bearer a.b.c",
      `Bearer ${algNone}`,
      `Bearer ${withCrit}`,
      `Bearer ${wrongSecret}`,
      `Bearer ${hs512}`,
      `Bearer ${otherUser}`,
      `Bearer ${unknownSession}`,
      `Bearer ${expired}`,
      `Bearer ${noExp}`,
      `Bearer ${subNotNumber}`,
      `Bearer ${tampered}`,
      `Bearer ${customerToken} extra`,
      `Bearer ${customerToken}${"A".repeat(4000)}`,
      `Bearer ${"A".repeat(8000)}`,
      "Bearer ' OR 1=1 --",
      "Bearer <script>alert(1)</script>",
      "Basic Y3VzdG9tZXJAdHdpc3RibG9vbS50ZXN0OkN1c3RvbWVyMTIzNA==",
      "Token abc",
      "null",
    ];
    const cases: Case[] = [];
    for (const route of CREDENTIAL_ROUTES) {
      const path = route.path.replace("{order}", String(orderId)).replace("{blog}", String(blogId));
      const body = route.body?.();
      const contentType = body ? "application/json" : undefined;
      for (const authorization of authorizations) {
        cases.push({
          group: "auth",
          label: short(authorization),
          method: route.method,
          path,
          body,
          contentType,
          headers: { Authorization: authorization },
        });
      }
      // The session cookie: garbage, or a live one without (or with a wrong) CSRF header.
      for (const [label, headers] of [
        ["garbage cookie", { Cookie: "session=garbage" }],
        ["forged cookie", { Cookie: `session=${wrongSecret}` }],
        ["SQL cookie", { Cookie: `session=${encodeURIComponent("' OR 1=1 --")}` }],
        ["cookie overflow", { Cookie: `session=${"x".repeat(8000)}; ${"a=b; ".repeat(500)}` }],
        ["live cookie, no CSRF", { Cookie: `session=${customerToken}` }],
        ["live cookie, wrong CSRF", { Cookie: `session=${customerToken}`, "X-CSRF-Token": "' OR 1=1 --" }],
        ["live cookie, forged CSRF", { Cookie: `session=${customerToken}`, "X-CSRF-Token": "a".repeat(64) }],
      ] as Array<[string, Record<string, string>]>) {
        // A live cookie on a logout or refresh would (rightly) need the CSRF header; without it nothing is ended.
        cases.push({ group: "auth", label, method: route.method, path, body, contentType, headers });
      }
      // Idempotency-Key garbage on orders.
      if (route.path === "/api/orders") {
        for (const key of [
          "",
          "short",
          "x".repeat(101),
          "' OR 1=1 --",
          "<script>",
          "../../etc",
          "a".repeat(5000),
          "key with spaces and ümlauts".replace(/ü/g, "u"),
        ]) {
          cases.push({
            group: "auth",
            label: `Idempotency-Key ${short(key)}`,
            method: "POST",
            path,
            body,
            contentType,
            token: customerToken,
            headers: { "Idempotency-Key": key },
          });
        }
      }
    }
    expect(await sendAll(cases)).toEqual([]);
    // The live token still works: nothing above ended the customer's session.
    const profile = await send({
      group: "auth",
      label: "the live token",
      method: "GET",
      path: "/api/v1/auth/profile",
      token: customerToken,
    });
    expect(profile.status).toBe(200);
  }, 600_000);

  it("the SQL payloads changed no data: users, roles, products, categories, blogs, coupons and tables are as they were", async () => {
    const after = await countsNow();
    expect(after).toEqual(before);
    // The customer is still a customer and nothing else.
    const roles = await env.DB.prepare(
      "SELECT roles.name AS name FROM user_roles JOIN roles ON roles.id = user_roles.role_id JOIN users ON users.id = user_roles.user_id WHERE users.email = ?",
    )
      .bind(CUSTOMER.email)
      .all<{ name: string }>();
    expect(roles.results.map((row) => row.name)).toEqual(["customer"]);
    // And the API still serves the catalogue.
    const products = await send({
      group: "sql",
      label: "catalogue after the attacks",
      method: "GET",
      path: "/api/products?per_page=50&_t=after",
    });
    expect(products.status).toBe(200);
    expect(products.body.data.total).toBeGreaterThan(0);
  });

  it("let nothing through: no 5xx and no answer outside the envelope, over every input above", () => {
    expect(tally.inputs).toBeGreaterThan(4000);
    expect(violations).toEqual([]);
  });
});
