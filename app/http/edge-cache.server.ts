import { log } from "../services/log.server";
import type { Database } from "../../db/client";
import type { QueryTimer } from "../../db/timing";
import { TAGS } from "../lib/cache-tags";
import { CACHE_SECONDS } from "../lib/constants";
import { hasBumpedTags, readTagVersions, takeBumpedTags } from "../services/cache-tags.server";

/**
 * The one cache layer (docs/decisions/007). Every cached read, a page's data or a public API answer,
 * goes through here; what is cached, for how long and with which tags is declared in
 * `cache-entries.server`.
 *
 * Freshness: each entry records the versions of its tags as they were before its data was read;
 * every write bumps the versions of the tags it changes in its own batch (`bumpTags`). An entry is
 * served only while all its tags still have the versions it recorded. Each isolate reads the
 * versions from the database (one indexed statement) and reuses them for ISOLATE_MEMO_MS; a request
 * that wrote drops its isolate's copy before its answer leaves. So the isolate that took a write
 * shows it at once, every other isolate within ISOLATE_MEMO_MS (docs/decisions/028).
 *
 * Faults: a cache that throws on match or put is skipped (the database answers); versions that
 * cannot be read mean no cached answer for this request.
 */

/**
 * How long an isolate reuses the versions it read, so that a cached answer costs no database read:
 * the bound on staleness for every isolate but the one that wrote.
 */
export const ISOLATE_MEMO_MS = 1000;
/**
 * Tags unchanged for longer than any entry can live (plus a margin for clocks) cannot make a live
 * entry stale, so the versions read leave them out.
 */
const VERSIONS_WINDOW_SECONDS = Math.max(...Object.values(CACHE_SECONDS)) + 300;

const ORIGIN = "https://cache.twistbloom.internal/";

/** Headers the API sets on an answer the edge may keep; never sent to the client. */
export const CACHE_TAG_HEADER = "Cache-Tag";
const LIFETIME_HEADER = "X-Edge-Lifetime";
const VERSIONS_HEADER = "X-Edge-Tag-Versions";
const ANONYMOUS_HEADER = "X-Edge-Anonymous-Only";
/** The nonce a kept page was rendered with: every request replaces it with its own. */
export const NONCE_HEADER = "X-Edge-Nonce";
/** The id of the record a kept page is about (`showsSubject`). */
const SUBJECT_HEADER = "X-Edge-Subject";
/**
 * What clients are told about a public answer: keep it, but ask again every time (an ETag makes
 * that a 304). The lifetimes are the edge's business: a browser holding an answer for half an hour
 * is a stale stock figure no purge can reach.
 */
export const CLIENT_CACHE_CONTROL = "public, max-age=0, must-revalidate";

type Versions = Record<string, number>;

/** The isolate's copy of the versions, and when it was read. */
let memo: { versions: Versions; readAt: number } | null = null;
/**
 * Counts the writes this isolate has seen: a reader keeps the versions it read only if no write
 * happened while it read them (else it could keep versions from before that write).
 */
let writes = 0;
const writesSoFar = () => writes;

/**
 * The isolate's own copies of the entries it served most recently, in front of the Cache API: a
 * hot answer then costs no lookup at all. They are judged by the same tag versions as the Cache
 * API's, so they are exactly as fresh; they only save the trip. Bounded in count and bytes, the
 * least recently used going first.
 */
const NEAR_MAX_ENTRIES = 300;
const NEAR_MAX_BYTES = 8 * 1024 * 1024;
const NEAR_MAX_ENTRY_BYTES = 256 * 1024;
interface NearCopy {
  /** An answer's body and headers, or a page datum's JSON. */
  body: string | ArrayBuffer;
  headers?: [string, string][];
  versions: Versions;
  expiresAt: number;
  bytes: number;
  /** What a reader derived from the body once (a page's parts around its nonce), kept with it. */
  memo?: unknown;
}

class NearCopies {
  readonly #copies = new Map<string, NearCopy>();
  #bytes = 0;

