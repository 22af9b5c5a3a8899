import { z } from "zod";
import { hasDevMailbox, listDevMail } from "../../app/services/mail/dev-mailbox.server";
import { NotFoundError } from "../../app/services/errors";
import { ok } from "./http";
import { apiApp, errors, json, mount, success } from "./openapi";

/** A mail of the development mailbox, as delivered (secrets revealed). */
const DevMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  text: z.string(),
  html: z.string(),
  sent_at: z.string().nullable(),
});

/**
 * GET /api/dev/mail?to=<address>: the development mailbox (docs/decisions/020), newest first, for
 * the browser tests and a developer's scripts. Only on a development server; 404 in every other
 * environment, as an unknown path is. Kept out of the published document (`hide`): the contract is
 * the live shop's, where this route never answers.
 */
export const devApi = apiApp();
mount(
  devApi,
  {
    method: "get",
    path: "/mail",
    hide: true,
    tags: ["System"],
    summary: "The development mailbox: mails as delivered, newest first (development only)",
    request: { query: z.object({ to: z.string().optional() }) },
    responses: { 200: json(success(z.array(DevMailSchema)), "The mails."), ...errors(404) },
  },
  async (c) => {
    const { app } = c.var;
    if (!hasDevMailbox(app.env)) throw new NotFoundError();
    const mails = await listDevMail(app.db, { to: c.req.query("to") || undefined });
    c.header("Cache-Control", "no-store");
    return ok(
      c,
      mails.map(({ id, to, subject, template, text, html, sent_at }) => ({
        id,
        to,
        subject,
        template,
        text,
        html,
        sent_at,
      })),
    );
  },
);
