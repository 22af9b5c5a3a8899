/**
 * The staff's searches (orders, users, products) run on full-text indexes (docs/decisions/031-staff.md):
 * what staff type becomes an FTS5 match expression here. Each word (text between spaces) is one
 * quoted string, so nothing typed is FTS syntax: quotes, `*`, `NEAR`, `-`, brackets are text, and the
 * index's tokenizer splits a word such as an email or an order number into its tokens, matched as a
 * phrase in order. Every word must match (AND); the last one is a prefix, as it may be half typed.
 */

/** A word the index can match: one with a letter or a digit (what unicode61 makes tokens of). */
const HAS_TOKEN = /[\p{L}\p{N}]/u;

/** The match expression for what staff typed; null when it has no word the index could match. */
export function staffMatch(text: string): string | null {
  const words = text.split(/\s+/).filter((word) => HAS_TOKEN.test(word));
  if (words.length === 0) return null;
  return words.map((word, i) => `"${word.replace(/"/g, '""')}"${i === words.length - 1 ? "*" : ""}`).join(" AND ");
}