  get(key: string, versions: Versions): NearCopy | undefined {
    const copy = this.#copies.get(key);
    if (!copy) return undefined;
    if (copy.expiresAt <= Date.now() || !isCurrent(copy.versions, versions)) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last.
    this.#copies.delete(key);
    this.#copies.set(key, copy);
    return copy;
  }

  set(key: string, copy: Omit<NearCopy, "bytes">) {
    const bytes = typeof copy.body === "string" ? copy.body.length * 2 : copy.body.byteLength;
    if (bytes > NEAR_MAX_ENTRY_BYTES) return;
    this.delete(key);
    this.#copies.set(key, { ...copy, bytes });
    this.#bytes += bytes;
    for (const [oldest] of this.#copies) {
      if (this.#copies.size <= NEAR_MAX_ENTRIES && this.#bytes <= NEAR_MAX_BYTES) break;
      this.delete(oldest);
    }
  }

  delete(key: string) {
    const copy = this.#copies.get(key);
    if (!copy) return;
    this.#bytes -= copy.bytes;
    this.#copies.delete(key);
  }
}

let near: NearCopies | undefined;
const nearCopies = () => (near ??= new NearCopies());

/** What a cached value is declared with (`cache-entries.server`). */
export interface Cached<T> {
  /** The longest it may be kept when nobody changes it: the spec's lifetimes. */
  seconds: number;
  /** The tags of the data in the value: a write bumping any of them makes the entry stale. */
  tags: (value: T) => string[];
}

/** A page's cached data: its key, and how to read it from the database. */
export interface CacheEntry<T> extends Cached<T> {
  key: string;
  load: (db: Database) => Promise<T>;
}

function defaultCache(): Cache | undefined {
  return (globalThis as { caches?: { default?: Cache } }).caches?.default;
}

function isCurrent(recorded: Versions, current: Versions): boolean {
  for (const tag in recorded) if ((current[tag] ?? 0) !== recorded[tag]) return false;
  return true;
}

/** The versions an entry records: its own tags' and `all`'s, which every entry depends on. */
function versionsOf(tags: string[], current: Versions): Versions {
  const recorded: Versions = { [TAGS.all]: current[TAGS.all] ?? 0 };
  for (const tag of tags) recorded[tag] = current[tag] ?? 0;
  return recorded;
}

async function etagOf(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  let hex = "";
  for (const byte of digest.subarray(0, 12)) hex += byte.toString(16).padStart(2, "0");
  return `"${hex}"`;
}

function logged(what: string) {
  return (error: unknown) => {
    log.error(`edge cache: ${what} failed`, error);
    return undefined;
  };
}

/** The cache layer of one request. */
export class EdgeCache {
  readonly #db: Database;
  readonly #waitUntil: (promise: Promise<unknown>) => void;
  readonly #cache: Cache | undefined;
  readonly #prefix: string;
  readonly #timer: QueryTimer | undefined;
  readonly #isCacheableAnswer: (pathname: string) => boolean;
  readonly #ownVersions: boolean;
  #versions: Promise<Versions | null> | null = null;
  /** The isolate's write count when this request began: a request that saw a write since keeps no near copy. */
  readonly #writesAtStart = writesSoFar();
  /** What this request's page showed: the tags of every entry it read and of every live read it declared. */
  readonly #shown = new Set<string>();
  /** The shortest lifetime among them: how long the page may be kept at most. */
  #shownSeconds = Infinity;
  /** Set by a page that must not be kept (its settings could not be read, a live read it cannot tag). */
  #pageKeepable = true;
  /** The id of the one record a page is about (its product or post), kept with it. */
  #pageSubject: number | null = null;

