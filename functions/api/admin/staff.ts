import { createMiddleware } from "hono/factory";
import { isAdmin, isSuperAdmin } from "../../../app/services/auth.server";
import { actorOf, type Actor } from "../../../app/services/audit.server";
import { ForbiddenError } from "../../../app/services/errors";
import type { ApiContext, ApiEnv } from "../http";
import type { Security } from "../openapi";

/** After `authenticated`: staff (admin, super-admin) only; a customer is refused with a 403. */
export const staffOnly = createMiddleware<ApiEnv>(async (c, next) => {
  if (!isAdmin(c.var.viewer.user)) throw new ForbiddenError("This action is for the shop's staff only.");
  await next();
});

/** The staff member calling, for the audit log. */
export const actor = (c: ApiContext): Actor => actorOf(c.var.viewer);

/** Role changes need a super-admin: an admin is refused with a 403. */
export function requireSuperAdmin(c: ApiContext): void {
  if (!isSuperAdmin(c.var.viewer.user)) throw new ForbiddenError("Only a super-admin can change staff roles.");
}

/** Staff calls: a staff bearer token, or a staff session cookie (with the CSRF header for a change). */
export const STAFF_READ: Security = [{ bearerAuth: [] }, { sessionCookie: [] }];
export const STAFF_WRITE: Security = [{ bearerAuth: [] }, { sessionCookie: [], csrfToken: [] }];
