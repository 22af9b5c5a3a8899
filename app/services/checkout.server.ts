import { and, asc, eq, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import {
  coupons,
  invoiceCounters,
  orderHistory,
  orderItems,
  orders,
  productVariants,
  products,
  rateLimits,
  shippingMethods,
  taxRates,
} from "../../db/schema";
import { changes } from "../lib/cache-tags";
import { sameLine, type CartLine } from "../lib/cart";
import {
  couponDiscountCents,
  orderTotals,
  shippingCostCents,
  taxOn,
  type TaxResult,
  type Totals,
  type ShippingOption,
  type AppliedCoupon,
} from "../lib/checkout";
import { COUNTRIES, DEFAULT_COUNTRY, QUANTITY_MAX } from "../lib/constants";
import { DEFAULT_CURRENCY, formatMoney, type Currency } from "../lib/money";
import { optionsLabel } from "../lib/variants";
import { CHECKOUT_MESSAGES, type CheckoutForm, type GiftInput } from "../lib/schemas/checkout";
import { shopClock } from "../lib/delivery";
import { capacityBroken, capacityGuard, chooseDeliveryDate, fullyBooked } from "./delivery.server";
import { addressJson, recipientAddress, saveRecipientStatements } from "./recipients.server";
import { bumpTags } from "./cache-tags.server";
import { cartProductsQuery, priceCartRows, type Cart, type CartProductRow } from "./cart.server";
import { DomainError, NotFoundError, ValidationError } from "./errors";
import type { MailContext } from "./mail/context";
import { orderPlacedStatements } from "./mail/order-mails.server";
import { consumeLimits, type Limit, limitOn } from "./rate-limit.server";
import { failedConstraint, isUniqueViolation } from "./sql";
import { forgetCartStatement } from "./saved-carts.server";

// ---------------------------------------------------------------- shipping

/** A shipping method as the checkout reads it (the back office reads these and more). */
export const SHIPPING_COLUMNS = {
  id: shippingMethods.id,
  code: shippingMethods.code,
  name: shippingMethods.name,
  description: shippingMethods.description,
  cost_cents: shippingMethods.costCents,
  delivery_days_min: shippingMethods.deliveryDaysMin,
  delivery_days_max: shippingMethods.deliveryDaysMax,
  free_shipping_threshold_cents: shippingMethods.freeShippingThresholdCents,
  countries: shippingMethods.countries,
};

const shippingQuery = (db: Database, id?: number) =>
  db
    .select(SHIPPING_COLUMNS)
    .from(shippingMethods)
    .where(
      id === undefined
        ? eq(shippingMethods.isActive, true)
        : and(eq(shippingMethods.isActive, true), eq(shippingMethods.id, id)),
    )
    .orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.id));

export type ShippingRow = Awaited<ReturnType<typeof shippingQuery>>[number];

function shippingOptions(rows: ShippingRow[], subtotalCents: number, country: string): ShippingOption[] {
  return rows
    .filter(
      (row) =>
        row.countries === null ||
        row.countries
          .split(",")
          .map((c) => c.trim())
          .includes(country),
    )
    .map(({ countries: _countries, ...row }) => ({
      ...row,
      base_cost_cents: row.cost_cents,
      cost_cents: shippingCostCents(row, subtotalCents),
    }));
}

export async function listShippingOptions(
  db: Database,
  subtotalCents: number,
  country: string,
): Promise<ShippingOption[]> {
  return shippingOptions(await shippingQuery(db), subtotalCents, country);
}

export async function shippingCostFor(db: Database, subtotalCents: number, methodId: number): Promise<ShippingOption> {
  const [row] = await shippingQuery(db, methodId);
  if (!row) throw new ValidationError({ shipping_method_id: ["The selected shipping method is invalid."] });
  const { countries: _countries, ...rest } = row;
  return { ...rest, base_cost_cents: row.cost_cents, cost_cents: shippingCostCents(row, subtotalCents) };
}

// ---------------------------------------------------------------- tax