  constructor(options: {
    db: Database;
    waitUntil: (promise: Promise<unknown>) => void;
    /** Names the deployed code: entries written by another build (another shape of data) are never read. */
    build?: string;
    /** The Cache API's cache; `null` for none (then everything is read from the database). */
    cache?: Cache | null;
    timer?: QueryTimer;
    /** The API paths whose GET answers may be kept (`isCachedAnswerPath`): no other answer costs a cache lookup. */
    isCacheableAnswer?: (pathname: string) => boolean;
    /**
     * Read the tag versions from this request's own database session, never from the isolate's or
     * the data centre's copy: for a shopper with a D1 bookmark (docs/decisions/016), whose session
     * reads at least their own writes while a copy may come from a replica that lags behind them.
     */
    ownVersions?: boolean;
  }) {
    this.#ownVersions = options.ownVersions ?? false;
    this.#db = options.db;
    this.#timer = options.timer;
    this.#isCacheableAnswer = options.isCacheableAnswer ?? (() => false);
    this.#waitUntil = options.waitUntil;
    this.#cache = options.cache === null ? undefined : (options.cache ?? defaultCache());
    this.#prefix = `${ORIGIN}${encodeURIComponent(options.build ?? "dev")}/`;
  }

  /**
   * The tag versions this request judges entries by, read once per request: the isolate's copy, or
   * the database's (then kept as the copy). After this request wrote, always the database's. Null
   * when they cannot be read: nothing cached is then served.
   */
  #currentVersions(): Promise<Versions | null> {
    if (hasBumpedTags(this.#db)) this.#versions = null;
    return (this.#versions ??= this.#readVersions());
  }

  async #readVersions(): Promise<Versions | null> {
    const wrote = hasBumpedTags(this.#db) || this.#ownVersions;
    if (!wrote && memo && Date.now() - memo.readAt < ISOLATE_MEMO_MS) return memo.versions;
    const writesAtRead = writesSoFar();
    let versions: Versions;
    try {
      versions = await readTagVersions(this.#db, VERSIONS_WINDOW_SECONDS);
      // Said apart in Server-Timing: one read per isolate every ISOLATE_MEMO_MS, not the page's own work.
      this.#timer?.note(`versions;desc="read"`);
    } catch (error) {
      logged("reading the tag versions from the database")(error);
      return null;
    }
    if (!hasBumpedTags(this.#db) && writesSoFar() === writesAtRead) memo = { versions, readAt: Date.now() };
    return versions;
  }

  /**
   * A page's data: from the cache while its tags are unchanged, else from the database (and kept).
   * Without a Cache API (Node, the Vite dev server) it always reads the database.
   */
  async read<T>(entry: CacheEntry<T>): Promise<T> {
    const value = await this.#read(entry);
    this.shows(entry.tags(value), entry.seconds);
    return value;
  }

  /**
   * Declares what a page's live read showed (a filtered product list, a tutorial): the tags a write
   * to it bumps, and how long it may be kept at most. A page keeps the tags of its cached reads by
   * itself; only its reads of the database need this, and a page kept whole (`page`) must say them.
   */
  shows(tags: string[], seconds: number): void {
    for (const tag of tags) this.#shown.add(tag);
    this.#shownSeconds = Math.min(this.#shownSeconds, seconds);
  }

  /**
   * Names the record this request's page is about (a product's or a post's id): kept with the page,
   * so that filling it in for a visitor (their review, their like) needs no read to find it.
   */
  showsSubject(id: number): void {
    this.#pageSubject = id;
  }

  /** This request's page must not be kept whole (it showed something it cannot tag, or an error). */
  doNotKeepPage(): void {
    this.#pageKeepable = false;
  }

  async #read<T>(entry: CacheEntry<T>): Promise<T> {
    const cache = this.#cache;
    if (!cache) return entry.load(this.#db);
    const url = `${this.#prefix}data/${encodeURIComponent(entry.key)}`;
    const versions = await this.#currentVersions();
    if (!versions) return entry.load(this.#db);
    // Each reader gets its own copy of the value (parsed anew), so no request can change another's.
    const near = nearCopies().get(url, versions);
    if (near) return (JSON.parse(near.body as string) as { value: T }).value;
    const request = new Request(url);
    const hit = await cache.match(request).catch(logged("reading an entry"));
    if (hit) {
      const text = await hit.text().catch(() => "");
      const stored = text ? (JSON.parse(text) as { value: T; versions: Versions; expiresAt?: number }) : null;
      if (stored && typeof stored.versions === "object" && isCurrent(stored.versions, versions)) {
        nearCopies().set(url, {
          body: text,
          versions: stored.versions,
          expiresAt: stored.expiresAt ?? Date.now() + entry.seconds * 1000,
        });
        return stored.value;
      }
    }
    const value = await entry.load(this.#db);
    const recorded = versionsOf(entry.tags(value), versions);
    const expiresAt = Date.now() + entry.seconds * 1000;
    const body = JSON.stringify({ value, versions: recorded, expiresAt });
    if (writesSoFar() === this.#writesAtStart) nearCopies().set(url, { body, versions: recorded, expiresAt });
    const response = new Response(body, {
      headers: { "Content-Type": "application/json", "Cache-Control": `public, max-age=${entry.seconds}` },
    });
    this.#waitUntil(
      Promise.resolve()
        .then(() => cache.put(request, response))
        .catch(logged("keeping an entry")),
    );
    return value;
  }

  /**
   * A public API answer: from the cache while the tags it was stored with are unchanged, else
   * `produce`d. An answer is kept when it is a 200 to a GET on a cacheable path that its handler
   * marked (`cacheHeaders`) and that sets no cookie. The spec's cache-busting `_t` parameter always
   * reads the database, and is not kept. A client that sends the ETag it has gets a 304.
   *
   * The answer may still carry the edge's own headers: the caller copies it once anyway (to add
   * Server-Timing) and passes the copy's headers to `clientHeaders`, so a hit is copied only once.
   */
  async respond(request: Request, produce: () => Promise<Response>): Promise<{ response: Response; hit: boolean }> {
    const cache = this.#cache;
    const url = new URL(request.url);
    const eligible = request.method === "GET" && !url.searchParams.has("_t") && this.#isCacheableAnswer(url.pathname);
    if (!cache || !eligible) return { response: await produce(), hit: false };
    const keyUrl = `${this.#prefix}api${url.pathname}${url.search}`;
    // The versions are read before anything is produced: an answer is never stored with versions newer than its data.
    const versions = await this.#currentVersions();
    if (!versions) return { response: await produce(), hit: false };
    const near = nearCopies().get(keyUrl, versions);
    if (near && !(identifies(request) && near.headers!.some(([name]) => name === ANONYMOUS_HEADER.toLowerCase()))) {
      const answer = new Response(near.body, { status: 200, headers: near.headers });
      return { response: notModified(request, answer) ?? answer, hit: true };
    }
    const key = new Request(keyUrl);
    const hit = await cache.match(key).catch(logged("reading an answer"));
    const hitVersions = hit ? parseVersions(hit.headers.get(VERSIONS_HEADER)) : null;
    if (
      hit &&
      hitVersions &&
      isCurrent(hitVersions, versions) &&
      !(hit.headers.has(ANONYMOUS_HEADER) && identifies(request))
    ) {
      const body = await hit.arrayBuffer();
      const headers = [...hit.headers];
      const lifetime = Number(hit.headers.get(LIFETIME_HEADER)) || 60;
      nearCopies().set(keyUrl, { body, headers, versions: hitVersions, expiresAt: Date.now() + lifetime * 1000 });
      const answer = new Response(body, { status: 200, headers });
      return { response: notModified(request, answer) ?? answer, hit: true };
    }
    const produced = await produce();
    const lifetime = Number(produced.headers.get(LIFETIME_HEADER));
    const tags = produced.headers.get(CACHE_TAG_HEADER);
    if (produced.status !== 200 || !(lifetime > 0) || !tags || produced.headers.has("Set-Cookie"))
      return { response: produced, hit: false };
    const body = await produced.arrayBuffer();
    const headers = new Headers(produced.headers);
    headers.set("ETag", await etagOf(body));
    headers.set(VERSIONS_HEADER, JSON.stringify(versionsOf(tags.split(","), versions)));
    headers.set("Cache-Control", `public, max-age=${lifetime}`);
    const stored = new Response(body, { status: 200, headers });
    this.#waitUntil(
      Promise.resolve()
        .then(() => cache.put(key, stored))
        .catch(logged("keeping an answer")),
    );
    if (writesSoFar() === this.#writesAtStart) {
      const versionsKept = parseVersions(headers.get(VERSIONS_HEADER));
      nearCopies().set(keyUrl, {
        body,
        headers: [...headers],
        versions: versionsKept,
        expiresAt: Date.now() + lifetime * 1000,
      });
    }
    const answer = new Response(body, { status: 200, headers });
    return { response: notModified(request, answer) ?? answer, hit: false };
  }

  /**
   * A whole page's shared HTML (docs/decisions/017), the same for every visitor: from the near copy
   * or the Cache API while the tags of everything it showed are unchanged, else `render`ed (without
   * cookies: nothing personal can be in it) and kept. `key` is the page's normalised URL. Answers the
   * page cut at its render's nonce (`parts`, to be joined with the request's own), or null when the
   * page cannot be kept (no cache, no versions, not a 200, a cookie set, or the render said so): the
   * caller then renders the page for the visitor as before.
   */
  async page(
    key: string,
    render: () => Promise<Response>,
  ): Promise<{ parts: string[]; hit: boolean; subject: number | null } | null> {
    const cache = this.#cache;
    if (!cache) return null;
    const keyUrl = `${this.#prefix}page${key}`;
    // The versions are read before anything is rendered: a page is never kept with versions newer than its data.
    const versions = await this.#currentVersions();
    if (!versions) return null;
    const near = nearCopies().get(keyUrl, versions);
    if (near) return { parts: (near.memo ??= splitAtNonce(near)) as string[], hit: true, subject: subjectOf(near) };
    const stored = await cache.match(new Request(keyUrl)).catch(logged("reading a page"));
    const storedVersions = stored ? parseVersions(stored.headers.get(VERSIONS_HEADER)) : null;
    if (stored && storedVersions && isCurrent(storedVersions, versions)) {
      const copy: NearCopy = {
        body: await stored.text(),
        headers: [
          [NONCE_HEADER, stored.headers.get(NONCE_HEADER) ?? ""],
          [SUBJECT_HEADER, stored.headers.get(SUBJECT_HEADER) ?? ""],
        ],
        versions: storedVersions,
        expiresAt: Date.now() + (Number(stored.headers.get(LIFETIME_HEADER)) || 60) * 1000,
        bytes: 0,
      };
      const parts = splitAtNonce(copy);
      nearCopies().set(keyUrl, { ...copy, memo: parts });
      return { parts, hit: true, subject: subjectOf(copy) };
    }
    const rendered = await render();
    const nonce = rendered.headers.get(NONCE_HEADER);
    const seconds = this.#shownSeconds;
    if (
      rendered.status !== 200 ||
      !nonce ||
      rendered.headers.has("Set-Cookie") ||
      !this.#pageKeepable ||
      !Number.isFinite(seconds) ||
      this.#shown.size === 0
    ) {
      await rendered.body?.cancel();
      return null;
    }
    const body = await rendered.text();
    const recorded = versionsOf([...this.#shown], versions);
    const subject = this.#pageSubject === null ? "" : String(this.#pageSubject);
    const copy: NearCopy = {
      body,
      headers: [
        [NONCE_HEADER, nonce],
        [SUBJECT_HEADER, subject],
      ],
      versions: recorded,
      expiresAt: Date.now() + seconds * 1000,
      bytes: 0,
    };
    const parts = splitAtNonce(copy);
    if (writesSoFar() === this.#writesAtStart) nearCopies().set(keyUrl, { ...copy, memo: parts });
    const kept = new Response(body, {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": `public, max-age=${seconds}`,
        [VERSIONS_HEADER]: JSON.stringify(recorded),
        [LIFETIME_HEADER]: String(seconds),
        [NONCE_HEADER]: nonce,
        [SUBJECT_HEADER]: subject,
      },
    });
    this.#waitUntil(
      Promise.resolve()
        .then(() => cache.put(new Request(keyUrl), kept))
        .catch(logged("keeping a page")),
    );
    return { parts, hit: false, subject: this.#pageSubject };
  }

  /**
   * Called when the request's work is done (the Worker entry, after the answer and after each
   * after-response task): if it bumped tags, the isolate's copy of the versions goes, so that the
   * next read here sees the write. Answers the tags that were bumped. `db` is the database the
   * writes went through: the request's own, or a task's after the response.
   */
  afterWrites(db: Database = this.#db): string[] {
    const tags = takeBumpedTags(db);
    if (tags.length === 0) return tags;
    this.#versions = null;
    forgetTagVersions();
    return tags;
  }
}

/**
 * Drops this isolate's copy of the tag versions, so that the next read here fetches them from the
 * database: what a write does (`afterWrites`), and what a test does after changing the database
 * behind the shop's back (exported by the server build for that, app/entry.server.tsx).
 */
export function forgetTagVersions(): void {
  writes++;
  memo = null;
}

/**
 * A kept page cut wherever its render's nonce appears (the script and style tags' attributes; a
 * nonce is 128 random bits, so it appears nowhere else), to be joined with each request's own.
 */
function splitAtNonce(copy: Pick<NearCopy, "body" | "headers">): string[] {
  const nonce = copy.headers?.find(([name]) => name === NONCE_HEADER.toLowerCase() || name === NONCE_HEADER)?.[1];
  const body = copy.body as string;
  return nonce ? body.split(nonce) : [body];
}

/** The record a kept page is about, or null when it named none. */
function subjectOf(copy: Pick<NearCopy, "headers">): number | null {
  const value = Number(copy.headers?.find(([name]) => name === SUBJECT_HEADER)?.[1] || NaN);
  return Number.isSafeInteger(value) ? value : null;
}

/** A stored answer whose versions cannot be read is never current. */
function parseVersions(header: string | null): Versions {
  const never = { "": -1 };
  if (!header) return never;
  try {
    const parsed = JSON.parse(header) as unknown;
    return parsed && typeof parsed === "object" ? (parsed as Versions) : never;
  } catch {
    return never;
  }
}

/** Whether the request says who asks (a token or any cookie): an anonymous-only answer is then made afresh. */
function identifies(request: Request): boolean {
  return request.headers.has("Authorization") || request.headers.has("Cookie");
}

/** A 304 when the client already has this answer's ETag. */
function notModified(request: Request, response: Response): Response | null {
  const etag = response.headers.get("ETag");
  if (
    !etag ||
    !request.headers
      .get("If-None-Match")
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return null;
  return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": CLIENT_CACHE_CONTROL } });
}

/**
 * What the client is told, on the (mutable) headers of the answer about to leave: never the edge's
 * own headers, and the client's cache rule on anything the edge may keep.
 */
export function clientHeaders(headers: Headers): void {
  const cacheable = headers.has(LIFETIME_HEADER) || headers.has(VERSIONS_HEADER);
  for (const name of [
    LIFETIME_HEADER,
    VERSIONS_HEADER,
    ANONYMOUS_HEADER,
    CACHE_TAG_HEADER,
    NONCE_HEADER,
    SUBJECT_HEADER,
  ])
    headers.delete(name);
  if (cacheable) headers.set("Cache-Control", CLIENT_CACHE_CONTROL);
}

/**
 * The headers that mark an API answer as one the edge may keep (the handler's side of `respond`):
 * its lifetime and the tags of its data, from the answer's declaration in `cache-entries.server`.
 * With `anonymousOnly`, a request that says who asks never gets the kept copy.
 */
export function cacheHeaders<T>(cached: Cached<T>, value: T, { anonymousOnly = false } = {}): Record<string, string> {
  return {
    "Cache-Control": CLIENT_CACHE_CONTROL,
    [LIFETIME_HEADER]: String(cached.seconds),
    [CACHE_TAG_HEADER]: [...new Set(cached.tags(value))].join(","),
    ...(anonymousOnly ? { [ANONYMOUS_HEADER]: "1" } : {}),
  };
}
