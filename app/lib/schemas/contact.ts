import { z } from "zod";
import { HONEYPOT, honeypotFilled } from "../honeypot";
import { CONTACT_MESSAGES } from "../form-messages";
import { emailField, nameField, requiredText } from "./account";

export { CONTACT_MESSAGES };

export const SUBJECT_MAX = 150;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 5000;

/** The honeypot test as a schema, for an API body (the page reads its form with `honeypotFilled`). */
export const HoneypotSchema = z
  .object({ [HONEYPOT]: z.unknown().optional() })
  .transform((body) => ({ [HONEYPOT]: honeypotFilled(body) }));

/** The contact form and `POST /api/contact/submit`'s body: name, email, subject and message, all required. */
export const ContactSchema = z.object({
  name: nameField("Name"),
  email: emailField,
  subject: requiredText("Subject", { max: SUBJECT_MAX }),
  message: requiredText("Message", { min: MESSAGE_MIN, max: MESSAGE_MAX }),
});
export type ContactInput = z.output<typeof ContactSchema>;
