import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { bumpTags } from "~/services/cache-tags.server";
import { EdgeCache, forgetTagVersions, type CacheEntry } from "~/http/edge-cache.server";
import { createTestDb, type TestDb } from "./db";

// The cache layer on libSQL with an in-memory Cache API, where the order of events can be chosen:
// entries live while their tags are unchanged, a write is seen by the next read, a reader that
// read the versions across a write does not keep them, and a failing cache reads the database.

/** The Cache API's match/put/delete on a Map; `hold` makes the next match of a URL wait for `release`. */
class MemoryCache {
  readonly entries = new Map<string, Response>();
  private held = new Map<string, { release: () => void; gate: Promise<void> }>();
  hold(url: string) {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    this.held.set(url, { release, gate });
    return release;
  }
  async match(request: Request) {
    const held = this.held.get(request.url);
    const found = this.entries.get(request.url)?.clone();
    if (held) {
      this.held.delete(request.url);
      await held.gate;
    }
    return found;
  }
  async put(request: Request, response: Response) {
    this.entries.set(request.url, response.clone());
  }
  async delete(request: Request) {
    return this.entries.delete(request.url);
  }
}

const VERSIONS_URL = "https://cache.twistbloom.internal/tag-versions";

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
const request = () => new EdgeCache({ db: t.db, waitUntil, cache: cache as unknown as Cache });

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
  await forgetTagVersions(null as unknown as undefined);
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
    expect(await writer.afterWrites()).toEqual(["test:a"]);
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
    loads = 0;
    value = "before";
    await request().read(entry("test:race"));
    await settle();
    await forgetTagVersions(null as unknown as undefined);
    // Data centre copy of the versions, from before the write.
    await request().read(entry("test:other"));
    await settle();
    expect(cache.entries.has(VERSIONS_URL)).toBe(true);

    // A reader starts reading the data centre's copy of the versions, and is held there...
    await forgetTagVersions(null as unknown as undefined);
    const release = cache.hold(VERSIONS_URL);
    const slowReader = request().read(entry("test:race"));
    // ...while a write lands and purges.
    value = "after";
    const writer = request();
    await t.db.batch([bumpTags(t.db, ["test:race"])]);
    await writer.afterWrites();
    release();
    expect(await slowReader).toBe("before");
    // The writer's next read, on the same isolate, right away (before the second purge a second
    // later), sees its write.
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
      delete: async () => {
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
      await expect(layer.afterWrites()).resolves.toEqual(["test:broken"]);
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
