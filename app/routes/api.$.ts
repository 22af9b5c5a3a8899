import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { api } from "../../functions/api";

/**
 * Under `remix vite:dev` every request reaches Remix, so this route hands /api/* to the Hono app.
 * In the built Worker the entry sends /api/* to Hono before Remix, and this route is never reached.
 */
function toApi({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  return api.fetch(request, { app: context.app });
}

export const loader = toApi;
export const action = toApi;
