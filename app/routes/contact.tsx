import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import {
  FormFailureNotice,
  Honeypot,
  SubmitButton,
  TextAreaField,
  TextField,
  useLiveValidation,
} from "~/components/form";
import { PersonFields } from "~/components/person-fields";
import { useSiteContact } from "~/components/home/content-page";
import { Faq, type FaqData } from "~/components/home/faq";
import { CONTACT_MESSAGES } from "~/lib/form-messages";
import { ContactSchema } from "~/lib/schemas/contact";
import { honeypotFilled } from "~/lib/honeypot";
import { fieldErrors } from "~/lib/schemas/query";
import { rootSeo, seoMeta } from "~/lib/seo";
import { submitContactMessage } from "~/services/contact.server";
import { formFailure, formPageHeaders, readForm, type FormFailure, formError } from "~/http/pages/forms.server";
import { clientAddress } from "~/services/rate-limit.server";
import { toasts } from "~/http/pages/toast.server";

/** The form's checks, imported when a field is first focused: the page loads no schema library (docs/decisions/019). */
const loadContactSchema = () => import("~/lib/schemas/contact").then((module) => module.ContactSchema);

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Contact Us",
    description:
      "Questions about an order, a custom bouquet or a tutorial? Write to the Twistbloom studio: we reply within 24 hours.",
    path: "/contact",
  });

export const headers = formPageHeaders;

/**
 * Stores the message and comes back to an empty form with "Thank you for your message!..."
 * (post/redirect/get). Bad input shows each field's message and "Please fix the errors in the
 * form"; too many messages from one address, the server's message with 429 and Retry-After.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const values = await readForm(request);
  const sent = () => toasts(app.env, request).redirectWithSuccess("/contact", CONTACT_MESSAGES.sent);
  // A bot that fills in the hidden field is told it worked; nothing is stored.
  if (honeypotFilled(values)) return sent();
  const parsed = ContactSchema.safeParse(values);
  if (!parsed.success) return formFailure(fieldErrors(parsed.error), CONTACT_MESSAGES.formErrors, values);
  try {
    await submitContactMessage(app.db, parsed.data, clientAddress(request));
    return sent();
  } catch (error) {
    return formError(error, values, { unexpected: CONTACT_MESSAGES.failed });
  }
}

const FAQ: FaqData = {
  title: "Before you write",
  subtitle: "The questions we are asked most often.",
  items: [
    {
      question: "How soon will you reply?",
      answer:
        "We answer every message within 24 hours, usually sooner on weekdays. For anything urgent about an order, call us Monday to Friday, 9AM to 6PM EST.",
    },
    {
      question: "Can you make a custom bouquet?",
      answer:
        "Yes. Tell us the occasion, the colours and the size you have in mind (and the date you need it by), and we will reply with ideas and a quote.",
    },
    {
      question: "What if my bouquet arrives damaged, or is not what I expected?",
      answer:
        "You have 30 days to return a bouquet. Send us your order number (it starts with TB) and a photo, and we will repair, replace or refund it.",
    },
  ],
};

/**
 * How many messages this page has sent (with JavaScript): a submission that ends without the
 * action's data was redirected, so it worked, and the form starts again empty.
 */
function useSentCount(failure: FormFailure | undefined) {
  const state = useNavigation().state;
  // Counted while rendering, as the navigation state changes: idle after a submit without a failure is one more sent.
  const [seen, setSeen] = useState({ state, submitted: false, sent: 0 });
  if (state !== seen.state) {
    const done = state === "idle" && seen.submitted;
    setSeen({
      state,
      submitted: state === "submitting" || (seen.submitted && !done),
      sent: done && !failure ? seen.sent + 1 : seen.sent,
    });
  }
  return seen.sent;
}

