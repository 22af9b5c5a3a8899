/**
 * The shoppers' search, its pure part (docs/decisions/031): what a typed query becomes for SQLite's
 * full-text index, the marks around matched words, and the nearest word to a misspelt one.
 *
 * Whatever is typed is only ever words: letters and digits are kept, everything else (quotes, `*`,
 * `-`, brackets, `NEAR`'s parentheses) separates words, and every word is quoted, so no input is
 * FTS5 syntax and none can fail the query.
 */

/** The longest search kept (the spec's limit for `search` and `q`): a longer one is cut, with a message. */
export const SEARCH_MAX_LENGTH = 100;
/** Words beyond these are dropped: a query of more words finds nothing more. */
export const SEARCH_MAX_WORDS = 12;
/** Suggestions under the header's search box. */
export const SUGGESTIONS_MAX = 8;

/** The search page's price ranges, in currency units (a range's max included; null: no upper end). */
export const PRICE_BUCKETS: ReadonlyArray<{ min: number; max: number | null }> = [
  { min: 0, max: 24.99 },
  { min: 25, max: 49.99 },
  { min: 50, max: 99.99 },
  { min: 100, max: null },
];

export const SEARCH_MESSAGES = {
  shortened: `Your search was shortened to its first ${SEARCH_MAX_LENGTH} characters.`,
} as const;

/**
 * The query's words: lower case, accents kept (the index folds them), at most `SEARCH_MAX_WORDS`
 * letters-and-digits tokens. Text between spaces that holds several tokens stays one word of them in
 * order ("pipe-cleaner" -> "pipe cleaner", "anna@example.com" -> "anna example com"), matched as a
 * phrase: an email, an order number or a hyphenated name finds itself, not its parts anywhere.
 */
export function searchWords(text: string): string[] {
  const words: string[] = [];
  let tokens = 0;
  for (const chunk of text.normalize("NFKC").toLowerCase().split(/\s+/)) {
    const parts = (chunk.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_MAX_WORDS - tokens);
    if (parts.length === 0) continue;
    words.push(parts.join(" "));
    tokens += parts.length;
    if (tokens >= SEARCH_MAX_WORDS) break;
  }
  return words;
}

/** The words as one line, for the no-result count and the page's "Did you mean". */
export const wordsText = (words: string[]) => words.join(" ");

/**
 * The full-text query of the words: each one quoted (so never an operator), all required; the
 * last also as a prefix, so "sunfl" finds sunflowers while it is typed. A word is also matched
 * whole, because a prefix is not stemmed: "roses" must still find "Rose". Null when there is no
 * word to look for.
 */
export function matchQuery(words: string[]): string | null {
  if (words.length === 0) return null;
  const quoted = words.map((word) => `"${word}"`);
  const last = quoted.pop()!;
  // AND spelled out: FTS5 reads an implicit AND only between phrases, not before brackets.
  return [...quoted, `(${last} OR ${last}*)`].join(" AND ");
}

/**
 * A query limited to one column of an index (FTS5's column filter): the suggestions match titles
 * only, which ranks hundreds of rows where the whole documents gave thousands. `column` is one of
 * the index's own names, never typed text.
 */
export const inColumn = (column: string, query: string) => `${column} : (${query})`;

/**
 * The three-letter pieces of a word as a query of any of them, for the titles' trigram index: a
 * misspelt word shares most of its pieces with the word meant. Null for words under four letters.
 */
export function trigramQuery(word: string): string | null {
  if ([...word].length < 4 || word.includes(" ")) return null;
  const letters = [...word];
  const pieces = new Set<string>();
  for (let i = 0; i + 3 <= letters.length; i++) pieces.add(letters.slice(i, i + 3).join(""));
  return [...pieces].map((piece) => `"${piece}"`).join(" OR ");
}

/** How many letters to add, remove or change to turn one word into the other. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[y.length]!;
}

/** The typos forgiven in a word of this length: none under 4 letters, one up to 6, two from 7. */
const forgiven = (word: string) => {
  const length = [...word].length;
  return length < 4 ? 0 : length < 7 ? 1 : 2;
};

/**
 * The word of the titles closest to a misspelt one, or null when none is close enough. Ties go to
 * the word seen first (the titles come best match first).
 */
export function closestWord(word: string, titles: string[]): string | null {
  let best: { word: string; distance: number } | null = null;
  const seen = new Set<string>();
  for (const candidate of titles.flatMap(searchWords)) {
    if (seen.has(candidate) || candidate === word) continue;
    seen.add(candidate);
    const distance = editDistance(word, candidate);
    if (distance <= forgiven(word) && (!best || distance < best.distance)) best = { word: candidate, distance };
  }
  return best?.word ?? null;
}

/** A piece of a result's text, marked when it is a matched word. */
export interface MarkedText {
  text: string;
  mark: boolean;
}

/** What the index puts around a matched word (characters no shop text holds). */
export const MARK_START = "\u0002";
export const MARK_END = "\u0003";

/** The index's `highlight()` / `snippet()` text as pieces to render, each matched word marked. */
export function markedPieces(highlighted: string): MarkedText[] {
  const pieces: MarkedText[] = [];
  for (const [index, part] of highlighted.split(MARK_START).entries()) {
    const end = part.indexOf(MARK_END);
    if (index > 0 && end >= 0) {
      if (end > 0) pieces.push({ text: part.slice(0, end), mark: true });
      const rest = part.slice(end + 1);
      if (rest) pieces.push({ text: rest, mark: false });
    } else if (part) {
      pieces.push({ text: part.replaceAll(MARK_END, ""), mark: false });
    }
  }
  return pieces;
}

/** The plain text of marked pieces. */
export const plainText = (pieces: MarkedText[]) => pieces.map((piece) => piece.text).join("");

/** The search page's state, as its links and forms write it back into the URL. */
export interface SearchPageState {
  q: string;
  categories: string[];
  min_price?: number;
  max_price?: number;
  on_sale: boolean;
  page: number;
}

/** The search page's URL for a state, leaving out what is not set; changing a filter goes back to page 1. */
export function searchPageHref(state: SearchPageState, changes: Partial<SearchPageState> = {}): string {
  const next = { ...state, ...changes };
  if (!("page" in changes)) next.page = 1;
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  for (const category of next.categories) params.append("category", category);
  if (next.min_price !== undefined) params.set("min_price", String(next.min_price));
  if (next.max_price !== undefined) params.set("max_price", String(next.max_price));
  if (next.on_sale) params.set("on_sale", "1");
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `/search?${search}` : "/search";
}

/** A price range of the facets as the URL's `min_price`/`max_price`. */
export const priceRange = (bucket: (typeof PRICE_BUCKETS)[number]) => ({
  min_price: bucket.min,
  max_price: bucket.max ?? undefined,
});
