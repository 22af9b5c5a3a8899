import { sql, type SQL } from "drizzle-orm";

/**
 * Whether the column contains the text, ignoring ASCII case like LIKE does. `instr` rather than
 * LIKE: D1 refuses LIKE patterns over 50 bytes ("pattern too complex"), which a 100-character search
 * would exceed; `instr` has no such limit and needs no escaping.
 */
export function likeContains(column: SQL | SQL.Aliased | unknown, text: string): SQL {
  return sql`instr(lower(${column}), lower(${text})) > 0`;
}

/** Unix seconds (what timestamp columns hold) to an ISO string; null stays null. */
export function isoDate(value: Date | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value * 1000);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function parseJsonArray<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  if (typeof value !== "string" || value === "") return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  total: number;
}

export function pageMeta(page: number, perPage: number, total: number, rowsOnPage: number): PageMeta {
  const from = rowsOnPage > 0 ? (page - 1) * perPage + 1 : null;
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    from,
    to: from === null ? null : from + rowsOnPage - 1,
    total,
  };
}
