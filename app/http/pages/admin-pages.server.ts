import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { Database } from "../../../db/client";
import { filterValues, type AdminSubject } from "../../lib/admin-list";
import { lenientQuery } from "../../lib/schemas/query";
import { actorOf } from "../../services/audit.server";
import { requireAdmin } from "./guards.server";
import { toasts } from "./toast.server";

/**
 * What the back office's loaders and actions begin with: the admin guard, then what the page reads
 * from its address (a list's filters, a subject's id); and its data, which no shared cache keeps.
 */

/** A back-office page's data: personal, so never stored by a shared cache. */
export const privateJson = <Data>(data: Data) => json(data, { headers: { "Cache-Control": "private, no-store" } });

/**
 * A list's loader: admins only; the GET form's filters `names` read by `schema` (a filter that is
 * not valid is left out and comes back with its message), the filters as typed, and whether one of
 * them is applied.
 */
export async function readAdminList<S extends z.ZodType, Name extends string>(
  { request, context }: LoaderFunctionArgs,
  schema: S,
  names: readonly Name[],
) {
  await requireAdmin(context.app, request);
  const url = new URL(request.url);
  const { query, errors } = lenientQuery(schema, url.searchParams);
  const applied = query as Partial<Record<Name, unknown>>;
  const filtered = names.some((name) => Boolean(applied[name]));
  const filters = filterValues(url.searchParams, names);
  return { app: context.app, query, list: { errors, filters, filtered, path: url.pathname } };
}

/** A back-office page's loader: admins only, then what `load` reads. */
export async function loadAdminPage<Data>(
  { request, context }: LoaderFunctionArgs,
  load: (db: Database) => Promise<Data>,
) {
  await requireAdmin(context.app, request);
  return privateJson(await load(context.app.db));
}

/** A back-office page's action: admins only; who acts, and the toasts of its redirect. */
export async function adminAction({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const viewer = await requireAdmin(app, request);
  return { app, viewer, actor: actorOf(viewer), toast: toasts(app.env, request) };
}

/** A list's action (a button on a row): admins only; `back` is the list as it was shown, filters and page kept. */
export async function adminListAction(args: ActionFunctionArgs, path: string) {
  const url = new URL(args.request.url);
  url.searchParams.delete("index");
  return { ...(await adminAction(args)), back: `${path}${url.search}` };
}

/** A subject's 404: its error boundary says `missing`. */
export const subjectNotFound = (subject: AdminSubject) => json({ message: subject.missing }, { status: 404 });

/** The loader of a page about one thing: admins only; what `find` finds by the page's `id`, or its 404. */
export async function loadSubject<Id, Found>(
  { request, context }: LoaderFunctionArgs,
  subject: AdminSubject,
  id: Id | null,
  find: (db: Database, id: Id) => Promise<Found | null>,
) {
  const viewer = await requireAdmin(context.app, request);
  const found = id ? await find(context.app.db, id) : null;
  if (!found) throw subjectNotFound(subject);
  return { viewer, found };
}

/**
 * The action of a page about one thing: admins only; an `id` that is not one is its 404. Gives who
 * acts, the page's address (`here`, where its toasts go) and its 404 for `buttonError`.
 */
export async function subjectAction<Id>(args: ActionFunctionArgs, subject: AdminSubject, id: Id | null) {
  const acting = await adminAction(args);
  if (!id) throw subjectNotFound(subject);
  return { ...acting, id, here: `${subject.path}/${id}`, notFound: () => subjectNotFound(subject) };
}
