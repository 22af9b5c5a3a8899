import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../../db/client";
import { coupons, orderHistory, orderItems, orders, productVariants, products, users } from "../../../db/schema";
import { changes } from "../../lib/cache-tags";
import { addDays } from "../../lib/delivery";
import {
  canBePaid,
  canTransition,
  nextStatuses,
  paymentRefusal,
  STALE_ORDER_MESSAGE,
  transitionRefusal,
  type AdminOrderQuery,
  type OrderStatus,
  type OrderUpdate,
} from "../../lib/order-lifecycle";
import { bumpTags } from "../cache-tags.server";
import { readNumberSetting } from "../settings.server";
import type { MailContext } from "../mail/context";
import { isOrderUpdate, orderUpdateStatement } from "../mail/order-mails.server";
import { ConflictError, NotFoundError } from "../errors";
import { itemColumns, orderColumns, orderGift, toOrderItem } from "../serializers/order";
import {
  countWhere,
  foundIn,
  insertOneIf,
  isoDate,
  pageMeta,
  type PageMeta,
  onePageById,
  newestFirst,
  totalOf,
} from "../sql";
import {
  auditEntry,
  auditRecords,
  recentAuditOf,
  SYSTEM_ACTOR,
  type Actor,
  type AuditActor,
  type Changes,
} from "../audit.server";
import { type AdminOrder, type AdminOrderRow, type OrderCustomer } from "../serializers/admin-order";

// ---------------------------------------------------------------- who placed it

/** "First Last" from the order's shipping address (a JSON string). */
const addressName = sql<string>`trim(coalesce(json_extract(${orders.shippingAddress}, '$.firstName'), '') || ' ' || coalesce(json_extract(${orders.shippingAddress}, '$.lastName'), ''))`;

/**
 * The account's columns under names of their own: D1 answers a batch's rows keyed by column name, so
 * `users.id` and `orders.id` (or the two `email`s) would overwrite each other.
 */
const customerColumns = {
  user_id: sql<number | null>`${users.id}`.as("customer_user_id"),
  user_name: sql<string | null>`${users.name}`.as("customer_user_name"),
  user_email: sql<string | null>`${users.email}`.as("customer_user_email"),
  address_name: addressName.as("customer_address_name"),
  email: orders.email,
};

function customerOf(row: {
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  address_name: string | null;
  email: string;
}): OrderCustomer {
  if (row.user_id !== null)
    return { id: row.user_id, name: row.user_name ?? "", email: row.user_email ?? row.email, guest: false };
  return { id: null, name: row.address_name || "Guest", email: row.email, guest: true };
}

// ---------------------------------------------------------------- the list

const itemsCount =
  sql<number>`(SELECT coalesce(sum(${orderItems.quantity}), 0) FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id})`.as(
    "items_count",
  );

/** The day `delivery=today|tomorrow` names, from today in the shop's time zone. */
export const namedDeliveryDay = (today: string, which: "today" | "tomorrow") =>
  which === "today" ? today : addDays(today, 1);

function listWhere(
  query: Pick<AdminOrderQuery, "status" | "search" | "delivery_date" | "delivery">,
  today: string | undefined,
): SQL | undefined {
  const search = query.search;
  return and(
    query.status ? eq(orders.status, query.status) : undefined,
    query.delivery_date ? eq(orders.deliveryDate, query.delivery_date) : undefined,
    query.delivery && today ? eq(orders.deliveryDate, namedDeliveryDay(today, query.delivery)) : undefined,
    search ? foundIn(orders.id, "order_search", search) : undefined,
  );
}

/**
 * Orders for staff, newest first: by status, by number, email or customer name, by delivery date
 * (`delivery_date`, or `delivery` today or tomorrow from `today`, the shop's); the page and its
 * total in one batch.
 */
export async function listAdminOrders(
  db: Database,
  query: AdminOrderQuery,
  today?: string,
): Promise<{ data: AdminOrderRow[] } & PageMeta> {
  // `delivery=today|tomorrow` without the shop's today would list every order: a caller's mistake, said loudly.
  if (query.delivery && !today)
    throw new Error("listAdminOrders: `delivery` needs today's date in the shop's time zone");
  const where = listWhere(query, today);
  const [rows, counted] = await db.batch([
    onePageById(
      db
        .select({
          id: orders.id,
          order_number: orders.orderNumber,
          created_at: orders.createdAt,
          status: orders.status,
          payment_status: orders.paymentStatus,
          total_cents: orders.totalCents,
          delivery_date: orders.deliveryDate,
          items_count: itemsCount,
          ...customerColumns,
        })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .$dynamic(),
      orders,
      where,
      newestFirst(orders),
      query,
    ),
    countWhere(db, orders, where),
  ]);
  const total = totalOf(counted);
  return {
    data: rows.map((row) => ({
      id: row.id,
      order_number: row.order_number,
      created_at: row.created_at.toISOString(),
      status: row.status,
      payment_status: row.payment_status,
      customer: customerOf(row),
      items_count: Number(row.items_count),
      total_cents: row.total_cents,
      delivery_date: row.delivery_date,
    })),
    ...pageMeta(query.page, query.per_page, total, rows.length),
  };
}

