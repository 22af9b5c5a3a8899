import { apiApp, json, mount, success } from "./openapi";
import { HealthSchema } from "./schemas";

export const health = mount(
  apiApp(),
  {
    method: "get",
    path: "/",
    tags: ["System"],
    summary: "Whether the API is up",
    responses: { 200: json(success(HealthSchema), "Up.") },
  },
  (c) =>
    c.json({ success: true, data: { status: "ok" } }, 200, {
      "Cache-Control": "no-store",
    }),
);
