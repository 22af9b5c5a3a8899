import { log } from "../services/log.server";
import { createDb } from "../../db/client";
import { recordBlogViews, type BlogView } from "../services/blog-engagement.server";
import type { AppContext } from "./context.server";

/**
 * A tutorial's views, counted after the answer: each isolate gathers the views of a moment and
 * writes them in one batch, instead of one write per reader (a reader without cookies, a first
 * visit or a crawler, is a new visitor on every request). An isolate also remembers the views it
 * already counted today, so a returning reader costs no write at all. The batch checks each view
 * as before (once per visitor, post and day); only the moment it is written moves, by FLUSH_MS.
 */
const FLUSH_MS = 100;
/** The most views one batch writes (three statements each). */
const BATCH_VIEWS = 50;
/**
 * How many counted views an isolate remembers: two generations of up to this many, the older one
 * forgotten whole when the newer is full (forgetting the oldest one at a time walks past every
 * entry deleted before it: a tenth of a millisecond a view once the memory is full).
 */
const SEEN_GENERATION = 10_000;

/** The isolate's views: those waiting for the next batch, and those it counted (two generations). */
const state = {
  pending: new Map<string, BlogView>(),
  seen: new Set<string>(),
  seenBefore: new Set<string>(),
  flushing: false,
};

export function countBlogView(
  app: Pick<AppContext, "env" | "waitUntil">,
  blogId: number,
  visitor: string,
  now = new Date(),
): void {
  const view = { blogId, visitor, day: now.toISOString().slice(0, 10) };
  const key = `${view.day}|${blogId}|${visitor}`;
  if (state.seen.has(key) || state.seenBefore.has(key)) return;
  if (state.seen.size >= SEEN_GENERATION) {
    state.seenBefore = state.seen;
    state.seen = new Set();
  }
  state.seen.add(key);
  state.pending.set(key, view);
  if (state.flushing) return;
  state.flushing = true;
  // Kept alive by the request that started it; the views of the requests meanwhile join it.
  app.waitUntil(
    new Promise((resolve) => setTimeout(resolve, FLUSH_MS))
      .then(async () => {
        const views = [...state.pending.values()];
        state.pending.clear();
        state.flushing = false;
        const db = await createDb(app.env);
        for (let i = 0; i < views.length; i += BATCH_VIEWS) await recordBlogViews(db, views.slice(i, i + BATCH_VIEWS));
      })
      .catch((error: unknown) => {
        state.flushing = false;
        log.error("views could not be recorded", error);
      }),
  );
}
