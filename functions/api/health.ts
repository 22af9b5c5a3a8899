import { Hono } from "hono";
import type { ApiEnv } from "./http";

export const health = new Hono<ApiEnv>().get("/", (c) =>
  c.json({ success: true, data: { status: "ok" } }, 200, { "Cache-Control": "no-store" }),
);
