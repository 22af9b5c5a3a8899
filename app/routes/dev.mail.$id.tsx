import { Fragment } from "react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/back-link";
import { MailFrame, MailText } from "~/components/mail-preview";
import { rootSeo, seoMeta } from "~/lib/seo";
import { getDevMail, hasDevMailbox } from "~/services/mail/dev-mailbox.server";
import { privatePageHeaders } from "~/http/pages/guards.server";

export const meta: MetaFunction<typeof loader> = ({ matches, data, params }) =>
  seoMeta(rootSeo(matches), {
    title: data ? data.mail.subject : "Development mailbox",
    path: `/dev/mail/${params.id}`,
    noindex: true,
  });

export const headers = privatePageHeaders;

/** One mail of the development mailbox: its text (links clickable) and its HTML in a sandboxed frame. */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const { app } = context;
  if (!hasDevMailbox(app.env)) throw json(null, { status: 404 });
  const mail = params.id && params.id.length <= 64 ? await getDevMail(app.db, params.id) : null;
  if (!mail) throw json(null, { status: 404 });
  return json({ mail }, { headers: { "Cache-Control": "private, no-store" } });
}

const LINK = /(https?:\/\/[^\s<>"]+)/g;

/** The text part with its web links as links (a developer follows a reset link from here). */
function LinkedText({ text }: { text: string }) {
  return (
    <>
      {text.split(LINK).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="text-bloom-700 underline">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export default function DevMail() {
  const { mail } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <BackLink to="/dev/mail" label="Back to the mailbox" />
      <h1 className="mt-3 font-display text-3xl font-bold text-gray-900">{mail.subject}</h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-gray-700">To</dt>
        <dd className="break-all text-gray-900">{mail.to}</dd>
        <dt className="font-medium text-gray-700">Template</dt>
        <dd className="text-gray-900">{mail.template}</dd>
        <dt className="font-medium text-gray-700">Sent</dt>
        <dd className="text-gray-900">{mail.sent_at?.replace("T", " ").slice(0, 19)}</dd>
        {Object.entries(mail.headers ?? {}).map(([name, value]) => (
          <Fragment key={name}>
            <dt className="font-medium text-gray-700">{name}</dt>
            <dd className="break-all text-gray-900">{value}</dd>
          </Fragment>
        ))}
      </dl>
      <h2 className="mt-8 text-xl font-semibold text-gray-900">Text part</h2>
      <MailText>
        <LinkedText text={mail.text} />
      </MailText>
      <h2 className="mt-8 text-xl font-semibold text-gray-900">As the recipient sees it</h2>
      <MailFrame html={mail.html} title={`The mail "${mail.subject}" as its recipient sees it`} />
    </div>
  );
}