const taxQuery = (db: Database, country: string, state: string) =>
  db
    .select({ name: taxRates.name, rate_bps: taxRates.rateBps, state_code: taxRates.stateCode })
    .from(taxRates)
    .where(
      and(
        eq(taxRates.isActive, true),
        eq(taxRates.countryCode, country),
        state ? or(eq(taxRates.stateCode, ""), eq(taxRates.stateCode, state)) : eq(taxRates.stateCode, ""),
      ),
    )
    .orderBy(asc(taxRates.stateCode), asc(taxRates.id));

export type TaxRateRow = Awaited<ReturnType<typeof taxQuery>>[number];

/** The country's rates plus the state's (a state's own rates apply only when a state is given). */
export async function calculateTax(
  db: Database,
  taxableCents: number,
  country: string,
  state: string,
): Promise<TaxResult> {
  return taxOn(await taxQuery(db, country, state), taxableCents);
}

export async function listTaxRates(db: Database, country: string, state: string) {
  return taxQuery(db, country, state);
}

// ---------------------------------------------------------------- coupons

export type CouponCheck = { valid: true; coupon: AppliedCoupon; message: string } | { valid: false; message: string };

/** A coupon as the checkout reads it (the back office reads these and more). */
export const COUPON_COLUMNS = {
  id: coupons.id,
  code: coupons.code,
  name: coupons.name,
  type: coupons.type,
  value: coupons.value,
  min_subtotal_cents: coupons.minSubtotalCents,
  max_discount_cents: coupons.maxDiscountCents,
  usage_limit: coupons.usageLimit,
  usage_count: coupons.usageCount,
  starts_at: coupons.startsAt,
  expires_at: coupons.expiresAt,
  is_active: coupons.isActive,
};

const couponQuery = (db: Database, where: SQL) => db.select(COUPON_COLUMNS).from(coupons).where(where);

/** The coupon a shopper typed, in any case: the one lookup by code (a check, a quote, an order). */
const couponByCode = (db: Database, code: string) => couponQuery(db, eq(coupons.code, code.toUpperCase()));

type CouponRow = Awaited<ReturnType<typeof couponQuery>>[number];

/**
 * "Invalid coupon code" with its reason: unknown, inactive, not yet valid, expired, used up, below
 * its minimum (an amount in the shop's currency).
 */
function checkCoupon(
  row: CouponRow | undefined,
  subtotalCents: number,
  currency: Currency,
  now = new Date(),
): CouponCheck {
  const invalid = (reason: string): CouponCheck => ({
    valid: false,
    message: `${CHECKOUT_MESSAGES.couponInvalid}: ${reason}`,
  });
  if (!row) return { valid: false, message: CHECKOUT_MESSAGES.couponInvalid };
  if (!row.is_active) return invalid("this coupon is no longer active.");
  if (row.starts_at && row.starts_at > now) return invalid("this coupon is not valid yet.");
  if (row.expires_at && row.expires_at < now) return invalid("this coupon has expired.");
  if (row.usage_limit !== null && row.usage_count >= row.usage_limit) return invalid("this coupon has been used up.");
  if (subtotalCents < row.min_subtotal_cents) {
    return invalid(`this coupon needs a subtotal of at least ${formatMoney(row.min_subtotal_cents, currency)}.`);
  }
  const coupon: AppliedCoupon = {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type,
    value: row.value,
    discount_cents: couponDiscountCents(row, subtotalCents),
  };
  return { valid: true, coupon, message: "Coupon applied successfully!" };
}

/** Coupon codes a client may try (validate, apply, an order with a code) in the window: enough for typos, too few to guess. */
export const COUPON_ATTEMPTS_PER_CLIENT = 20;
export const COUPON_WINDOW_SECONDS = 60 * 60;
export const COUPON_LIMITED_MESSAGE = (wait: string) => `Too many coupon attempts. Please try again in ${wait}.`;

export const couponAttemptLimit = limitOn("coupon:client", COUPON_ATTEMPTS_PER_CLIENT, COUPON_WINDOW_SECONDS);

/**
 * Counts one coupon code a shopper typed, BEFORE it is looked up (RateLimitError past the limit):
 * codes cannot be guessed in a loop. A shopper only ever learns about a code they typed.
 */
