import type { RouteConfig } from "@hono/zod-openapi";
import type { Handler } from "hono";
import { z } from "zod";
import type { Database } from "../../../db/client";
import type { Actor } from "../../../app/services/audit.server";
import { found, ok, parseBody, pathId, type ApiContext, type ApiEnv } from "../http";
import { Done, errors, json, jsonOrForm, mount, success, type ApiApp, type ErrorStatus } from "../openapi";
import { actor, STAFF_READ, STAFF_WRITE } from "./staff";

/** The `{id}` of a back-office path. */
export const idParams = z.object({ id: z.string() });

/** The request of a change to the row of the path: its id, and a body as `parseBody` reads it (JSON or a form). */
export const rowChange = (schema: z.ZodType) => ({ params: idParams, body: jsonOrForm(schema) });

/** A page of rows as the API gives it: each row through `json`. */
export function pageJson<Row, Page extends { data: Row[] }>(page: Page, json: (row: Row) => unknown) {
  return { ...page, data: page.data.map(json) };
}

/** A page of rows with the count of each status (an inbox, the outbox), as the API gives it. */
export function countedPageJson<Row, Counts, Page extends { data: Row[]; counts: Counts }>(
  page: Page,
  json: (row: Row) => unknown,
  countsJson: (counts: Counts) => unknown,
) {
  return { ...pageJson(page, json), counts: countsJson(page.counts) };
}

/** A back-office list's query: its filters, then the page. */
export const listQuery = (filters: z.ZodRawShape = {}) =>
  z.object({ ...filters, page: z.string().optional(), per_page: z.string().optional() });

/** The `data` of a delete's answer: the id of what is gone. */
export const deletedId = z.object({ id: z.number().int() });

/**
 * A back-office route as its router declares it. What follows from that is added by `staffRoute`:
 * the Admin tag; who may call (staff: a GET is a read, anything else a change); the answer's
 * envelope, with a `message` beside the data of a change; the refusals every route has (401,
 * 403), a route with path parameters (404: none such) and one that reads a query or a body (422).
 */
export interface StaffRoute {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  summary: string;
  description?: string;
  request?: RouteConfig["request"];
  /** The answer's `data`; without it the answer is `{success, message}`. */
  data?: z.ZodType;
  /** More fields of the answer, beside `data` (and a change's `message`). */
  more?: z.ZodRawShape;
  /** What the answer is. */
  answer: string;
  /** A create answers 201. */
  created?: boolean;
  /** The refusals that do not follow from the request (409, 413, 415). */
  refusals?: ErrorStatus[];
}

/** Declares a back-office route in the OpenAPI document and routes its handler. */
export function staffRoute(app: ApiApp, route: StaffRoute, handler: Handler<ApiEnv>): ApiApp {
  const { method, path, summary, description, request, data, more, answer, created, refusals = [] } = route;
  const change = method !== "get";
  const lookup = request?.params ? ([404] as const) : [];
  const input = request?.query || request?.body ? ([422] as const) : [];
  const config = {
    method,
    path,
    tags: ["Admin"],
    summary,
    description,
    security: change ? STAFF_WRITE : STAFF_READ,
    request,
    responses: {
      [created ? 201 : 200]: json(
        data ? success(data, change ? { message: z.string(), ...more } : more) : Done,
        answer,
      ),
      ...errors(401, 403, ...lookup, ...refusals, ...input),
    },
  } satisfies RouteConfig;
  return mount(app, config, handler);
}

/** The answer of a create: 201, the new thing and a message. */
export function answerCreated(c: ApiContext, data: unknown, message: string) {
  return c.json({ success: true, data, message }, 201);
}

/** What the document says of one route. */
export interface RouteTexts {
  summary: string;
  description?: string;
  answer: string;
}

/** A write of a row: its body as the document declares it, the schema `parseBody` checks it with, and its message. */
interface RowWrite<Input> extends RouteTexts {
  body: NonNullable<RouteConfig["request"]>["body"];
  input: z.ZodType<Input>;
  message: string;
}

/**
 * The back-office shape of a resource made of rows, declared after its list in this order:
 * POST / (a create: 201), GET /stats (when it counts its rows), GET /{id} and PUT /{id}. Every
 * answer's `data` is a row as `json` gives it; an id that is not one, or of no row, is `notFound`.
 */
export interface StaffResource<Row, Create, Update> {
  data: z.ZodType;
  json: (row: Row) => unknown;
  notFound: string;
  create: RowWrite<Create> & { run: (db: Database, actor: Actor, input: Create) => Promise<Row> };
  stats?: RouteTexts & { data: z.ZodType; count: (db: Database) => Promise<unknown> };
  read: RouteTexts & { get: (db: Database, id: number) => Promise<Row | null> };
  update: RowWrite<Update> & { run: (db: Database, actor: Actor, id: number, input: Update) => Promise<Row> };
}

/** Declares and routes a resource's create, counts, read and update (`StaffResource`). */
export function staffResource<Row, Create, Update>(app: ApiApp, resource: StaffResource<Row, Create, Update>): ApiApp {
  const { data, json: rowJson, notFound, create, stats, read, update } = resource;
  const rowId = (c: ApiContext) => pathId(c, notFound);
  staffRoute(
    app,
    { ...create, method: "post", path: "/", request: { body: create.body }, data, created: true, refusals: [409] },
    async (c) => {
      const input = await parseBody(c, create.input);
      return answerCreated(c, rowJson(await create.run(c.var.app.db, actor(c), input)), create.message);
    },
  );
  // Declared before /{id}, so that "stats" is never read as an id.
  if (stats) {
    staffRoute(app, { ...stats, method: "get", path: "/stats" }, async (c) => ok(c, await stats.count(c.var.app.db)));
  }
  staffRoute(app, { ...read, method: "get", path: "/{id}", request: { params: idParams }, data }, async (c) =>
    ok(c, rowJson(found(await read.get(c.var.app.db, rowId(c)), notFound))),
  );
  return staffRoute(
    app,
    {
      ...update,
      method: "put",
      path: "/{id}",
      request: { params: idParams, body: update.body },
      data,
      refusals: [409],
    },
    async (c) => {
      const id = rowId(c);
      const input = await parseBody(c, update.input);
      const row = await update.run(c.var.app.db, actor(c), id, input);
      return ok(c, rowJson(row), { message: update.message });
    },
  );
}
