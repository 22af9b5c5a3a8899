import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminCard, AdminHeader, dangerButton, dateTime, primaryButton, secondaryButton } from "~/components/admin/ui";
import { DetailList } from "~/components/detail-list";
import { errorBoundary } from "~/components/error-state";
import { Toaster } from "~/components/toaster";
import { parseId } from "~/lib/ids";
import { MessageUpdateSchema, type MessageStatus } from "~/lib/schemas/admin-people";
import { fieldErrors } from "~/lib/schemas/query";
import { rootSeo, seoMeta } from "~/lib/seo";
import { actorOf } from "~/services/audit.server";
import { getMessage, openMessage, setMessageStatus } from "~/services/admin/messages.server";
import { formFailure, readForm, type FormFailure, buttonError } from "~/http/pages/forms.server";
import { privatePageHeaders, requireAdmin } from "~/http/pages/guards.server";
import { toasts } from "~/http/pages/toast.server";

export const meta: MetaFunction<typeof loader> = ({ matches, data, params }) =>
  seoMeta(rootSeo(matches), {
    title: data ? data.message.subject : "Message not found",
    path: `/admin/messages/${params.id}`,
    noindex: true,
  });

export const headers = privatePageHeaders;

const notFound = () => json({ message: "Message not found" }, { status: 404 });

/** One message, as it is: showing it changes nothing (the inbox's "Open", a form post, marks it read). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const id = parseId(params.id);
  const found = id ? await getMessage(context.app.db, id) : null;
  if (!found) throw notFound();
  return json(found, { headers: { "Cache-Control": "private, no-store" } });
}

const DONE: Record<MessageStatus, string> = {
  read: "Message marked as read.",
  unread: "Message marked as unread.",
  archived: "Message archived.",
};

/** `intent=open` (from the inbox: marks an unread message read, then shows it) and `intent=status` with `status`. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { app } = context;
  const viewer = await requireAdmin(app, request);
  const id = parseId(params.id);
  if (!id) throw notFound();
  const here = `/admin/messages/${id}`;
  const toast = toasts(app.env, request);
  const values = await readForm(request);
  try {
    if (values.intent === "open") {
      await openMessage(app.db, actorOf(viewer), id);
      return redirect(here);
    }
    if (values.intent !== "status")
      return toast.redirectWithError(here, "That action is not available for this message.");
    const parsed = MessageUpdateSchema.safeParse(values);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return formFailure(errors, errors.status?.[0] ?? "Please fix the errors in the form", values);
    }
    const message = await setMessageStatus(app.db, actorOf(viewer), id, parsed.data.status);
    // Archived, it leaves the inbox: back to the unread ones; any other change stays on the message.
    return toast.redirectWithSuccess(
      message.status === "archived" ? "/admin/messages" : here,
      values.restore ? "Message restored." : DONE[message.status],
    );
  } catch (error) {
    return buttonError(error, { toast, here, notFound });
  }
}

function StatusButton({
  status,
  label,
  className,
  restore = false,
}: {
  status: MessageStatus;
  label: string;
  className: string;
  restore?: boolean;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" noValidate preventScrollReset>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="status" value={status} />
      {restore ? <input type="hidden" name="restore" value="1" /> : null}
      <button type="submit" className={className} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

const STATUS_NAMES: Record<MessageStatus, string> = { unread: "Unread", read: "Read", archived: "Archived" };

export default function AdminMessagePage() {
  const { message } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const reply = `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
  const back = message.status === "unread" ? "/admin/messages" : `/admin/messages?status=${message.status}`;
  return (
    <section aria-labelledby="admin-title">
      <Toaster toast={failure?.toast ?? null} listen={false} />
      <Link to={back} className="text-sm font-medium text-bloom-700 underline">
        Back to messages
      </Link>
      <div className="mt-3">
        <AdminHeader
          title={message.subject}
          description={`From ${message.name}, ${dateTime(message.created_at)}`}
          actions={
            <span className="rounded-full bg-bloom-100 px-3 py-1 text-sm font-medium text-bloom-800">
              {STATUS_NAMES[message.status]}
            </span>
          }
        />
      </div>
      {failure ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure.toast.message}
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_18rem]">
        <AdminCard id="message-heading" title="Message">
          <p className="mt-3 whitespace-pre-wrap break-words text-gray-900">{message.message}</p>
        </AdminCard>
        <div className="grid h-fit gap-6">
          <AdminCard id="sender-heading" title="Sender">
            <DetailList
              className="mt-3 grid gap-2 text-sm"
              rows={[
                { label: "Name", value: message.name },
                { label: "Email", value: <span className="break-all">{message.email}</span> },
                { label: "Received", value: dateTime(message.created_at) },
                ...(message.read_at ? [{ label: "First read", value: dateTime(message.read_at) }] : []),
              ]}
            />
            <a href={reply} className={`${primaryButton} mt-4`}>
              Reply by email
            </a>
          </AdminCard>
          <AdminCard id="status-heading" title="Status">
            <div className="mt-3 flex flex-wrap gap-2">
              {message.status === "unread" ? (
                <StatusButton status="read" label="Mark as read" className={secondaryButton} />
              ) : null}
              {message.status === "read" ? (
                <StatusButton status="unread" label="Mark unread" className={secondaryButton} />
              ) : null}
              {message.status === "archived" ? (
                <StatusButton status="read" label="Restore" className={secondaryButton} restore />
              ) : (
                <StatusButton status="archived" label="Archive" className={dangerButton} />
              )}
            </div>
          </AdminCard>
        </div>
      </div>
    </section>
  );
}

export const ErrorBoundary = errorBoundary({
  notFound: {
    title: "Message not found",
    message: "It may have been removed.",
    link: { to: "/admin/messages", label: "Back to messages" },
  },
  failed: { title: "Could not load this message", message: "Please try again in a moment.", link: "retry" },
});
