import { z } from "zod";
import { DomainError, NotFoundError } from "../../app/services/errors";
import { recordMailEvent, verifySvix } from "../../app/services/mail/mail-events.server";
import { apiApp, Done, ErrorSchema, errors, json, mount } from "./openapi";

/** What Resend posts: `{type, created_at, data}` (only `data.to` is read, of a bounce or a complaint). */
const MailEventSchema = z
  .object({
    type: z.string().meta({ example: "email.bounced" }),
    created_at: z.string().optional(),
    data: z.object({ to: z.array(z.string()).optional() }).passthrough(),
  })
  .passthrough();

export const MAIL_EVENT_MESSAGES = {
  recorded: "Event received.",
  badSignature: "The signature is invalid or too old.",
} as const;

/**
 * POST /api/mail/events: Resend's webhook, signed with Svix (svix-id, svix-timestamp,
 * svix-signature) with RESEND_WEBHOOK_SECRET. A hard bounce (`email.bounced`) or a complaint
 * (`email.complained`) stops every return mail to its addresses; any other event is accepted and
 * ignored (200). 401 for a signature that does not hold or a timestamp more than 5 minutes away;
 * 404 while the Worker has no secret.
 */
export const mailApi = mount(
  apiApp(),
  {
    method: "post",
    path: "/events",
    tags: ["System"],
    summary: "Resend's delivery events (signed): bounces and complaints stop the return mails",
    request: {
      headers: z.object({ "svix-id": z.string(), "svix-timestamp": z.string(), "svix-signature": z.string() }),
      body: { content: { "application/json": { schema: MailEventSchema } } },
    },
    responses: {
      200: json(Done, "The event was received (and recorded when it is a bounce or a complaint)."),
      401: json(ErrorSchema, "The Svix signature does not hold, or its timestamp is more than 5 minutes away."),
      ...errors(404),
    },
  },
  async (c) => {
    const { app } = c.var;
    const secret = app.env.RESEND_WEBHOOK_SECRET;
    if (!secret) throw new NotFoundError();
    const body = await c.req.text();
    const headers = {
      id: c.req.header("svix-id"),
      timestamp: c.req.header("svix-timestamp"),
      signature: c.req.header("svix-signature"),
    };
    if (!(await verifySvix(secret, headers, body))) throw new DomainError(MAIL_EVENT_MESSAGES.badSignature, 401);
    await recordMailEvent(app.db, body);
    c.header("Cache-Control", "no-store");
    return c.json({ success: true as const, message: MAIL_EVENT_MESSAGES.recorded }, 200);
  },
);
