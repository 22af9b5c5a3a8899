import { HoneypotSchema } from "../../app/lib/schemas/contact";
import { NEWSLETTER_MESSAGES, NewsletterSubscribeSchema } from "../../app/lib/schemas/newsletter";
import { mailContext } from "../../app/http/mail.server";
import { unsubscribeSigner } from "../../app/http/newsletter.server";
import { subscribe } from "../../app/services/newsletter.server";
import { clientAddress } from "../../app/services/rate-limit.server";
import { featureGate } from "./features";
import { parseBody } from "./http";
import { apiApp, Done, errors, json, jsonOrForm, mount } from "./openapi";

/**
 * POST /api/newsletter/subscribe {email}: 200 with the same message for a new, pending, subscribed or
 * unsubscribed address (a confirmation mail goes to one that is not subscribed yet: double opt-in);
 * 422 for a malformed email, 429 with Retry-After past the client's allowance; 404 while the
 * settings switch the newsletter off.
 */
export const newsletterApi = mount(
  apiApp(),
  {
    method: "post",
    path: "/subscribe",
    tags: ["Newsletter"],
    summary: "Sign an address up for the newsletter (double opt-in: it gets a confirmation link)",
    middleware: featureGate("newsletter"),
    request: { body: jsonOrForm(NewsletterSubscribeSchema) },
    responses: {
      200: json(Done, "The same answer for every address; a confirmation link is mailed to one not subscribed yet."),
      ...errors(404, 422, 429),
    },
  },
  async (c) => {
    c.header("Cache-Control", "no-store");
    const done = () => c.json({ success: true as const, message: NEWSLETTER_MESSAGES.requested }, 200);
    // A bot that fills in the honeypot is told it worked; nothing is stored or mailed.
    const trap = await parseBody(c, HoneypotSchema);
    if (trap.website) return done();
    const { email } = await parseBody(c, NewsletterSubscribeSchema);
    const { app } = c.var;
    await subscribe(app.db, email, {
      mail: await mailContext(app, c.req.raw),
      signer: unsubscribeSigner(app.env),
      client: clientAddress(c.req.raw),
    });
    return done();
  },
);