export function claimCouponAttempt(db: Database, client: string): Promise<void> {
  return consumeLimits(db, [couponAttemptLimit(client)], COUPON_LIMITED_MESSAGE);
}

export async function validateCoupon(
  db: Database,
  code: string,
  subtotalCents: number,
  currency = DEFAULT_CURRENCY,
): Promise<CouponCheck> {
  if (!code) return { valid: false, message: CHECKOUT_MESSAGES.couponEmpty };
  const [row] = await couponByCode(db, code);
  return checkCoupon(row, subtotalCents, currency);
}

/** Staff only (it answers the code of any coupon): the API checks the caller first. */
export async function validateCouponById(
  db: Database,
  id: number,
  subtotalCents: number,
  currency = DEFAULT_CURRENCY,
): Promise<CouponCheck> {
  const [row] = await couponQuery(db, eq(coupons.id, id));
  return checkCoupon(row, subtotalCents, currency);
}

// ---------------------------------------------------------------- the quote

export interface QuoteInput {
  lines: CartLine[];
  country: string;
  state: string;
  shippingMethodId: number | null;
  couponCode: string;
  /** The shop's currency, for amounts in messages (the coupon's minimum); the default currency if not given. */
  currency?: Currency;
}

/**
 * What a quote reads besides the coupon, when the caller has it already: a page showing the quote
 * reads it through the cache (docs/decisions/019), each part tagged by what changes it (the cart's
 * products by each product, the methods and rates by the checkout tables' tag). Placing an order
 * never passes it: the order is priced from the database.
 */
export interface QuoteReads {
  products: CartProductRow[];
  shippingMethods: ShippingRow[];
  taxRates: TaxRateRow[];
}

/** The country and state a quote is for, as it reads the tax rates: a country we deliver to, the state's code. */
export function quotePlace(country: string, state: string): { country: string; state: string } {
  return { country: knownCountry(country), state: state.trim().toUpperCase().slice(0, 10) };
}

/** The active shipping methods, in the checkout's order. */
export function readShippingMethods(db: Database): Promise<ShippingRow[]> {
  return shippingQuery(db);
}

/** The active tax rates of a place (`quotePlace`): the country's and the state's. */
export function readTaxRates(db: Database, place: { country: string; state: string }): Promise<TaxRateRow[]> {
  return taxQuery(db, place.country, place.state);
}

export interface Quote {
  cart: Cart;
  country: string;
  shipping_options: ShippingOption[];
  shipping: ShippingOption | null;
  coupon: CouponCheck | null;
  tax: TaxResult;
  totals: Totals;
}

const knownCountry = (code: string) => (COUNTRIES.some((country) => country.code === code) ? code : DEFAULT_COUNTRY);

/**
 * Everything the checkout shows, priced by the server in one batched read: the cart's products,
 * the shipping methods, the tax rates for the place and the coupon. Discount applies to the
 * subtotal; tax is charged on the subtotal after the discount; total = subtotal + shipping + tax -
 * discount.
 */
export async function quoteCheckout(db: Database, input: QuoteInput, given?: QuoteReads): Promise<Quote> {
  const { country, state } = quotePlace(input.country, input.state);
  const { couponCode } = input;
  // At most one round trip: what was not given, and the coupon only when one is typed.
  const reads: Array<BatchItem<"sqlite">> = given
    ? []
    : [cartProductsQuery(db, input.lines), shippingQuery(db), taxQuery(db, country, state)];
  if (couponCode) reads.push(couponByCode(db, couponCode));
  const results =
    reads.length > 0
      ? ((await db.batch(reads as [BatchItem<"sqlite">, ...Array<BatchItem<"sqlite">>])) as unknown[])
      : [];
  const productRows = given?.products ?? (results[0] as CartProductRow[]);
  const shippingRows = given?.shippingMethods ?? (results[1] as ShippingRow[]);
  const rateRows = given?.taxRates ?? (results[2] as TaxRateRow[]);
  const couponRows = couponCode ? (results[results.length - 1] as CouponRow[]) : [];
  const cart = priceCartRows(input.lines, productRows);
  const subtotal = cart.subtotal_cents;
  const options = shippingOptions(shippingRows, subtotal, country);
  const shipping =
    options.find((option) => option.id === input.shippingMethodId) ??
    (input.shippingMethodId === null ? (options[0] ?? null) : null);
  const coupon = input.couponCode ? checkCoupon(couponRows[0], subtotal, input.currency ?? DEFAULT_CURRENCY) : null;
  const discount = coupon?.valid ? coupon.coupon.discount_cents : 0;
  const tax = taxOn(rateRows, subtotal - discount);
  const totals = orderTotals({
    subtotal_cents: subtotal,
    shipping_cents: cart.items.length && shipping ? shipping.cost_cents : 0,
    tax_cents: cart.items.length ? tax.total_tax_cents : 0,
    discount_cents: discount,
  });
  return { cart, country, shipping_options: options, shipping, coupon, tax, totals };
}

