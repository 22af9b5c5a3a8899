import { json, redirect, type HeadersFunction } from "@remix-run/cloudflare";
import type { Feature } from "../../lib/features";
import { isAdmin, type Viewer } from "../../services/auth.server";
import type { AppContext } from "../context.server";
import { isFeatureOn } from "../features.server";
import { clearSessionCookie, getSession } from "../session.server";
import { toasts } from "./toast.server";

/** Where the shopper was going, to come back to after logging in. */
function loginUrl(request: Request): string {
  const url = new URL(request.url);
  return `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/**
 * The logged-in-only guard: an anonymous visitor goes to /login (and comes back after); an
 * expired, revoked or invalid session is cleared first (the spec's 401 rule).
 */
export async function requireViewer(app: AppContext, request: Request): Promise<Viewer> {
  const { viewer, stale } = await getSession(app, request);
  if (viewer) return viewer;
  const toast = toasts(app.env, request);
  const message = stale ? "Your session has expired. Please log in again." : "Please log in to continue.";
  const response = await toast.redirectWithInfo(loginUrl(request), message);
  if (stale) response.headers.append("Set-Cookie", clearSessionCookie(app.env, request));
  throw response;
}

/** The admin guard: roles admin and super-admin pass; other users go to /, anonymous ones to /login. */
export async function requireAdmin(app: AppContext, request: Request): Promise<Viewer> {
  const viewer = await requireViewer(app, request);
  if (!isAdmin(viewer.user)) {
    throw await toasts(app.env, request).redirectWithError("/", "You do not have permission to view that page.");
  }
  return viewer;
}

/** Logged-in visitors have no business on /login or /register: they go home. */
export async function redirectIfLoggedIn(app: AppContext, request: Request): Promise<void> {
  const { viewer } = await getSession(app, request);
  if (viewer) throw redirect("/");
}

/**
 * The document headers of a personal page (profile, orders, admin): a loader's own headers reach
 * only `_data` requests, so the full page says it must not be stored by shared caches here.
 */
export const privatePageHeaders: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * A page (or a form's action) of a feature the settings switch off does not exist: 404, the shop's
 * not-found screen.
 */
export async function requireFeature(app: AppContext, feature: Feature): Promise<void> {
  if (!(await isFeatureOn(app, feature))) throw json(null, { status: 404 });
}