function ContactForm({ failure }: { failure: FormFailure | undefined }) {
  const { errors, formProps } = useLiveValidation(loadContactSchema, CONTACT_MESSAGES.formErrors, failure?.errors);
  const sending = useNavigation().state === "submitting";
  const values = failure?.values ?? {};
  return (
    <>
      {/* The error state: the server's message (too many messages, a fault), when no field is to blame. */}
      <FormFailureNotice failure={failure} className="mt-6" />
      <Form method="post" {...formProps} className="mt-6 grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <PersonFields names={["name", "email"]} values={values} errors={errors} />
        </div>
        <TextField name="subject" label="Subject" autoComplete="off" defaultValue={values.subject} errors={errors} />
        <TextAreaField
          name="message"
          label="Message"
          rows={6}
          defaultValue={values.message}
          hint="At least 10 characters. An order number or the occasion helps us answer faster."
          errors={errors}
        />
        <Honeypot />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <SubmitButton busy={sending} label="Send Message" busyLabel="Sending…" />
          <p className="text-sm text-gray-600">{CONTACT_MESSAGES.replyHint}</p>
        </div>
      </Form>
    </>
  );
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

function ContactDetails() {
  const contact = useSiteContact();
  const hours = contact.hours || CONTACT_MESSAGES.phoneHours;
  const row = "flex flex-col gap-0.5";
  const term = "text-sm font-semibold uppercase tracking-wide text-bloom-700";
  const link = "font-medium text-gray-900 underline decoration-bloom-300 underline-offset-2 hover:text-bloom-700";
  return (
    <section aria-labelledby="details-title" className="rounded-3xl bg-bloom-50 p-6 sm:p-8">
      <h2 id="details-title" className="font-display text-2xl font-bold text-gray-900">
        Other ways to reach us
      </h2>
      <dl className="mt-6 grid gap-5 text-gray-800">
        {contact.email ? (
          <div className={row}>
            <dt className={term}>Email</dt>
            <dd>
              <a href={`mailto:${contact.email}`} className={link}>
                {contact.email}
              </a>
            </dd>
          </div>
        ) : null}
        {contact.phone ? (
          <div className={row}>
            <dt className={term}>Phone</dt>
            <dd>
              <a href={telHref(contact.phone)} className={link}>
                {contact.phone}
              </a>
            </dd>
          </div>
        ) : null}
        <div className={row}>
          <dt className={term}>Phone hours</dt>
          <dd>{hours}</dd>
        </div>
        {contact.address ? (
          <div className={row}>
            <dt className={term}>Studio</dt>
            <dd>
              <address className="not-italic">{contact.address}</address>
            </dd>
          </div>
        ) : null}
        <div className={row}>
          <dt className={term}>Replies</dt>
          <dd>{CONTACT_MESSAGES.replyHint}</dd>
        </div>
      </dl>
    </section>
  );
}

export default function ContactPage() {
  const failure = useActionData<FormFailure>();
  // After a message is sent the form is drawn anew: empty, with no messages from the last one.
  const sent = useSentCount(failure);
  return (
    <div>
      <section aria-labelledby="contact-title" className="bg-bloom-50">
        <div className="mx-auto max-w-4xl px-4 py-12 text-center sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wider text-bloom-700">Contact</p>
          <h1 id="contact-title" className="mt-3 font-display text-4xl font-bold text-gray-900 sm:text-5xl">
            Get in Touch
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-gray-700">
            A question about an order, an idea for a custom bouquet, a tricky tutorial? Write to us and a maker from the
            studio will answer within 24 hours.
          </p>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-5 lg:gap-12">
        <section
          aria-labelledby="form-title"
          className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-bloom-100 sm:p-8 lg:col-span-3"
        >
          <h2 id="form-title" className="font-display text-2xl font-bold text-gray-900">
            Send us a message
          </h2>
          <p className="mt-2 text-sm text-gray-600">Every field is required.</p>
          <ContactForm key={sent} failure={failure} />
        </section>
        <div className="lg:col-span-2">
          <ContactDetails />
        </div>
      </div>

      <Faq data={FAQ} />
    </div>
  );
}