// ---------------------------------------------------------------- one order

const adminOrderQuery = (db: Database, id: number) =>
  db
    .select({
      ...orderColumns,
      staff_note: orders.staffNote,
      version: orders.version,
      paid_at: orders.paidAt,
      created_at: orders.createdAt,
      updated_at: orders.updatedAt,
      ...customerColumns,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));

const historyQuery = (db: Database, id: number) =>
  db
    .select({
      id: orderHistory.id,
      kind: orderHistory.kind,
      from: orderHistory.fromValue,
      to: orderHistory.toValue,
      actor_id: orderHistory.actorId,
      actor_name: orderHistory.actorName,
      created_at: orderHistory.createdAt,
    })
    .from(orderHistory)
    .where(eq(orderHistory.orderId, id))
    .orderBy(asc(orderHistory.id));

const itemsQuery = (db: Database, id: number) =>
  db.select(itemColumns).from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id));

/** One order for staff: the order and its customer, items, history and recent audit entries, in one batch. Null when unknown. */
export async function getAdminOrder(db: Database, id: number): Promise<AdminOrder | null> {
  const [rows, items, history, audit] = await db.batch([
    adminOrderQuery(db, id),
    itemsQuery(db, id),
    historyQuery(db, id),
    recentAuditOf(db, "order", id),
  ]);
  const row = rows[0];
  if (!row) return null;
  const {
    user_id: _u,
    user_name: _n,
    user_email: _e,
    address_name: _a,
    is_gift,
    gift_message,
    gift_hide_prices,
    ...order
  } = row;
  return {
    ...order,
    gift: orderGift({ is_gift, gift_message, gift_hide_prices, shipping_address: row.shipping_address }),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    paid_at: row.paid_at ? row.paid_at.toISOString() : null,
    customer: customerOf(row),
    items: items.map(toOrderItem),
    history: history.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      from: entry.from,
      to: entry.to,
      actor: { id: entry.actor_id, name: entry.actor_name },
      created_at: isoDate(entry.created_at),
    })),
    audit: auditRecords(audit),
    allowed_transitions: [...nextStatuses(row.status)],
    can_mark_paid: row.payment_status !== "paid" && canBePaid(row.status),
  };
}

// ---------------------------------------------------------------- changing it

/**
 * THE place where a change of an order's status tells the customer by email: shipped, delivered and
 * cancelled each write one mail to the order's address, an outbox insert guarded by `onlyIf` like the
 * history rows below, so a mail is queued if and only if the change it announces commits. Without a
 * mail context (scripts, tests not about mail) nothing is written; other statuses have no mail.
 */
export async function orderStatusMail(
  db: Database,
  mail: MailContext | undefined,
  order: {
    id: number;
    order_number: string;
    email: string;
    from: string;
    user_id: number | null;
    customer_name: string;
    total_cents: number;
    payment_status: string;
    delivery_date: string | null;
    recipient: string | null;
  },
  to: OrderStatus,
  onlyIf: SQL,
): Promise<Array<BatchItem<"sqlite">>> {
  if (!mail || !isOrderUpdate(to)) return [];
  return orderUpdateStatement(
    db,
    mail,
    {
      id: order.id,
      number: order.order_number,
      email: order.email,
      userId: order.user_id,
      customerName: order.customer_name,
      totalCents: order.total_cents,
      paymentStatus: order.payment_status,
      deliveryDate: order.delivery_date,
      recipient: order.recipient,
    },
    to,
    onlyIf,
  );
}

/** A history row, to batch: written only when `onlyIf` holds at that point of the batch. */
function historyEntry(
  db: Database,
  orderId: number,
  actor: AuditActor,
  entry: { kind: "status" | "payment" | "note"; from: string | null; to: string | null },
  onlyIf: SQL,
) {
  return insertOneIf(
    db,
    orderHistory,
    {
      orderId,
      kind: entry.kind,
      fromValue: entry.from,
      toValue: entry.to,
      actorId: actor.id,
      actorName: actor.name,
      createdAt: sql`unixepoch()`,
    },
    onlyIf,
  );
}

