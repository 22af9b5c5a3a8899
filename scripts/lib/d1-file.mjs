import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * The D1 database's SQLite file in a wrangler persist directory
 * (`v3/d1/miniflare-D1DatabaseObject/<id>.sqlite`), or null when there is none.
 * @param {string} dir
 * @returns {string | null}
 */
export function d1File(dir) {
  const d1 = join(dir, "v3", "d1");
  if (!existsSync(d1)) return null;
  for (const folder of readdirSync(d1)) {
    const file = readdirSync(join(d1, folder)).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
    if (file) return join(d1, folder, file);
  }
  return null;
}
