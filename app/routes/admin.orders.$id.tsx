import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage, DetailsCard, backTo, subjectError, subjectMeta } from "~/components/admin/admin-page";
import { OrderAddress } from "~/components/admin/order-address";
import {
  AdminCard,
  adminInput,
  adminLabel,
  dangerButton,
  dateTime,
  primaryButton,
  secondaryButton,
} from "~/components/admin/ui";
import { FieldError } from "~/components/field-error";
import { DeliveryDate, OrderBadges, paymentStatusText } from "~/components/order-badges";
import { addressTitles, CardMessage } from "~/components/order-address";
import { OrderItemList } from "~/components/order-items";
import { PlacedOrderTotals } from "~/components/order-totals";
import { ADMIN_ORDERS } from "~/lib/admin-list";
import { parseId } from "~/lib/ids";
import {
  isOrderStatus,
  MARK_PAID_LABEL,
  OrderUpdateSchema,
  STAFF_NOTE_MAX,
  transitionButtons,
  transitionDone,
  type OrderUpdate,
} from "~/lib/order-lifecycle";
import { fieldErrors } from "~/lib/schemas/query";
import { getAdminOrder, updateOrder } from "~/services/admin/orders.server";
import { formFailure, readForm, type FormFailure, buttonError } from "~/http/pages/forms.server";
import { loadSubject, privateJson, subjectAction } from "~/http/pages/admin-pages.server";
import { mailContext } from "~/http/mail.server";

const orders = ADMIN_ORDERS;

export const meta = subjectMeta<typeof loader>(orders, (data) => `Order ${data.order.order_number}`);

/**
 * One order for staff, with the buttons its status allows (and nothing else). The lifecycle's
 * module stays on the server: the page gets its buttons as data.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { found: order } = await loadSubject(args, orders, parseId(args.params.id), getAdminOrder);
  return privateJson({
    order,
    transitions: transitionButtons(order.status),
    markPaid: order.can_mark_paid ? MARK_PAID_LABEL : null,
    noteMax: STAFF_NOTE_MAX,
  });
}

/** What each form asks for: `intent=status` (with `status`), `intent=payment`, `intent=note` (with `note`); each sends the `version` it showed. */
function requested(values: Record<string, string>): Record<string, unknown> | null {
  const version = values.version ?? "";
  if (values.intent === "status") return { status: values.status ?? "", version };
  if (values.intent === "payment") return { payment_status: "paid", version };
  if (values.intent === "note") return { note: values.note ?? "", version };
  return null;
}

function doneMessage(orderNumber: string, input: OrderUpdate, staffNote: string | null): string {
  if (input.status && isOrderStatus(input.status)) return transitionDone(orderNumber, input.status);
  if (input.payment_status) return `Cash collected recorded for order ${orderNumber}.`;
  return staffNote === null ? "Internal note cleared." : "Internal note saved.";
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { app, actor, id, here, toast, notFound } = await subjectAction(args, orders, parseId(args.params.id));
  const values = await readForm(request);
  const input = requested(values);
  if (!input) return toast.redirectWithError(here, "That action is not available for this order.");
  const parsed = OrderUpdateSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return formFailure(errors, Object.values(errors)[0]?.[0] ?? "Please fix the errors in the form", values);
  }
  try {
    const order = await updateOrder(app.db, actor, id, parsed.data, await mailContext(app, request));
    return toast.redirectWithSuccess(here, doneMessage(order.order_number, parsed.data, order.staff_note));
  } catch (error) {
    // Refused (a transition the status does not allow, a form shown before someone else's change): back, saying why.
    return buttonError(error, { toast, here, notFound, values });
  }
}

