import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { bumpTags } from "~/services/cache-tags.server";
import { EdgeCache, forgetTagVersions, type CacheEntry } from "~/http/edge-cache.server";
import type { Database } from "../../db/client";
import { createTestDb, type TestDb } from "./db";

// The cache layer on libSQL with an in-memory Cache API, where the order of events can be chosen:
// entries live while their tags are unchanged, a write is seen by the next read, a reader that
// read the versions across a write does not keep them, and a failing cache reads the database.

/** The Cache API's match/put/delete on a Map. */
class MemoryCache {
  readonly entries = new Map<string, Response>();
  async match(request: Request) {
    return this.entries.get(request.url)?.clone();
  }
  async put(request: Request, response: Response) {
    this.entries.set(request.url, response.clone());
  }
  async delete(request: Request) {
    return this.entries.delete(request.url);
  }
}

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});

let cache: MemoryCache;
const pending: Promise<unknown>[] = [];
const waitUntil = (promise: Promise<unknown>) => void pending.push(promise.catch(() => {}));
/** Lets the cache's puts (made with waitUntil) land. */
const settle = async () => {
  await Promise.all(pending.splice(0));
};
/** One request's cache layer. */
const request = (db: Database = t.db) => new EdgeCache({ db, waitUntil, cache: cache as unknown as Cache });

/**
 * The database as a slow reader meets it: its first query runs at once, but its rows reach the
 * reader only when `release` is called.
 */
function heldDatabase(db: Database) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const hold = (query: object): object =>
    new Proxy(query, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (prop === "then") {
          const run = (target as PromiseLike<unknown>).then((rows) => gate.then(() => rows));
          return run.then.bind(run);
        }
        return typeof value === "function" ? (...args: unknown[]) => hold(value.apply(target, args)) : value;
      },
    });
  const held = new Proxy(db, {
    get: (target, prop) =>
      prop === "select" ? (...args: unknown[]) => hold(target.select(...(args as []))) : Reflect.get(target, prop),
  });
  return { db: held, release };
}

let loads = 0;
let value = "first";
const entry = (tag: string): CacheEntry<string> => ({
  key: `test:${tag}`,
  seconds: 60,
  tags: () => [tag],
  load: async () => (loads++, value),
});

afterEach(async () => {
  await settle();
  forgetTagVersions();
});

describe("the edge cache", () => {
  it("serves an entry while its tags are unchanged, and the next read after a write shows the write", async () => {
    cache = new MemoryCache();
    loads = 0;
    value = "first";
    expect(await request().read(entry("test:a"))).toBe("first");
    await settle();
    expect(await request().read(entry("test:a"))).toBe("first");
    expect(loads).toBe(1);

    value = "second";
    const writer = request();
    await t.db.batch([bumpTags(t.db, ["test:a"])]);
    expect(writer.afterWrites()).toEqual(["test:a"]);
    expect(await request().read(entry("test:a"))).toBe("second");
    expect(loads).toBe(2);
    // Another tag's entry is untouched by that write.
    expect(await request().read(entry("test:b"))).toBe("second");
    await settle();
    value = "third";
    expect(await request().read(entry("test:b"))).toBe("second");
  });

  it("a reader that read the versions while a write happened does not keep them: the writer's next read is fresh", async () => {
    cache = new MemoryCache();
    value = "before";
    await request().read(entry("test:race"));
    await settle();
    forgetTagVersions();
    // A reader reads the versions from the database, and is held before it has their rows...
    const slow = heldDatabase(t.db);
    const slowReader = request(slow.db).read(entry("test:race"));
    // ...while a write lands: its batch, then its purge of the isolate's copy.
    value = "after";
    const writer = request();
    await t.db.batch([bumpTags(t.db, ["test:race"])]);
    expect(writer.afterWrites()).toEqual(["test:race"]);
    slow.release();
    // The reader read the versions from before the write, and answers from before it...
    expect(await slowReader).toBe("before");
    // ...but did not keep them as the isolate's copy: the next read here sees the write.
    expect(await request().read(entry("test:race"))).toBe("after");
  });

  it("reads the database when the cache throws, and when the versions cannot be read", async () => {
    const broken = {
      match: async () => {
        throw new Error("cache unavailable");
      },
      put: async () => {
        throw new Error("cache unavailable");
      },
    };
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      value = "live";
      const layer = new EdgeCache({ db: t.db, waitUntil, cache: broken as unknown as Cache });
      expect(await layer.read(entry("test:broken"))).toBe("live");
      await t.db.batch([bumpTags(t.db, ["test:broken"])]);
      expect(layer.afterWrites()).toEqual(["test:broken"]);
      await settle();
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      console.error = original;
    }
  });

  it("gives each reader its own copy of a cached value: no request can change what another reads", async () => {
    cache = new MemoryCache();
    const shared: CacheEntry<{ count: number }> = {
      key: "test:object",
      seconds: 60,
      tags: () => ["test:object"],
      load: async () => ({ count: 1 }),
    };
    await request().read(shared);
    await settle();
    const first = await request().read(shared);
    first.count = 99;
    const second = await request().read(shared);
    expect(second).toEqual({ count: 1 });
    expect(second).not.toBe(first);
  });

  it("without a Cache API (Node, the Vite dev server) always reads the database", async () => {
    loads = 0;
    const layer = new EdgeCache({ db: t.db, waitUntil, cache: null });
    await layer.read(entry("test:none"));
    await layer.read(entry("test:none"));
    expect(loads).toBe(2);
  });
});
