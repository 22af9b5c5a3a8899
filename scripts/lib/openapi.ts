import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from "openapi-typescript";
import { openApiDocument } from "../../functions/api";

/**
 * The API's OpenAPI document built without a server: the API app's own `openApiDocument()`, the
 * function `GET /api/openapi.json` answers with (docs/decisions/033-openapi-lint.md).
 */
export const apiDocument = (): OpenAPI3 => structuredClone(openApiDocument()) as OpenAPI3;

/** Where the generated client types are kept (committed; a unit test checks they are current). */
export const API_TYPES_FILE = "test/generated/openapi.d.ts";

/** The TypeScript types openapi-typescript generates from the document: what an integrator's client gets. */
export async function apiTypes(): Promise<string> {
  const ast = await openapiTS(apiDocument());
  return `${COMMENT_HEADER}// Written by \`npm run openapi:types\` from the document GET /api/openapi.json serves.\n\n${astToString(ast)}`;
}