/** One button in a form of its own: the intent, its target and the version the page showed. */
function ActionButton({
  intent,
  fields,
  version,
  label,
  className,
}: {
  intent: string;
  fields?: Record<string, string>;
  version: number;
  label: string;
  className: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    Object.entries(fields ?? {}).every(([k, v]) => navigation.formData?.get(k) === v);
  return (
    <Form method="post" noValidate preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="version" value={version} />
      <button type="submit" className={className} disabled={navigation.state !== "idle"} aria-busy={busy || undefined}>
        {label}
      </button>
    </Form>
  );
}

const HISTORY_KIND: Record<string, string> = { status: "Status", payment: "Payment", note: "Internal note" };

function historyText(entry: { kind: string; from: string | null; to: string | null }): string {
  if (entry.kind === "status" && entry.from === null) return `Placed (${entry.to})`;
  if (entry.kind === "note") return entry.to === null ? "Internal note cleared" : "Internal note changed";
  return `${HISTORY_KIND[entry.kind] ?? entry.kind}: ${entry.from ?? "none"} → ${entry.to ?? "none"}`;
}

export default function AdminOrderPage() {
  const { order, transitions, markPaid, noteMax } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const noteValue = failure?.values.intent === "note" ? (failure.values.note ?? "") : (order.staff_note ?? "");
  const noteErrors = failure?.errors.note;
  const titles = addressTitles(order.gift);
  const otherErrors = failure
    ? Object.entries(failure.errors)
        .filter(([key]) => key !== "note")
        .flatMap(([, messages]) => messages)
    : [];
  return (
    <AdminPage
      toast={failure?.toast ?? null}
      back={backTo(orders)}
      title={`Order ${order.order_number}`}
      description={`Placed ${dateTime(order.created_at)}`}
      actions={<OrderBadges order={order} />}
    >
      <DeliveryDate date={order.delivery_date} className="mt-2 text-gray-900" />
      <nav aria-label="Papers" className="mt-4 flex flex-wrap gap-2">
        <a href={`/admin/orders/${order.id}/packing-slip`} className={secondaryButton}>
          Packing slip
        </a>
        <a href={`/admin/orders/${order.id}/invoice`} className={secondaryButton}>
          Invoice
        </a>
      </nav>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="grid h-fit gap-6">
          <AdminCard id="order-actions" title="Next step">
            {otherErrors.length ? <FieldError id="order-actions-error" messages={otherErrors} alert /> : null}
            {transitions.length || markPaid ? (
              <div className="mt-3 flex flex-wrap gap-2">
                {transitions.map((button) => (
                  <ActionButton
                    key={button.status}
                    intent="status"
                    fields={{ status: button.status }}
                    version={order.version}
                    label={button.label}
                    className={button.status === "cancelled" ? dangerButton : primaryButton}
                  />
                ))}
                {markPaid ? (
                  <ActionButton intent="payment" version={order.version} label={markPaid} className={secondaryButton} />
                ) : null}
              </div>
            ) : (
              <p className="mt-2 text-sm text-gray-700">
                This order is {order.status}
                {order.payment_status === "paid" ? " and paid" : ""}: there is nothing more to do.
              </p>
            )}
            {order.status === "pending" || order.status === "processing" ? (
              <p className="mt-3 text-xs text-gray-600">
                Cancelling puts the items back in stock and gives the coupon's use back.
              </p>
            ) : null}
          </AdminCard>

          <AdminCard id="order-items" title="Items">
            <OrderItemList items={order.items} className="mt-2" />
            <PlacedOrderTotals order={order} />
          </AdminCard>

          <div className="grid gap-6 sm:grid-cols-2">
            <OrderAddress id="order-shipping" title={titles.shipping} text={order.shipping_address} />
            <OrderAddress id="order-billing" title={titles.billing} text={order.billing_address} />
          </div>

          {order.gift ? (
            <AdminCard id="order-card" title="Card message">
              <CardMessage message={order.gift.message} className="mt-2 text-sm text-gray-700" />
              <p className="mt-2 text-xs text-gray-600">
                {order.gift.hide_prices
                  ? "The packing slip leaves the prices out."
                  : "The packing slip shows the prices."}
              </p>
            </AdminCard>
          ) : null}

          <AdminCard id="order-history" title="History">
            <ol className="mt-3 grid gap-2 text-sm">
              {order.history.map((entry) => (
                <li
                  key={entry.id}
                  className="flex flex-wrap justify-between gap-x-4 border-b border-bloom-50 pb-2 last:border-0"
                >
                  <span className="text-gray-900">{historyText(entry)}</span>
                  <span className="text-gray-600">
                    {entry.actor.name ?? "Someone"} · {dateTime(entry.created_at)}
                  </span>
                </li>
              ))}
            </ol>
          </AdminCard>

          <AdminCard id="order-audit" title="Staff changes">
            {order.audit.length ? (
              <ol className="mt-3 grid gap-2 text-sm">
                {order.audit.map((entry) => (
                  <li key={entry.id} className="border-b border-bloom-50 pb-2 last:border-0">
                    <p className="text-gray-900">{entry.summary}</p>
                    <p className="text-gray-600">
                      {entry.actor.name} ({entry.actor.email}) · {dateTime(entry.created_at)}
                    </p>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mt-2 text-sm text-gray-700">No staff changes yet.</p>
            )}
          </AdminCard>
        </div>

        <div className="grid h-fit gap-6">
          <DetailsCard
            id="order-customer"
            title="Customer"
            rows={[
              { label: "Name", value: order.customer.name },
              {
                label: "Email",
                value: (
                  <a href={`mailto:${order.customer.email}`} className="text-bloom-700 underline">
                    {order.customer.email}
                  </a>
                ),
              },
              {
                label: "Account",
                value: order.customer.guest ? "Guest checkout" : `Customer account #${order.customer.id}`,
              },
            ]}
          />

          <DetailsCard
            id="order-payment"
            title="Payment"
            rows={[
              ...(order.invoice_number ? [{ label: "Invoice", value: order.invoice_number }] : []),
              { label: "Method", value: "Cash on Delivery" },
              { label: "Status", value: paymentStatusText(order.payment_status) },
              ...(order.paid_at ? [{ label: "Cash collected", value: dateTime(order.paid_at) }] : []),
              ...(order.shipping_method_name ? [{ label: "Shipping", value: order.shipping_method_name }] : []),
            ]}
          />

          <AdminCard id="order-notes" title="Customer's notes">
            <p className="mt-2 whitespace-pre-line text-sm text-gray-700">
              {order.notes || "No notes from the customer."}
            </p>
          </AdminCard>

          <AdminCard id="order-staff-note" title="Internal note">
            <Form method="post" noValidate preventScrollReset className="mt-3 grid gap-3">
              <input type="hidden" name="intent" value="note" />
              <input type="hidden" name="version" value={order.version} />
              <div>
                <label htmlFor="note" className={adminLabel}>
                  Staff only; the customer never sees it
                </label>
                <p id="note-hint" className="text-xs text-gray-600">
                  Up to {noteMax} characters. Leave it empty to clear the note.
                </p>
                <textarea
                  id="note"
                  name="note"
                  rows={4}
                  defaultValue={noteValue}
                  key={`${order.version}-${failure?.toast.id ?? ""}`}
                  className={`${adminInput} mt-1`}
                  aria-invalid={noteErrors?.length ? true : undefined}
                  aria-describedby={noteErrors?.length ? "note-hint note-error" : "note-hint"}
                />
                <FieldError id="note-error" messages={noteErrors} />
              </div>
              <div>
                <button type="submit" className={secondaryButton}>
                  Save note
                </button>
              </div>
            </Form>
          </AdminCard>
        </div>
      </div>
    </AdminPage>
  );
}

export const ErrorBoundary = subjectError(orders, {
  gone: "There is no order with this number.",
  failed: "Could not load this order",
});
