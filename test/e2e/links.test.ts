import { describe, expect, it } from "vitest";
import { BASE_URL } from "./browser";
import { hrefsIn } from "./html";

/**
 * No broken link: every page a visitor reaches from the home page by following the shop's own
 * links, breadth-first, answers below 400 (after any redirect). Links that change something when
 * followed, or leave for a sign-in provider, are not followed.
 */
const CHANGES_STATE = /^\/(?:logout|auth\/|newsletter\/(?:confirm|unsubscribe)|confirm-email|verify-email)(?:[/?]|$)/;
/**
 * The query-string variants of one path followed at most: sorts, filters and pages could multiply
 * without end. (The seeded shop has at most 71 of one path: /login and /register, back to each page.)
 */
const VARIANTS_PER_PATH = 100;
/** Requests at a time. */
const CONCURRENCY = 4;

/** Runs `task` over `items`, `CONCURRENCY` at a time. */
async function inPool<T>(items: T[], task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

describe("the shop's links", () => {
  it("all answer, from the home page on, for a visitor", { timeout: 180_000 }, async () => {
    const origin = new URL(BASE_URL).origin;
    /** Every link seen, with the page it was first found on. */
    const foundOn = new Map<string, string>([["/", "(start)"]]);
    const variants = new Map<string, number>();
    const broken: string[] = [];
    let hrefs = 0;
    const started = Date.now();

    /** Queues a link of `page` to follow, once, unless it leaves the shop or changes something. */
    const queue = (href: string, page: string, level: string[]) => {
      const url = new URL(href, `${origin}${page}`);
      if (url.origin !== origin) return;
      const path = url.pathname + url.search;
      if (foundOn.has(path) || CHANGES_STATE.test(path)) return;
      if (url.search) {
        const count = (variants.get(url.pathname) ?? 0) + 1;
        variants.set(url.pathname, count);
        if (count > VARIANTS_PER_PATH) return;
      }
      foundOn.set(path, page);
      level.push(path);
    };

    for (let level = ["/"]; level.length;) {
      const next: string[] = [];
      await inPool(level, async (path) => {
        const response = await fetch(`${origin}${path}`);
        if (response.status >= 400) {
          broken.push(`${path} answered ${response.status} (linked from ${foundOn.get(path)})`);
          await response.body?.cancel();
          return;
        }
        const final = new URL(response.url);
        if (final.origin !== origin || !response.headers.get("Content-Type")?.startsWith("text/html")) {
          await response.body?.cancel();
          return;
        }
        const links = hrefsIn(await response.text());
        hrefs += links.length;
        for (const href of links) queue(href, final.pathname + final.search, next);
      });
      level = next;
    }

    console.info(
      `followed ${foundOn.size} distinct links (of ${hrefs} on the pages) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(foundOn.size).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });
});
