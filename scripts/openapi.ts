// The API's OpenAPI document without a server (docs/decisions/033-openapi-lint.md):
//   tsx scripts/openapi.ts document FILE   writes the document (what GET /api/openapi.json serves);
//   tsx scripts/openapi.ts types           writes the client types openapi-typescript makes of it.
// `npm run lint:openapi` lints the written document with Redocly (redocly.yaml); `npm test` runs it.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { API_TYPES_FILE, apiDocument, apiTypes } from "./lib/openapi";

function write(file: string, text: string) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote ${file}`);
}

const [command, file] = process.argv.slice(2);
if (command === "document" && file) write(file, `${JSON.stringify(apiDocument(), null, 2)}\n`);
else if (command === "types") write(API_TYPES_FILE, await apiTypes());
else {
  console.error("usage: tsx scripts/openapi.ts document FILE | types");
  process.exit(2);
}
