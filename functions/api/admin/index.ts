import { apiApp } from "../openapi";
import { authenticated } from "../session";
import { auditApi } from "./audit";
import { messagesApi } from "./messages";
import { staffOnly } from "./staff";
import { usersApi } from "./users";

/**
 * The back office's API under /api/admin: staff only (401 without a session, 403 for a customer),
 * never cached (`authenticated` marks every answer private, no-store). Each part of the back office
 * adds its router here.
 */
export const adminApi = apiApp();
adminApi.use(authenticated, staffOnly);
adminApi.route("/audit", auditApi);
adminApi.route("/users", usersApi);
adminApi.route("/messages", messagesApi);