/** What giving an order back reads of its lines: the product, the variant sold, how many. */
const givenBackColumns = {
  product_id: orderItems.productId,
  variant_id: orderItems.variantId,
  quantity: orderItems.quantity,
};

/** Sums the quantities of lines by a key of theirs, leaving out lines whose key is gone (null). */
function sumBy<L extends { quantity: number }>(lines: L[], keyOf: (line: L) => number | null): Map<number, number> {
  const sums = new Map<number, number>();
  for (const line of lines) {
    const key = keyOf(line);
    if (key !== null) sums.set(key, (sums.get(key) ?? 0) + line.quantity);
  }
  return sums;
}

/**
 * What cancelling an order gives back, as staff cancelling and the expiry sweep both write it:
 * the stock of the variants sold (a line whose variant is gone gives none back; the products'
 * stock follows by trigger), the products' sales, and the coupon's use. Every statement is guarded
 * by `onlyIf` (the order exactly as read), so a cancellation that loses a race gives back nothing.
 */
function givenBack(
  db: Database,
  order: { coupon_id: number | null },
  lines: Array<{ product_id: number | null; variant_id: number | null; quantity: number }>,
  onlyIf: SQL,
): { statements: Array<BatchItem<"sqlite">>; productIds: number[]; summary: string[] } {
  const statements: Array<BatchItem<"sqlite">> = [];
  const summary: string[] = [];
  const byVariant = sumBy(lines, (line) => line.variant_id);
  const byProduct = sumBy(lines, (line) => line.product_id);
  const productIds = [...byProduct.keys()];
  for (const [variantId, quantity] of byVariant) {
    statements.push(
      db
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} + ${quantity}` })
        .where(and(eq(productVariants.id, variantId), onlyIf)),
    );
  }
  for (const [productId, quantity] of byProduct) {
    statements.push(
      db
        .update(products)
        .set({ soldCount: sql`max(${products.soldCount} - ${quantity}, 0)` })
        .where(and(eq(products.id, productId), onlyIf)),
    );
  }
  if (byVariant.size) summary.push("stock put back");
  if (order.coupon_id !== null) {
    statements.push(
      db
        .update(coupons)
        .set({ usageCount: sql`${coupons.usageCount} - 1` })
        .where(and(eq(coupons.id, order.coupon_id), sql`${coupons.usageCount} > 0`, onlyIf)),
    );
    summary.push("coupon use given back");
  }
  return { statements, productIds, summary };
}

const normaliseNote = (note: string) => {
  const trimmed = note.trim();
  return trimmed === "" ? null : trimmed;
};

/** What a status change reads of an order (a staff update and the expiry sweep alike): its mail, its guard, its coupon. */
const transitionColumns = {
  order_number: orders.orderNumber,
  email: orders.email,
  user_id: orders.userId,
  total_cents: orders.totalCents,
  // The customer's first name: a gift's shipping address is its recipient's, its buyer is the billing address.
  first_name: sql<
    string | null
  >`json_extract(CASE WHEN ${orders.isGift} THEN ${orders.billingAddress} ELSE ${orders.shippingAddress} END, '$.firstName')`.as(
    "first_name",
  ),
  recipient: sql<
    string | null
  >`CASE WHEN ${orders.isGift} THEN trim(coalesce(json_extract(${orders.shippingAddress}, '$.firstName'), '') || ' ' || coalesce(json_extract(${orders.shippingAddress}, '$.lastName'), '')) END`.as(
    "recipient",
  ),
  delivery_date: orders.deliveryDate,
  status: orders.status,
  payment_status: orders.paymentStatus,
  version: orders.version,
  coupon_id: orders.couponId,
};

/**
 * Changes an order's status, records the cash collected, or sets its internal note, as staff do.
 *
 * One read (the order and its lines), then ONE batch. Every statement of the batch is guarded by
 * the order being exactly as it was read (`version` and `status`), and the order's own UPDATE comes
 * LAST: so the restock, the coupon use given back, the history and audit rows apply if and only if
 * that update applies. Two staff cancelling at once both read version N; the first batch moves it
 * to N + 1, so every guarded statement of the second finds no order at version N and does nothing
 * (the stock goes back once), and its update changes no row: a 409. (A guard on the new version
 * would not do: both writers would compute the same N + 1.)
 *
 * A transition the status does not allow, or paid before shipped, is a 409 naming what may happen;
 * a `version` that is not the order's current one (a form shown before someone else's change) is a
 * 409 too, never applied blindly. Unknown order: 404.
 */
export async function updateOrder(
  db: Database,
  actor: Actor,
  id: number,
  input: OrderUpdate,
  mail?: MailContext,
): Promise<AdminOrder> {
  const [rows, lines] = await db.batch([
    db
      .select({
        ...transitionColumns,
        staff_note: orders.staffNote,
      })
      .from(orders)
      .where(eq(orders.id, id)),
    db.select(givenBackColumns).from(orderItems).where(eq(orderItems.orderId, id)),
  ]);
  const current = rows[0];
  if (!current) throw new NotFoundError("Order not found");
  if (input.version !== undefined && input.version !== current.version) throw new ConflictError(STALE_ORDER_MESSAGE);

  const to = input.status;
  if (to !== undefined && !canTransition(current.status, to))
    throw new ConflictError(transitionRefusal(current.status, to));
  const status = to ?? current.status;
  const paying = input.payment_status === "paid";
  if (paying && (current.payment_status === "paid" || !canBePaid(status)))
    throw new ConflictError(paymentRefusal(status, current.payment_status));
  const note = input.note === undefined ? undefined : normaliseNote(input.note);
  const noteChanged = note !== undefined && note !== current.staff_note;
  if (to === undefined && !paying && !noteChanged) return (await getAdminOrder(db, id))!;

  // The order exactly as read: the condition of every statement below.
  const asRead = sql`EXISTS (SELECT 1 FROM "orders" WHERE "orders"."id" = ${id} AND "orders"."version" = ${current.version} AND "orders"."status" = ${current.status})`;
  const cancelling = to === "cancelled";
  const statements = [];
  const summary: string[] = [];
  const changed: Changes = {};

  if (to !== undefined) {
    statements.push(historyEntry(db, id, actor, { kind: "status", from: current.status, to }, asRead));
    const customer = {
      user_id: current.user_id,
      customer_name: current.first_name ?? "",
      total_cents: current.total_cents,
      payment_status: current.payment_status,
      delivery_date: current.delivery_date,
      recipient: current.recipient,
    };
    statements.push(
      ...(await orderStatusMail(
        db,
        mail,
        { id, order_number: current.order_number, email: current.email, from: current.status, ...customer },
        to,
        asRead,
      )),
    );
    changed.status = [current.status, to];
    summary.push(`status ${current.status} → ${to}`);
  }
  let productIds: number[] = [];
  if (cancelling) {
    const given = givenBack(db, { coupon_id: current.coupon_id }, lines, asRead);
    statements.push(...given.statements);
    productIds = given.productIds;
    summary.push(...given.summary);
  }
  if (paying) {
    statements.push(historyEntry(db, id, actor, { kind: "payment", from: current.payment_status, to: "paid" }, asRead));
    changed.payment_status = [current.payment_status, "paid"];
    summary.push("cash collected");
  }
  if (noteChanged) {
    statements.push(historyEntry(db, id, actor, { kind: "note", from: current.staff_note, to: note }, asRead));
    changed.staff_note = [current.staff_note, note];
    summary.push(note === null ? "internal note cleared" : "internal note updated");
  }
  statements.push(
    auditEntry(
      db,
      actor,
      {
        action: to !== undefined ? "transition" : "update",
        entity: "order",
        entityId: id,
        summary: `Order ${current.order_number}: ${summary.join("; ")}`,
        changes: changed,
      },
      asRead,
    ),
  );
  // The shop shows stock and sales: its product pages and lists are stale once stock comes back.
  if (productIds.length) statements.push(bumpTags(db, changes.orderPlaced(productIds), { onlyIf: asRead }));

  const update = db
    .update(orders)
    .set({
      ...(to !== undefined ? { status: to } : {}),
      ...(paying ? { paymentStatus: "paid", paidAt: sql`unixepoch()` } : {}),
      ...(noteChanged ? { staffNote: note } : {}),
      version: sql`${orders.version} + 1`,
      updatedAt: sql`unixepoch()`,
    })
    .where(and(eq(orders.id, id), eq(orders.version, current.version), eq(orders.status, current.status)))
    .returning({ id: orders.id });
  const results = await db.batch([...statements, update] as unknown as [typeof update]);
  const applied = results[results.length - 1] as Array<{ id: number }>;
  if (applied.length === 0) throw new ConflictError(STALE_ORDER_MESSAGE);
  return (await getAdminOrder(db, id))!;
}

// ---------------------------------------------------------------- the expiry sweep

/** The setting (group "store") and its default: pending cash-on-delivery orders older than this many days are cancelled; 0 never. */
export const ORDER_EXPIRY_SETTING = "unconfirmed_order_expiry_days";
export const DEFAULT_ORDER_EXPIRY_DAYS = 7;
/** Orders cancelled per batch, and batches per run: bounded work for one scheduled run. */
const EXPIRY_BATCH = 25;
const EXPIRY_BATCHES_PER_RUN = 8;

/**
 * Cancels the cash-on-delivery orders still pending (never confirmed by staff, not paid) that
 * were placed more than `unconfirmed_order_expiry_days` days ago (0: never), as a staff
 * cancellation does: the stock and the coupon's use given back, a history row and an audit row
 * by "System", the customer mailed (with a mail context). Reads a batch of orders and their lines
 * in one round trip, writes them in ONE batch; every statement is guarded by its order being
 * exactly as read (version and status), so an order a staff member changed meanwhile, or a second
 * sweep running at once, is left alone: nothing is ever given back twice. Answers how many it cancelled.
 */
export async function expireUnconfirmedOrders(db: Database, mail?: MailContext, now = new Date()): Promise<number> {
  const days = await readNumberSetting(db, ORDER_EXPIRY_SETTING, DEFAULT_ORDER_EXPIRY_DAYS);
  if (days <= 0) return 0;
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  let cancelled = 0;
  let afterId = 0;
  for (let round = 0; round < EXPIRY_BATCHES_PER_RUN; round++) {
    const expired = and(
      eq(orders.status, "pending"),
      eq(orders.paymentMethod, "cash_on_delivery"),
      eq(orders.paymentStatus, "pending"),
      sql`${orders.createdAt} < ${Math.floor(cutoff.getTime() / 1000)}`,
      sql`${orders.id} > ${afterId}`,
    );
    const picked = db.select({ id: orders.id }).from(orders).where(expired).orderBy(asc(orders.id)).limit(EXPIRY_BATCH);
    const [rows, lines] = await db.batch([
      db
        .select({
          id: orders.id,
          ...transitionColumns,
        })
        .from(orders)
        .where(expired)
        .orderBy(asc(orders.id))
        .limit(EXPIRY_BATCH),
      db
        .select({ order_id: orderItems.orderId, ...givenBackColumns })
        .from(orderItems)
        .where(sql`${orderItems.orderId} IN ${picked}`),
    ]);
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1]!.id;
    const statements: Array<BatchItem<"sqlite">> = [];
    const updates: number[] = [];
    const productIds = new Set<number>();
    for (const order of rows) {
      const asRead = sql`EXISTS (SELECT 1 FROM "orders" WHERE "orders"."id" = ${order.id} AND "orders"."version" = ${order.version} AND "orders"."status" = 'pending')`;
      const given = givenBack(
        db,
        order,
        lines.filter((line) => line.order_id === order.id),
        asRead,
      );
      for (const id of given.productIds) productIds.add(id);
      statements.push(
        historyEntry(db, order.id, SYSTEM_ACTOR, { kind: "status", from: "pending", to: "cancelled" }, asRead),
      );
      statements.push(
        ...(await orderStatusMail(
          db,
          mail,
          {
            id: order.id,
            order_number: order.order_number,
            email: order.email,
            from: "pending",
            user_id: order.user_id,
            customer_name: order.first_name ?? "",
            total_cents: order.total_cents,
            payment_status: order.payment_status,
            delivery_date: order.delivery_date,
            recipient: order.recipient,
          },
          "cancelled",
          asRead,
        )),
      );
      statements.push(...given.statements);
      statements.push(
        auditEntry(
          db,
          SYSTEM_ACTOR,
          {
            action: "transition",
            entity: "order",
            entityId: order.id,
            summary: `Order ${order.order_number}: status pending → cancelled (not confirmed within ${days} day${days === 1 ? "" : "s"}); ${given.summary.join("; ") || "nothing to give back"}`,
            changes: { status: ["pending", "cancelled"] },
          },
          asRead,
        ),
      );
      // Last for this order: everything above was guarded by the version it moves on.
      updates.push(statements.length);
      statements.push(
        db
          .update(orders)
          .set({ status: "cancelled", version: sql`${orders.version} + 1`, updatedAt: sql`unixepoch()` })
          .where(and(eq(orders.id, order.id), eq(orders.version, order.version), eq(orders.status, "pending")))
          .returning({ id: orders.id }),
      );
    }
    if (productIds.size) statements.push(bumpTags(db, changes.orderPlaced([...productIds])));
    const results = (await db.batch(statements as [BatchItem<"sqlite">, ...Array<BatchItem<"sqlite">>])) as unknown[];
    // An order someone changed since it was read was left alone by its guards.
    cancelled += updates.filter((index) => (results[index] as unknown[]).length > 0).length;
    if (rows.length < EXPIRY_BATCH) break;
  }
  return cancelled;
}
