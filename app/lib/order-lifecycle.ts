import { z } from "zod";
import { adminPaging } from "./schemas/admin";
import { DELIVERY_MESSAGES, isIsoDate } from "./delivery";
import { enumParam, searchParam } from "./schemas/query";
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from "./order-statuses";

/**
 * An order's lifecycle (back-office contract, "Order lifecycle"):
 * `pending -> processing -> shipped -> delivered`, `pending -> cancelled`, `processing -> cancelled`.
 * Cash on delivery: the payment may become `paid` only once the order is `shipped` or `delivered`.
 * Pure: the service, the API and the pages all ask these functions, so they never disagree.
 */
export { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus };

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["processing", "cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
};

export const isOrderStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

/** The statuses an order in `status` may move to (none for a final one, or an unknown one). */
export function nextStatuses(status: string): readonly OrderStatus[] {
  return isOrderStatus(status) ? NEXT[status] : [];
}

export const canTransition = (from: string, to: string): boolean => nextStatuses(from).includes(to as OrderStatus);

/** Whether the cash may be recorded as collected for an order in `status`. */
export const canBePaid = (status: string): boolean => status === "shipped" || status === "delivered";

const orList = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;

/** Why an order in `from` may not become `to`: the statuses it may become, or that it is final. */
export function transitionRefusal(from: string, to: string): string {
  const next = nextStatuses(from);
  if (next.length === 0) return `An order that is ${from} cannot change any more.`;
  if (from === to) return `This order is already ${from}; it can only become ${orList(next)}.`;
  return `An order that is ${from} can only become ${orList(next)}.`;
}

/** Why the payment of an order in `status` (paid already or not) may not become paid. */
export function paymentRefusal(status: string, paymentStatus: string): string {
  if (paymentStatus === "paid") return "The cash for this order is already recorded as collected.";
  return `Cash can be recorded as collected only once the order is shipped or delivered; this order is ${status}.`;
}

/** A form shown before someone else changed the order: refused, never applied blindly. */
export const STALE_ORDER_MESSAGE =
  "This order was changed by someone else since you opened it. Review it and try again.";

/** The button that moves an order to each status. */
export const TRANSITION_LABELS: Record<OrderStatus, string> = {
  pending: "Back to pending",
  processing: "Start processing",
  shipped: "Mark shipped",
  delivered: "Mark delivered",
  cancelled: "Cancel order",
};
export const MARK_PAID_LABEL = "Mark cash collected";

/** The buttons an order's page offers: one per status it may move to, in the lifecycle's order. */
export function transitionButtons(status: string): Array<{ status: OrderStatus; label: string }> {
  return nextStatuses(status).map((next) => ({ status: next, label: TRANSITION_LABELS[next] }));
}

/** What staff read after a change went through. */
export function transitionDone(orderNumber: string, to: OrderStatus): string {
  return to === "cancelled"
    ? `Order ${orderNumber} is cancelled; its stock is back on the shelves.`
    : `Order ${orderNumber} is now ${to}.`;
}

// ---------------------------------------------------------------- input

export const STAFF_NOTE_MAX = 2000;

/** GET /api/admin/orders and the orders page's filters. */
/** The deliveries `delivery=` names: today and tomorrow in the shop's time zone. */
export const DELIVERY_FILTERS = ["today", "tomorrow"] as const;

export const AdminOrderQuerySchema = z.object({
  status: enumParam("status", ORDER_STATUSES),
  search: searchParam("search", 100),
  delivery_date: searchParam("delivery_date", 100).refine((value) => value === undefined || isIsoDate(value), {
    error: DELIVERY_MESSAGES.format,
  }),
  delivery: enumParam("delivery", DELIVERY_FILTERS),
  ...adminPaging,
});
export type AdminOrderQuery = z.output<typeof AdminOrderQuerySchema>;

/** PATCH /api/admin/orders/{id} and the order page's forms: a status, the cash collected, the internal note. */
export const OrderUpdateSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: "The selected status is invalid." }).optional(),
    payment_status: z.literal("paid", { error: "The payment status can only become paid." }).optional(),
    note: z
      .string({ error: "The note must be text." })
      .max(STAFF_NOTE_MAX, { error: `The note may not be greater than ${STAFF_NOTE_MAX} characters.` })
      .optional(),
    version: z.coerce
      .number({ error: "The version must be a whole number." })
      .int({ error: "The version must be a whole number." })
      .min(1, { error: "The version must be at least 1." })
      .optional(),
  })
  .refine((value) => value.status !== undefined || value.payment_status !== undefined || value.note !== undefined, {
    error: "Give a status, a payment status or a note to change.",
    path: ["status"],
  });
export type OrderUpdate = z.output<typeof OrderUpdateSchema>;