// ---------------------------------------------------------------- placing an order

export class OrderError extends DomainError {
  constructor(message: string, status = 422) {
    super(message, status);
  }
}

export interface PlaceOrderInput {
  lines: CartLine[];
  customer: CheckoutForm;
  shippingMethodId: number | null;
  couponCode: string;
  userId: number | null;
  /** A key the client sends once per order: the same key twice, from the same caller, places one order. */
  idempotencyKey: string | null;
  /**
   * Who the key belongs to, something only this caller holds: `u:<id>` for a user, the guest's
   * visitor id (`v:<uuid>`); null for a guest without one (then the order's own details are). The
   * same key from someone else is a different key: it never answers their order.
   */
  idempotencyScope?: string | null;
  /** The client's address (clientAddress), for the guest order limits; without it (scripts) only the per-email limit applies. */
  client?: string;
  /** The shop's currency, for amounts in messages; the default currency if not given. */
  currency?: Currency;
  /** A gift (gifting.md section 3): the customer is the buyer, the recipient receives it. Absent or null: not a gift. */
  gift?: GiftInput | null;
  /** The delivery date asked for (`YYYY-MM-DD`); absent or null: the earliest available. */
  deliveryDate?: string | null;
  /** The moment the order is placed (tests pin it); now when absent. */
  now?: Date;
  /**
   * The request's origin, the shop's settings and the guest link's signer: with it the order's two
   * mails (the customer's, the shop's) are written in the order's batch. Every request passes it;
   * without it (scripts, tests not about mail) no mail is written.
   */
  mail?: MailContext;
}

export interface PlacedOrder {
  id: number;
  order_number: string;
  total_cents: number;
  /** The day it is delivered (the one asked for, or the earliest available). */
  delivery_date: string | null;
  /** False when the key had already placed this order: nothing new was written. */
  created: boolean;
}

const ORDER_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** TB-261121-7KQ2M: the date and five characters people read over the phone without confusion. */
export function newOrderNumber(now = new Date()): string {
  const date = now.toISOString().slice(2, 10).replace(/-/g, "");
  const random = crypto.getRandomValues(new Uint8Array(5));
  return `TB-${date}-${Array.from(random, (byte) => ORDER_ALPHABET[byte % ORDER_ALPHABET.length]).join("")}`;
}

/** Guest orders allowed per client, and per email address, in the window (counted before the order is placed). */
export const GUEST_ORDERS_PER_CLIENT = 5;
export const GUEST_ORDERS_PER_EMAIL = 5;
export const GUEST_ORDER_WINDOW_SECONDS = 60 * 60;
/** Guest cash-on-delivery orders that may wait for delivery at once for one email address. */
export const GUEST_PENDING_ORDERS_PER_EMAIL = 3;
export const GUEST_ORDERS_LIMITED_MESSAGE = (wait: string) =>
  `Too many orders have been placed from here. Please try again in ${wait}, or log in to your account.`;
export const GUEST_PENDING_CAP_MESSAGE = `This email address already has ${GUEST_PENDING_ORDERS_PER_EMAIL} orders waiting for delivery. Please wait until one has been delivered, or contact us.`;

