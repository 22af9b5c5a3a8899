import { z } from "zod";
import { HONEYPOT, honeypotFilled } from "../honeypot";
import { ACCOUNT_MESSAGES, emailField, nameField, requiredText } from "./account";

/** The contact form's texts: the spec's (sections 2, 8 and 9) and our own where it gives none. */
export const CONTACT_MESSAGES = {
  sent: "Thank you for your message! We'll get back to you within 24 hours.",
  failed: "There was an error sending your message. Please try again.",
  formErrors: ACCOUNT_MESSAGES.formErrors,
  replyHint: "We reply to every message within 24 hours.",
  phoneHours: "Monday to Friday, 9AM to 6PM EST",
} as const;

export const SUBJECT_MAX = 150;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 5000;

/** The honeypot test as a schema, for an API body (the page reads its form with `honeypotFilled`). */
export const HoneypotSchema = z.object({ [HONEYPOT]: z.unknown().optional() }).transform((body) => ({ [HONEYPOT]: honeypotFilled(body) }));

/** The contact form and `POST /api/contact/submit`'s body: name, email, subject and message, all required. */
export const ContactSchema = z.object({
  name: nameField("Name"),
  email: emailField,
  subject: requiredText("Subject", { max: SUBJECT_MAX }),
  message: requiredText("Message", { min: MESSAGE_MIN, max: MESSAGE_MAX }),
});
export type ContactInput = z.output<typeof ContactSchema>;
