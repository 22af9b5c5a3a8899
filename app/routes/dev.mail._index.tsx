import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/seo";
import { DEV_MAIL_LIMIT, hasDevMailbox, listDevMail } from "~/services/mail/dev-mailbox.server";
import { privatePageHeaders } from "~/http/pages/guards.server";

export const meta = pageMeta({ title: "Development mailbox", path: "/dev/mail", noindex: true });

export const headers = privatePageHeaders;

/**
 * The development mailbox (docs/decisions/020): every mail a development server delivered, as its
 * recipient would get it, newest first, by part of the address. The not-found page anywhere else.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  if (!hasDevMailbox(app.env)) throw json(null, { status: 404 });
  const search = new URL(request.url).searchParams.get("to")?.trim() ?? "";
  const mails = await listDevMail(app.db, { search: search || undefined });
  return json(
    {
      search,
      limit: DEV_MAIL_LIMIT,
      mails: mails.map(({ id, to, subject, template, sent_at }) => ({ id, to, subject, template, sent_at })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The table's columns; all but the last keep a gap on their right. */
const COLUMNS = ["Sent", "To", "Subject", "Template"];

const when = (iso: string | null) => (iso ? iso.replace("T", " ").slice(0, 19) : "");

export default function DevMailbox() {
  const { search, limit, mails } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="font-display text-3xl font-bold text-gray-900">Development mailbox</h1>
      <p className="mt-2 text-gray-700">
        The mails this development server delivered, as their recipients would get them (links included), newest first;
        the latest {limit}. Only a development server has this page.
      </p>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" aria-label="Filter the mailbox">
        <div className="min-w-[16rem] flex-1">
          <label htmlFor="dev-mail-to" className="block text-sm font-medium text-gray-900">
            Address
          </label>
          <input
            id="dev-mail-to"
            name="to"
            type="search"
            defaultValue={search}
            placeholder="Part of the address"
            className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 text-gray-900"
          />
        </div>
        <button type="submit" className="rounded-full bg-bloom-600 px-5 py-2 font-medium text-white hover:bg-bloom-700">
          Filter
        </button>
      </Form>
      {mails.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-bloom-100 bg-bloom-50 p-8 text-center text-gray-700">
          {search
            ? "No mail to an address like that yet."
            : "No mail yet. Register, reset a password or place an order: its mail shows here."}
        </p>
      ) : (
        <table className="mt-8 w-full text-left text-sm">
          <caption className="sr-only">Mails, newest first</caption>
          <thead>
            <tr className="border-b border-bloom-100 text-gray-700">
              {COLUMNS.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={index < COLUMNS.length - 1 ? "py-2 pr-4 font-medium" : "py-2 font-medium"}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {mails.map((mail) => (
              <tr key={mail.id} className="border-b border-bloom-50">
                <td className="whitespace-nowrap py-2 pr-4 text-gray-700">{when(mail.sent_at)}</td>
                <td className="break-all py-2 pr-4 text-gray-900">{mail.to}</td>
                <td className="py-2 pr-4">
                  <Link to={`/dev/mail/${mail.id}`} className="font-medium text-bloom-700 underline">
                    {mail.subject}
                  </Link>
                </td>
                <td className="py-2 text-gray-700">{mail.template}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