export const guestOrderLimits = (email: string, client: string | undefined): Limit[] => [
  ...(client
    ? [{ key: `order:client:${client}`, max: GUEST_ORDERS_PER_CLIENT, windowSeconds: GUEST_ORDER_WINDOW_SECONDS }]
    : []),
  {
    key: `order:email:${email.trim().toLowerCase()}`,
    max: GUEST_ORDERS_PER_EMAIL,
    windowSeconds: GUEST_ORDER_WINDOW_SECONDS,
  },
];

/** A guest's orders of this address that still hold stock and wait to be paid on delivery. */
const pendingGuestOrders = (email: string) =>
  sql`(SELECT count(*) FROM ${orders} WHERE ${orders.userId} IS NULL AND lower(${orders.email}) = ${email.trim().toLowerCase()} AND ${orders.status} = 'pending' AND ${orders.paymentMethod} = 'cash_on_delivery' AND ${orders.paymentStatus} = 'pending')`;

/**
 * The last statement before the order is read back: fails the whole batch when the new order made
 * the address's pending guest orders more than the cap. SQLite has no RAISE outside triggers, so
 * it is an insert that breaks a NOT NULL constraint of `rate_limits`, and only when over the cap;
 * two orders racing each see the other's row in their transaction, so the cap holds exactly.
 */
const PENDING_CAP_GUARD = "guard:guest-pending-orders";
function pendingCapGuard(db: Database, email: string) {
  return db.insert(rateLimits).select(
    db
      .select({
        key: sql`${PENDING_CAP_GUARD}`.as("key"),
        count: sql`0`.as("count"),
        resetAt: sql`NULL`.as("reset_at"),
      })
      .from(sql`(SELECT 1)`)
      .where(sql`${pendingGuestOrders(email)} > ${GUEST_PENDING_ORDERS_PER_EMAIL}`),
  );
}
const pendingCapBroken = (error: unknown) =>
  failedConstraint(error, /NOT NULL constraint failed: rate_limits\.reset_at/i);

/**
 * Whose key it is, as stored beside it (`idempotency_scope`): a digest of the user, the guest's
 * visitor id, or (a guest without one) the order's details. The same key sent by someone else is
 * another key: it places their own order and never answers this one. A digest, so the column holds
 * no visitor id.
 */
