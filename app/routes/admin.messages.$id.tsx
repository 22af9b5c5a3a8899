import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage, DetailsCard, subjectError, subjectMeta } from "~/components/admin/admin-page";
import { AdminCard, dangerButton, dateTime, primaryButton, secondaryButton } from "~/components/admin/ui";
import type { AdminSubject } from "~/lib/admin-list";
import { parseId } from "~/lib/ids";
import { MessageUpdateSchema, type MessageStatus } from "~/lib/schemas/admin-people";
import { fieldErrors } from "~/lib/schemas/query";
import { getMessage, openMessage, setMessageStatus } from "~/services/admin/messages.server";
import { formFailure, readForm, type FormFailure, buttonError } from "~/http/pages/forms.server";
import { loadSubject, privateJson, subjectAction } from "~/http/pages/admin-pages.server";

const messages: AdminSubject = { path: "/admin/messages", back: "Back to messages", missing: "Message not found" };

export const meta = subjectMeta<typeof loader>(messages, (data) => data.message.subject);

/** One message, as it is: showing it changes nothing (the inbox's "Open", a form post, marks it read). */
export async function loader(args: LoaderFunctionArgs) {
  const { found } = await loadSubject(args, messages, parseId(args.params.id), getMessage);
  return privateJson(found);
}

const DONE: Record<MessageStatus, string> = {
  read: "Message marked as read.",
  unread: "Message marked as unread.",
  archived: "Message archived.",
};

/** `intent=open` (from the inbox: marks an unread message read, then shows it) and `intent=status` with `status`. */
export async function action(args: ActionFunctionArgs) {
  const { app, actor, id, here, toast, notFound } = await subjectAction(args, messages, parseId(args.params.id));
  const values = await readForm(args.request);
  try {
    if (values.intent === "open") {
      await openMessage(app.db, actor, id);
      return redirect(here);
    }
    if (values.intent !== "status")
      return toast.redirectWithError(here, "That action is not available for this message.");
    const parsed = MessageUpdateSchema.safeParse(values);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return formFailure(errors, errors.status?.[0] ?? "Please fix the errors in the form", values);
    }
    const message = await setMessageStatus(app.db, actor, id, parsed.data.status);
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
    <AdminPage
      toast={failure?.toast ?? null}
      back={{ to: back, label: messages.back }}
      title={message.subject}
      description={`From ${message.name}, ${dateTime(message.created_at)}`}
      actions={
        <span className="rounded-full bg-bloom-100 px-3 py-1 text-sm font-medium text-bloom-800">
          {STATUS_NAMES[message.status]}
        </span>
      }
    >
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
          <DetailsCard
            id="sender-heading"
            title="Sender"
            rows={[
              { label: "Name", value: message.name },
              { label: "Email", value: <span className="break-all">{message.email}</span> },
              { label: "Received", value: dateTime(message.created_at) },
              ...(message.read_at ? [{ label: "First read", value: dateTime(message.read_at) }] : []),
            ]}
          >
            <a href={reply} className={`${primaryButton} mt-4`}>
              Reply by email
            </a>
          </DetailsCard>
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
    </AdminPage>
  );
}

export const ErrorBoundary = subjectError(messages, {
  gone: "It may have been removed.",
  failed: "Could not load this message",
});
