import { z } from "zod";
import { AuditRecordSchema } from "./admin-audit";
import { toUnits } from "../../lib/money";
import { ORDER_STATUSES } from "../../lib/order-lifecycle";
import { orderJson, OrderSchema, type OrderJson, type OrderView } from "./order";

/** Who placed an order: their account, or a guest (no id) known by the order's address. */
export const OrderCustomerSchema = z
  .object({
    id: z.number().int().nullable(),
    name: z.string(),
    email: z.string(),
    guest: z.boolean(),
  })
  .meta({ id: "OrderCustomer" });

/** One line of an order's history: a status, a payment or the internal note changed, by whom. */
export const OrderHistoryEntrySchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(["status", "payment", "note"]),
    from: z.string().nullable(),
    to: z.string().nullable(),
    actor: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
    created_at: z.string().nullable(),
  })
  .meta({ id: "OrderHistoryEntry" });

/** A row of the staff's order list (money in currency units). */
export const AdminOrderRowSchema = z
  .object({
    id: z.number().int(),
    order_number: z.string(),
    created_at: z.string(),
    status: z.string(),
    payment_status: z.string(),
    customer: OrderCustomerSchema,
    items_count: z.number().int().meta({ description: "Pieces ordered: the sum of the lines' quantities." }),
    total: z.number(),
    delivery_date: z
      .string()
      .nullable()
      .meta({ format: "date", description: "The day the order is delivered (null for orders placed before dates)." }),
  })
  .meta({ id: "AdminOrderRow" });
export type AdminOrderRowJson = z.output<typeof AdminOrderRowSchema>;
/** A row of the staff's order list as the service reads it: its total in cents. */
export type AdminOrderRow = Omit<AdminOrderRowJson, "total"> & { total_cents: number };
export type OrderCustomer = z.output<typeof OrderCustomerSchema>;
export type OrderHistoryEntry = z.output<typeof OrderHistoryEntrySchema>;

/** An order for staff: the order as `/api/v1/orders/{id}` gives it, plus its customer, history and staff-only fields. */
export const AdminOrderSchema = OrderSchema.extend({
  customer: OrderCustomerSchema,
  history: z.array(OrderHistoryEntrySchema),
  staff_note: z
    .string()
    .nullable()
    .meta({ description: "The internal note: staff only, never shown to the customer." }),
  version: z
    .number()
    .int()
    .meta({ description: "Goes up with every change; send it back with a PATCH to refuse a stale change (409)." }),
  paid_at: z.string().nullable(),
  updated_at: z.string(),
  allowed_transitions: z.array(z.enum(ORDER_STATUSES)).meta({ description: "The statuses the order may move to now." }),
  can_mark_paid: z
    .boolean()
    .meta({ description: "Whether payment_status may become paid now (shipped or delivered, not paid yet)." }),
  audit: z.array(AuditRecordSchema).meta({ description: "The latest staff changes of this order, newest first." }),
}).meta({ id: "AdminOrder" });
export type AdminOrderJson = z.output<typeof AdminOrderSchema>;
/** An order as staff see it: what the customer sees (in cents), and who they are, its history and its staff-only fields. */
export type AdminOrder = OrderView & Omit<AdminOrderJson, keyof OrderJson>;

export function adminOrderRowJson(row: AdminOrderRow): AdminOrderRowJson {
  const { total_cents, ...rest } = row;
  return { ...rest, total: toUnits(total_cents) };
}

export function adminOrderJson(order: AdminOrder): AdminOrderJson {
  const { customer, history, staff_note, version, paid_at, updated_at, allowed_transitions, can_mark_paid, audit } =
    order;
  const staff = {
    customer,
    history,
    staff_note,
    version,
    paid_at,
    updated_at,
    allowed_transitions,
    can_mark_paid,
    audit,
  };
  return { ...orderJson(order), ...staff };
}
