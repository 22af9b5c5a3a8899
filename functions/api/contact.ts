import { CONTACT_MESSAGES, ContactSchema, HoneypotSchema } from "../../app/lib/schemas/contact";
import { submitContactMessage } from "../../app/services/contact.server";
import { clientAddress } from "../../app/services/rate-limit.server";
import { parseBody } from "./http";
import { apiApp, Done, errors, json, jsonOrForm, mount } from "./openapi";

/**
 * POST /api/contact/submit {name, email, subject, message}: 201 {success, message} once stored;
 * 422 with `errors` for bad input; 429 with Retry-After after the client's allowance.
 */
export const contactApi = mount(
  apiApp(),
  {
    method: "post",
    path: "/submit",
    tags: ["Contact"],
    summary: "Send a message to the shop",
    request: { body: jsonOrForm(ContactSchema) },
    responses: {
      201: json(Done, "Stored (or a bot's honeypot: told it worked, nothing stored)."),
      ...errors(422, 429),
    },
  },
  async (c) => {
    c.header("Cache-Control", "no-store");
    // A bot that fills in the honeypot is told it worked; nothing is stored. (Hono keeps the body,
    // so it can be parsed twice.)
    const trap = await parseBody(c, HoneypotSchema);
    if (trap.website) return c.json({ success: true, message: CONTACT_MESSAGES.sent }, 201);
    const input = await parseBody(c, ContactSchema);
    await submitContactMessage(c.var.app.db, input, clientAddress(c.req.raw));
    return c.json({ success: true, message: CONTACT_MESSAGES.sent }, 201);
  },
);