async function keyScope(input: PlaceOrderInput): Promise<string | null> {
  if (!input.idempotencyKey) return null;
  const c = input.customer;
  const scope =
    input.userId !== null
      ? `u:${input.userId}`
      : (input.idempotencyScope ??
        `d:${JSON.stringify([c.email.trim().toLowerCase(), c.firstName, c.lastName, c.phone ?? "", c.address, c.city, c.zipCode ?? "", c.country])}`);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(scope));
  let binary = "";
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function existingOrder(db: Database, scope: string, key: string, lines: CartLine[]): Promise<PlacedOrder | null> {
  const [order] = await db
    .select({
      id: orders.id,
      order_number: orders.orderNumber,
      total_cents: orders.totalCents,
      delivery_date: orders.deliveryDate,
    })
    .from(orders)
    .where(and(eq(orders.idempotencyScope, scope), eq(orders.idempotencyKey, key)));
  if (!order) return null;
  const items = await db
    .select({ product_id: orderItems.productId, variant_id: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  // A line without a variant was its product's implicit one: the product and quantity say it is the same.
  const same =
    items.length === lines.length &&
    lines.every((line) =>
      items.some(
        (item) =>
          item.product_id === line.productId &&
          (!line.variantId || item.variant_id === line.variantId) &&
          item.quantity === line.quantity,
      ),
    );
  if (!same) throw new OrderError(CHECKOUT_MESSAGES.idempotencyReused, 409);
  return { ...order, created: false };
}

const address = (customer: CheckoutForm) => addressJson(customer, customer.email);

/**
 * Places a cash-on-delivery order. Every price and total is computed here from the database; the
 * order, its items, the stock decrements, the sold counts, the coupon's use and the first history row are written in one
 * batch, which SQLite runs as one transaction: `CHECK (stock >= 0)` and the coupon's usage CHECK make
 * a losing concurrent buyer fail the whole batch, so nothing is ever half-written.
 */
export async function placeOrder(db: Database, request: PlaceOrderInput): Promise<PlacedOrder> {
  const input = {
    ...request,
    lines: mergeLines(request.lines),
    given: request.lines,
    keyScope: await keyScope(request),
  };
  for (let attempt = 1; ; attempt++) {
    try {
      // A retry was counted once already (the guest's limits).
      return await placeOrderOnce(db, { ...input, counted: attempt > 1 });
    } catch (error) {
      // Two orders drew the same number the same day (about 1 in 33 million): draw again.
      if (error instanceof OrderNumberTaken && attempt < 3) continue;
      // An order without a date lost the earliest day's last slot to another: it gets the next day.
      if (error instanceof SoonestDayTaken && attempt < 5) continue;
      if (error instanceof SoonestDayTaken) throw fullyBooked(error.date);
      throw error;
    }
  }
}

class OrderNumberTaken extends Error {}

class SoonestDayTaken extends Error {
  constructor(readonly date: string) {
    super(`The soonest delivery day, ${date}, was just taken`);
  }
}

/** The same variant listed twice is one line of the summed quantity (at most 99). */
function mergeLines(lines: CartLine[]): CartLine[] {
  const merged: CartLine[] = [];
  for (const line of lines) {
    const index = merged.findIndex((other) => sameLine(other, line));
    if (index === -1) merged.push({ ...line });
    else merged[index] = { ...merged[index]!, quantity: merged[index]!.quantity + line.quantity };
  }
  if (merged.some((line) => line.quantity > QUANTITY_MAX)) throw new OrderError(CHECKOUT_MESSAGES.quantityRange);
  return merged;
}

/** What an order is priced from: its lines, where it goes (a gift's recipient), the chosen method and coupon. */
function orderQuoteInput(input: PlaceOrderInput): QuoteInput {
  const place = input.gift?.recipient ?? input.customer;
  return {
    lines: input.lines,
    country: place.country,
    state: place.state ?? "",
    shippingMethodId: input.shippingMethodId,
    couponCode: input.couponCode,
    currency: input.currency,
  };
}

async function placeOrderOnce(
  db: Database,
  input: PlaceOrderInput & { given: CartLine[]; keyScope: string | null; counted: boolean },
): Promise<PlacedOrder> {
  if (input.lines.length === 0) throw new OrderError(CHECKOUT_MESSAGES.emptyCart);
  if (input.idempotencyKey && input.keyScope) {
    const previous = await existingOrder(db, input.keyScope, input.idempotencyKey, input.lines);
    if (previous) return previous;
  }
  const guest = input.userId === null;
  // A guest's order is counted per client and per address BEFORE anything is held: a script
  // cannot empty the shop's stock nor send the shop's mail to any address in a loop.
  if (guest && !input.counted)
    await consumeLimits(db, guestOrderLimits(input.customer.email, input.client), GUEST_ORDERS_LIMITED_MESSAGE);
  const now = input.now ?? new Date();
  const [quote, delivery] = await Promise.all([
    quoteCheckout(db, orderQuoteInput(input)),
    chooseDeliveryDate(db, input.deliveryDate ?? null, now),
  ]);
  for (const item of quote.cart.items) {
    const name = item.product?.name ?? item.name ?? "A product in your cart";
    // A product still sold, its option not chosen or no longer sold: the line's field says which.
    if (item.status === "unavailable" && item.reason) {
      const index = input.given.findIndex((line) =>
        sameLine(line, { productId: item.product_id, variantId: item.variant_id }),
      );
      throw new ValidationError({ [`items.${index}.variant_id`]: [item.reason] }, item.reason);
    }
    if (item.status === "unavailable")
      throw new OrderError(`${name} is no longer available. Please remove it from your cart.`);
    // Stock that ran out is a conflict with the shop's state (409), as when the race is lost at the write.
    if (item.status === "out_of_stock")
      throw new OrderError(`${name} is out of stock. Please remove it from your cart.`, 409);
    if (item.status === "reduced")
      throw new OrderError(`Only ${item.product!.stock} of ${name} left in stock. Please update your cart.`, 409);
  }
  if (!quote.shipping)
    throw new ValidationError(
      { shipping_method_id: [CHECKOUT_MESSAGES.shippingMethod] },
      CHECKOUT_MESSAGES.shippingMethod,
    );
  if (quote.coupon && !quote.coupon.valid)
    throw new ValidationError({ coupon_code: [quote.coupon.message] }, quote.coupon.message);

  const orderNumber = newOrderNumber();
  // The new order's id: read back at the end of the batch, and a subquery for its items' rows.
  const placedOrder = db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
  const orderId = sql<number>`${placedOrder}`;
  const { totals } = quote;
  const coupon = quote.coupon?.valid ? quote.coupon.coupon : null;
  const items = quote.cart.items.filter((item) => item.product);
  const billingAddress = address(input.customer);
  // A gift goes to its recipient; the customer, who pays and gets the mails, is the billing address.
  const shippingAddress = input.gift ? recipientAddress(input.gift.recipient) : billingAddress;
  const gift = input.gift ?? null;
  // The invoice's number: the year's next, in the shop's time zone, bumped in the order's batch.
  const invoiceYear = Number(shopClock(now, delivery.rules.timeZone).date.slice(0, 4));
  const mails = input.mail
    ? await orderPlacedStatements(db, input.mail, {
        userId: input.userId,
        orderId,
        order: {
          number: orderNumber,
          customer_name: `${input.customer.firstName} ${input.customer.lastName}`.trim(),
          email: input.customer.email,
          items: items.map((item) => ({
            name: item.product!.name,
            options: optionsLabel(item.product!.options),
            sku: item.product!.sku,
            quantity: item.quantity,
            unit_cents: item.product!.unit_price_cents,
            total_cents: item.line_total_cents,
          })),
          ...totals,
          coupon_code: coupon?.code ?? null,
          shipping_method: quote.shipping.name,
          address: JSON.parse(shippingAddress),
          notes: input.customer.notes ?? null,
          delivery_date: delivery.date,
          gift: gift ? { message: gift.message, hide_prices: gift.hide_prices } : null,
        },
      })
    : [];
  let placedRows: Array<{ id: number }>;
  try {
    const results = await db.batch([
      db
        .insert(invoiceCounters)
        .values({ year: invoiceYear, last: 1 })
        .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } }),
      db.insert(orders).values({
        orderNumber,
        userId: input.userId,
        status: "pending",
        paymentMethod: "cash_on_delivery",
        paymentStatus: "pending",
        email: input.customer.email,
        subtotalCents: totals.subtotal_cents,
        shippingCents: totals.shipping_cents,
        taxCents: totals.tax_cents,
        discountCents: totals.discount_cents,
        totalCents: totals.total_cents,
        couponId: coupon?.id ?? null,
        couponCode: coupon?.code ?? null,
        shippingMethodId: quote.shipping.id,
        shippingMethodName: quote.shipping.name,
        shippingAddress,
        billingAddress,
        notes: input.customer.notes,
        idempotencyKey: input.idempotencyKey,
        idempotencyScope: input.keyScope,
        isGift: gift !== null,
        giftMessage: gift?.message ?? null,
        giftHidePrices: gift?.hide_prices ?? false,
        deliveryDate: delivery.date,
        invoiceNumber: sql`(SELECT 'INV-' || ${invoiceCounters.year} || '-' || printf('%06d', ${invoiceCounters.last}) FROM ${invoiceCounters} WHERE ${invoiceCounters.year} = ${invoiceYear})`,
      }),
      // The day's capacity, counted with this order in: over the cap fails the whole batch.
      ...(delivery.rules.maxPerDay > 0 ? [capacityGuard(db, delivery.date, delivery.rules.maxPerDay)] : []),
      db.insert(orderItems).values(
        items.map((item) => ({
          orderId,
          productId: item.product_id,
          productName: item.product!.name,
          // The variant's SKU, image and option values, kept on the line whatever becomes of the variant.
          productSku: item.product!.sku,
          productImage: item.product!.image,
          variantId: item.product!.variant_id,
          variantOptions: JSON.stringify(item.product!.options),
          quantity: item.quantity,
          priceCents: item.product!.unit_price_cents,
          totalCents: item.line_total_cents,
        })),
      ),
      // Stock is the variant's (its product's follows by trigger). No "WHERE stock >= n": a buyer
      // who lost the race must fail the variants' CHECK, and with it the batch.
      ...items.map((item) =>
        db
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} - ${item.quantity}` })
          .where(eq(productVariants.id, item.product!.variant_id)),
      ),
      ...items.map((item) =>
        db
          .update(products)
          .set({ soldCount: sql`${products.soldCount} + ${item.quantity}` })
          .where(eq(products.id, item.product_id)),
      ),
      ...(coupon
        ? [
            db
              .update(coupons)
              .set({ usageCount: sql`${coupons.usageCount} + 1` })
              .where(eq(coupons.id, coupon.id)),
          ]
        : []),
      // The products' pages, the lists and the home page's best sellers show stock and sales: stale now.
      bumpTags(db, changes.orderPlaced(items.map((item) => item.product_id))),
      // The first line of the order's history: placed (pending), by the customer.
      db.insert(orderHistory).values({
        orderId,
        kind: "status",
        fromValue: null,
        toValue: "pending",
        actorId: input.userId,
        actorName: input.userId === null ? "Guest" : `${input.customer.firstName} ${input.customer.lastName}`.trim(),
      }),
      // The customer's confirmation and the shop's "new order": written with the order or not at all.
      ...mails,
      // A signed-in shopper's recipient, to pick next time.
      ...(gift && input.userId !== null ? saveRecipientStatements(db, input.userId, gift.recipient) : []),
      // The cart is bought: no reminder of it.
      ...(input.userId !== null ? [forgetCartStatement(db, input.userId)] : []),
      ...(guest ? [pendingCapGuard(db, input.customer.email)] : []),
      placedOrder,
    ]);
    placedRows = results[results.length - 1] as Array<{ id: number }>;
  } catch (error) {
    if (isUniqueViolation(error, "orders.order_number")) throw new OrderNumberTaken();
    if (guest && pendingCapBroken(error)) throw new OrderError(GUEST_PENDING_CAP_MESSAGE, 409);
    if (capacityBroken(error))
      throw input.deliveryDate ? fullyBooked(delivery.date) : new SoonestDayTaken(delivery.date);
    if (input.idempotencyKey && input.keyScope && isUniqueViolation(error, "orders.idempotency_key")) {
      // The same order, submitted twice at once: the other submit wrote it.
      const previous = await existingOrder(db, input.keyScope, input.idempotencyKey, input.lines);
      if (previous) return previous;
    }
    if (failedConstraint(error, /CHECK constraint failed/i)) {
      // Someone else bought the last units (or used the coupon's last redemption) first.
      const fresh = await quoteCheckout(db, orderQuoteInput(input));
      const short = fresh.cart.items.find((item) => item.status !== "ok");
      if (short?.product) {
        throw new OrderError(
          short.product.stock > 0
            ? `Only ${short.product.stock} of ${short.product.name} left in stock. Please update your cart.`
            : `${short.product.name} has just sold out. Please remove it from your cart.`,
          409,
        );
      }
      if (coupon) {
        // The message too (not only the field's): the API and the page show it, as for a coupon refused before the write.
        const message = `${CHECKOUT_MESSAGES.couponInvalid}: this coupon has been used up.`;
        throw new ValidationError({ coupon_code: [message] }, message);
      }
      throw new OrderError("Some items in your cart have just sold out. Please review your cart.", 409);
    }
    throw error;
  }
  const placed = placedRows[0];
  if (!placed) throw new NotFoundError("The order was not found after placing it");
  return {
    id: placed.id,
    order_number: orderNumber,
    total_cents: totals.total_cents,
    delivery_date: delivery.date,
    created: true,
  };
}
