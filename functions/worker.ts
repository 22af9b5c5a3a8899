import { EmailMessage } from "cloudflare:email";
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- before a build, the import has no file; after it, it has
// @ts-ignore The server build exists only after `npm run build`.
import * as build from "../build/server";
import type { ServerBuild } from "@remix-run/cloudflare";
import type { WorkerEntry } from "./handler";

/**
 * Wrangler's `main`: the Remix server build, and nothing else of the app. The Worker itself
 * (functions/handler.ts) is inside that build, exported by app/entry.server.tsx, so the app's code
 * is bundled once. Importing anything else of the app here would bundle a second copy of it.
 */
const serverBuild = build as unknown as ServerBuild;
const { createWorker } = serverBuild.entry.module as unknown as WorkerEntry;

export default createWorker(serverBuild, EmailMessage);
