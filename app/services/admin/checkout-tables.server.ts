import { and, asc, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { coupons, orders, shippingMethods, taxRates } from "../../../db/schema";
import {
  CATALOGUE_MESSAGES,
  codeTaken,
  couponProblems,
  couponStoredValue,
  shippingProblems,
  taxRateTaken,
  usageLimitBelowUses,
  type CouponInput,
  type CouponType,
  type ShippingMethodInput,
  type TaxRateInput,
} from "../../lib/schemas/admin-catalogue";
import { toUnits } from "../../lib/money";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { isoDate, scalar } from "../sql";
import { auditEntry, changesBetween, type Actor } from "./audit.server";
import { changes as tagChanges } from "../../lib/cache-tags";
import { bumpTags } from "../cache-tags.server";
import { isUniqueViolation, newRowId } from "./rows.server";

/**
 * The checkout's tables as staff keep them: coupons, shipping methods and tax rates
 * (`/admin/coupons`, `/admin/shipping`, `/admin/tax`; `/api/admin/{coupons,shipping-methods,tax-rates}`).
 *
 * Freshness: the checkout reads these tables on every quote (services/checkout.server, never from a
 * cache), so the next quote, lookup or order uses a change at once; no cache tag covers them.
 * Each write is one batch with its audit row. Rules across fields are checked on the row as it will
 * be saved (the stored row merged with the change): a 422 naming the field.
 */

const failed = (problems: Record<string, string[]>) => {
  if (Object.keys(problems).length) throw new ValidationError(problems);
};

// ---------------------------------------------------------------- coupons

export interface AdminCoupon {
  id: number;
  code: string;
  name: string;
  type: CouponType;
  /** Whole percent, or cents for a fixed coupon (as stored). */
  value: number;
  min_subtotal_cents: number;
  max_discount_cents: number | null;
  starts_at: string | null;
  expires_at: string | null;
  usage_limit: number | null;
  usage_count: number;
  is_active: boolean;
  /** Orders placed with it (they keep its code if it is deleted). */
  orders_count: number;
  created_at: string | null;
}

const couponColumns = {
  id: coupons.id,
  code: coupons.code,
  name: coupons.name,
  type: coupons.type,
  value: coupons.value,
  min_subtotal_cents: coupons.minSubtotalCents,
  max_discount_cents: coupons.maxDiscountCents,
  starts_at: coupons.startsAt,
  expires_at: coupons.expiresAt,
  usage_limit: coupons.usageLimit,
  usage_count: coupons.usageCount,
  is_active: coupons.isActive,
  created_at: coupons.createdAt,
  orders_count: scalar<number>(sql`SELECT count(*) FROM ${orders} WHERE ${orders.couponId} = ${coupons.id}`).as(
    "orders_count",
  ),
};

const couponsQuery = (db: Database, where?: SQL) =>
  db.select(couponColumns).from(coupons).where(where).orderBy(desc(coupons.createdAt), desc(coupons.id));
type CouponRow = Awaited<ReturnType<typeof couponsQuery>>[number];

const toCoupon = (row: CouponRow): AdminCoupon => ({
  ...row,
  is_active: Boolean(row.is_active),
  orders_count: Number(row.orders_count),
  starts_at: isoDate(row.starts_at),
  expires_at: isoDate(row.expires_at),
  created_at: isoDate(row.created_at),
});

/** Every coupon, newest first, with its uses so far and the orders placed with it. */
export async function listCoupons(db: Database): Promise<AdminCoupon[]> {
  return (await couponsQuery(db)).map(toCoupon);
}

export async function getCoupon(db: Database, id: number): Promise<AdminCoupon | null> {
  const [row] = await couponsQuery(db, eq(coupons.id, id));
  return row ? toCoupon(row) : null;
}

/** A coupon's value as staff type it: a percent, or currency units. */
const typedValue = (type: CouponType, stored: number) => (type === "percentage" ? stored : toUnits(stored));

async function assertCouponCodeFree(db: Database, code: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.code, code), exceptId === undefined ? undefined : ne(coupons.id, exceptId)))
    .limit(1);
  if (taken) throw new ConflictError(codeTaken(code));
}

/** The audit's view of a coupon: what staff typed, in currency units. */
const couponAudit = (c: {
  code: string;
  name: string;
  type: CouponType;
  value: number;
  min_subtotal_cents: number;
  max_discount_cents: number | null;
  starts_at: Date | null;
  expires_at: Date | null;
  usage_limit: number | null;
  is_active: boolean;
}) => ({
  code: c.code,
  name: c.name,
  type: c.type,
  value: typedValue(c.type, c.value),
  min_subtotal: toUnits(c.min_subtotal_cents),
  max_discount: c.max_discount_cents === null ? null : toUnits(c.max_discount_cents),
  starts_at: c.starts_at ? c.starts_at.toISOString() : null,
  expires_at: c.expires_at ? c.expires_at.toISOString() : null,
  usage_limit: c.usage_limit,
  is_active: c.is_active,
});

export async function createCoupon(db: Database, actor: Actor, input: CouponInput): Promise<AdminCoupon> {
  const draft = {
    type: input.type!,
    value: input.value!,
    starts_at: input.starts_at ?? null,
    expires_at: input.expires_at ?? null,
    usage_limit: input.usage_limit ?? null,
  };
  failed(couponProblems(draft));
  const code = input.code!;
  await assertCouponCodeFree(db, code);
  const row = {
    code,
    name: input.name!,
    type: draft.type,
    value: couponStoredValue(draft.type, draft.value)!,
    min_subtotal_cents: input.min_subtotal ?? 0,
    max_discount_cents: input.max_discount ?? null,
    starts_at: draft.starts_at,
    expires_at: draft.expires_at,
    usage_limit: draft.usage_limit,
    is_active: input.is_active ?? true,
  };
  const insert = db
    .insert(coupons)
    .values({
      code: row.code,
      name: row.name,
      type: row.type,
      value: row.value,
      minSubtotalCents: row.min_subtotal_cents,
      maxDiscountCents: row.max_discount_cents,
      startsAt: row.starts_at,
      expiresAt: row.expires_at,
      usageLimit: row.usage_limit,
      isActive: row.is_active,
    })
    .returning({ id: coupons.id });
  try {
    const [created] = await db.batch([
      insert,
      auditEntry(db, actor, {
        action: "create",
        entity: "coupon",
        entityId: newRowId(coupons, eq(coupons.code, row.code)),
        summary: `Coupon ${code} created`,
        changes: changesBetween({}, couponAudit(row)),
      }),
    ] as unknown as [typeof insert]);
    return (await getCoupon(db, created[0]!.id))!;
  } catch (error) {
    if (isUniqueViolation(error, "coupons.code")) throw new ConflictError(codeTaken(code));
    throw error;
  }
}

/**
 * Changes a coupon. The usage limit may not go below the uses so far: checked on the row as read,
 * and again in the UPDATE's own condition, so an order redeeming it meanwhile cannot be overtaken
 * (that update then changes nothing and the answer is the same 422).
 */
export async function updateCoupon(db: Database, actor: Actor, id: number, input: CouponInput): Promise<AdminCoupon> {
  const [current] = await db
    .select({
      code: coupons.code,
      name: coupons.name,
      type: coupons.type,
      value: coupons.value,
      min_subtotal_cents: coupons.minSubtotalCents,
      max_discount_cents: coupons.maxDiscountCents,
      starts_at: coupons.startsAt,
      expires_at: coupons.expiresAt,
      usage_limit: coupons.usageLimit,
      usage_count: coupons.usageCount,
      is_active: coupons.isActive,
    })
    .from(coupons)
    .where(eq(coupons.id, id));
  if (!current) throw new NotFoundError(CATALOGUE_MESSAGES.couponNotFound);
  const type = input.type ?? current.type;
  // A value typed for the other type is read in the new one's terms: a type change needs a value.
  const value = input.value ?? typedValue(type, current.value);
  const draft = {
    type,
    value,
    starts_at: input.starts_at === undefined ? current.starts_at : input.starts_at,
    expires_at: input.expires_at === undefined ? current.expires_at : input.expires_at,
    usage_limit: input.usage_limit === undefined ? current.usage_limit : input.usage_limit,
  };
  failed(couponProblems(draft, current.usage_count));
  const after = {
    code: input.code ?? current.code,
    name: input.name ?? current.name,
    type,
    value: couponStoredValue(type, value)!,
    min_subtotal_cents: input.min_subtotal ?? current.min_subtotal_cents,
    max_discount_cents: input.max_discount === undefined ? current.max_discount_cents : input.max_discount,
    starts_at: draft.starts_at,
    expires_at: draft.expires_at,
    usage_limit: draft.usage_limit,
    is_active: input.is_active ?? current.is_active,
  };
  if (after.code !== current.code) await assertCouponCodeFree(db, after.code, id);
  const changed = changesBetween(couponAudit(current), couponAudit(after));
  if (Object.keys(changed).length === 0) return (await getCoupon(db, id))!;

  const limitHolds = after.usage_limit === null ? sql`1` : sql`"coupons"."usage_count" <= ${after.usage_limit}`;
  const guard = sql`EXISTS (SELECT 1 FROM "coupons" WHERE "coupons"."id" = ${id} AND ${limitHolds})`;
  let results: unknown[];
  try {
    results = await db.batch([
      auditEntry(
        db,
        actor,
        {
          action: "update",
          entity: "coupon",
          entityId: id,
          summary: `Coupon ${after.code} updated: ${Object.keys(changed).join(", ")}`,
          changes: changed,
        },
        guard,
      ),
      db
        .update(coupons)
        .set({
          code: after.code,
          name: after.name,
          type: after.type,
          value: after.value,
          minSubtotalCents: after.min_subtotal_cents,
          maxDiscountCents: after.max_discount_cents,
          startsAt: after.starts_at,
          expiresAt: after.expires_at,
          usageLimit: after.usage_limit,
          isActive: after.is_active,
        })
        .where(and(eq(coupons.id, id), limitHolds))
        .returning({ id: coupons.id }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, "coupons.code")) throw new ConflictError(codeTaken(after.code));
    throw error;
  }
  const applied = results[results.length - 1] as Array<{ id: number }>;
  if (applied.length === 0) {
    const now = await getCoupon(db, id);
    if (!now) throw new NotFoundError(CATALOGUE_MESSAGES.couponNotFound);
    throw new ValidationError({ usage_limit: [usageLimitBelowUses(now.usage_count)] });
  }
  return (await getCoupon(db, id))!;
}

/** Deletes a coupon. Orders placed with it keep its code (their link to it is cleared). */
export async function deleteCoupon(
  db: Database,
  actor: Actor,
  id: number,
): Promise<{ id: number; code: string; orders: number }> {
  const current = await getCoupon(db, id);
  if (!current) throw new NotFoundError(CATALOGUE_MESSAGES.couponNotFound);
  const exists = sql`EXISTS (SELECT 1 FROM "coupons" WHERE "coupons"."id" = ${id})`;
  const [, removed] = await db.batch([
    auditEntry(
      db,
      actor,
      {
        action: "delete",
        entity: "coupon",
        entityId: id,
        summary: `Coupon ${current.code} deleted${current.orders_count ? ` (${current.orders_count} past orders keep its code)` : ""}`,
        changes: { code: [current.code, null], name: [current.name, null] },
      },
      exists,
    ),
    db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id }),
  ]);
  if (removed.length === 0) throw new NotFoundError(CATALOGUE_MESSAGES.couponNotFound);
  return { id, code: current.code, orders: current.orders_count };
}

// ---------------------------------------------------------------- shipping methods

export interface AdminShippingMethod {
  id: number;
  code: string;
  name: string;
  description: string;
  cost_cents: number;
  free_shipping_threshold_cents: number | null;
  delivery_days_min: number;
  delivery_days_max: number;
  /** ISO codes it serves; null serves every country. */
  countries: string[] | null;
  is_active: boolean;
  sort_order: number;
}

const shippingColumns = {
  id: shippingMethods.id,
  code: shippingMethods.code,
  name: shippingMethods.name,
  description: shippingMethods.description,
  cost_cents: shippingMethods.costCents,
  free_shipping_threshold_cents: shippingMethods.freeShippingThresholdCents,
  delivery_days_min: shippingMethods.deliveryDaysMin,
  delivery_days_max: shippingMethods.deliveryDaysMax,
  countries: shippingMethods.countries,
  is_active: shippingMethods.isActive,
  sort_order: shippingMethods.sortOrder,
};

const shippingListQuery = (db: Database, where?: SQL) =>
  db
    .select(shippingColumns)
    .from(shippingMethods)
    .where(where)
    .orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.id));
type ShippingRow = Awaited<ReturnType<typeof shippingListQuery>>[number];

const countriesOf = (text: string | null) =>
  text === null
    ? null
    : text
        .split(",")
        .map((code) => code.trim())
        .filter(Boolean);
const countriesText = (codes: string[] | null) => (codes === null || codes.length === 0 ? null : codes.join(","));

const toShipping = (row: ShippingRow): AdminShippingMethod => ({
  ...row,
  is_active: Boolean(row.is_active),
  countries: countriesOf(row.countries),
});

/** Every shipping method, in the checkout's order (inactive ones too). */
export async function listShippingMethods(db: Database): Promise<AdminShippingMethod[]> {
  return (await shippingListQuery(db)).map(toShipping);
}

export async function getShippingMethod(db: Database, id: number): Promise<AdminShippingMethod | null> {
  const [row] = await shippingListQuery(db, eq(shippingMethods.id, id));
  return row ? toShipping(row) : null;
}

const shippingAudit = (m: Omit<AdminShippingMethod, "id">) => ({
  code: m.code,
  name: m.name,
  description: m.description,
  cost: toUnits(m.cost_cents),
  free_shipping_threshold: m.free_shipping_threshold_cents === null ? null : toUnits(m.free_shipping_threshold_cents),
  delivery_days_min: m.delivery_days_min,
  delivery_days_max: m.delivery_days_max,
  countries: m.countries === null ? "all" : m.countries.join(","),
  is_active: m.is_active,
  sort_order: m.sort_order,
});

async function assertShippingCodeFree(db: Database, code: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: shippingMethods.id })
    .from(shippingMethods)
    .where(and(eq(shippingMethods.code, code), exceptId === undefined ? undefined : ne(shippingMethods.id, exceptId)))
    .limit(1);
  if (taken) throw new ConflictError(codeTaken(code));
}

const shippingValues = (m: Omit<AdminShippingMethod, "id">) => ({
  code: m.code,
  name: m.name,
  description: m.description,
  costCents: m.cost_cents,
  freeShippingThresholdCents: m.free_shipping_threshold_cents,
  deliveryDaysMin: m.delivery_days_min,
  deliveryDaysMax: m.delivery_days_max,
  countries: countriesText(m.countries),
  isActive: m.is_active,
  sortOrder: m.sort_order,
});

export async function createShippingMethod(
  db: Database,
  actor: Actor,
  input: ShippingMethodInput,
): Promise<AdminShippingMethod> {
  const method: Omit<AdminShippingMethod, "id"> = {
    code: input.code!,
    name: input.name!,
    description: input.description ?? "",
    cost_cents: input.cost!,
    free_shipping_threshold_cents: input.free_shipping_threshold ?? null,
    delivery_days_min: input.delivery_days_min!,
    delivery_days_max: input.delivery_days_max!,
    countries: input.countries ?? null,
    is_active: input.is_active ?? true,
    sort_order: input.sort_order ?? 0,
  };
  failed(shippingProblems(method));
  await assertShippingCodeFree(db, method.code);
  const insert = db.insert(shippingMethods).values(shippingValues(method)).returning({ id: shippingMethods.id });
  try {
    const [created] = await db.batch([
      insert,
      auditEntry(db, actor, {
        action: "create",
        entity: "shipping_method",
        entityId: newRowId(shippingMethods, eq(shippingMethods.code, method.code)),
        summary: `Shipping method ${method.name} (${method.code}) created`,
        changes: changesBetween({}, shippingAudit(method)),
      }),
      bumpTags(db, tagChanges.checkoutTablesChanged()),
    ] as unknown as [typeof insert]);
    return (await getShippingMethod(db, created[0]!.id))!;
  } catch (error) {
    if (isUniqueViolation(error, "shipping_methods.code")) throw new ConflictError(codeTaken(method.code));
    throw error;
  }
}

export async function updateShippingMethod(
  db: Database,
  actor: Actor,
  id: number,
  input: ShippingMethodInput,
): Promise<AdminShippingMethod> {
  const current = await getShippingMethod(db, id);
  if (!current) throw new NotFoundError(CATALOGUE_MESSAGES.shippingNotFound);
  const after: Omit<AdminShippingMethod, "id"> = {
    code: input.code ?? current.code,
    name: input.name ?? current.name,
    description: input.description ?? current.description,
    cost_cents: input.cost ?? current.cost_cents,
    free_shipping_threshold_cents:
      input.free_shipping_threshold === undefined
        ? current.free_shipping_threshold_cents
        : input.free_shipping_threshold,
    delivery_days_min: input.delivery_days_min ?? current.delivery_days_min,
    delivery_days_max: input.delivery_days_max ?? current.delivery_days_max,
    countries: input.countries === undefined ? current.countries : input.countries,
    is_active: input.is_active ?? current.is_active,
    sort_order: input.sort_order ?? current.sort_order,
  };
  failed(shippingProblems(after));
  if (after.code !== current.code) await assertShippingCodeFree(db, after.code, id);
  const changed = changesBetween(shippingAudit(current), shippingAudit(after));
  if (Object.keys(changed).length === 0) return current;
  const exists = sql`EXISTS (SELECT 1 FROM "shipping_methods" WHERE "shipping_methods"."id" = ${id})`;
  let applied: Array<{ id: number }>;
  try {
    [, applied] = await db.batch([
      auditEntry(
        db,
        actor,
        {
          action: "update",
          entity: "shipping_method",
          entityId: id,
          summary: `Shipping method ${after.name} updated: ${Object.keys(changed).join(", ")}`,
          changes: changed,
        },
        exists,
      ),
      db
        .update(shippingMethods)
        .set(shippingValues(after))
        .where(eq(shippingMethods.id, id))
        .returning({ id: shippingMethods.id }),
      bumpTags(db, tagChanges.checkoutTablesChanged()),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, "shipping_methods.code")) throw new ConflictError(codeTaken(after.code));
    throw error;
  }
  if (applied.length === 0) throw new NotFoundError(CATALOGUE_MESSAGES.shippingNotFound);
  return (await getShippingMethod(db, id))!;
}

/** Deletes a shipping method. Orders sent with it keep its name (their link to it is cleared). */
export async function deleteShippingMethod(
  db: Database,
  actor: Actor,
  id: number,
): Promise<{ id: number; name: string }> {
  const current = await getShippingMethod(db, id);
  if (!current) throw new NotFoundError(CATALOGUE_MESSAGES.shippingNotFound);
  const exists = sql`EXISTS (SELECT 1 FROM "shipping_methods" WHERE "shipping_methods"."id" = ${id})`;
  const [, removed] = await db.batch([
    auditEntry(
      db,
      actor,
      {
        action: "delete",
        entity: "shipping_method",
        entityId: id,
        summary: `Shipping method ${current.name} (${current.code}) deleted`,
        changes: { code: [current.code, null], name: [current.name, null] },
      },
      exists,
    ),
    db.delete(shippingMethods).where(eq(shippingMethods.id, id)).returning({ id: shippingMethods.id }),
    bumpTags(db, tagChanges.checkoutTablesChanged()),
  ]);
  if (removed.length === 0) throw new NotFoundError(CATALOGUE_MESSAGES.shippingNotFound);
  return { id, name: current.name };
}

// ---------------------------------------------------------------- tax rates

export interface AdminTaxRate {
  id: number;
  country_code: string;
  /** Empty: the whole country. */
  state_code: string;
  name: string;
  rate_bps: number;
  is_active: boolean;
}

const taxColumns = {
  id: taxRates.id,
  country_code: taxRates.countryCode,
  state_code: taxRates.stateCode,
  name: taxRates.name,
  rate_bps: taxRates.rateBps,
  is_active: taxRates.isActive,
};

const taxListQuery = (db: Database, where?: SQL) =>
  db
    .select(taxColumns)
    .from(taxRates)
    .where(where)
    .orderBy(asc(taxRates.countryCode), asc(taxRates.stateCode), asc(taxRates.name), asc(taxRates.id));
const toTax = (row: Awaited<ReturnType<typeof taxListQuery>>[number]): AdminTaxRate => ({
  ...row,
  is_active: Boolean(row.is_active),
});

/** Every tax rate, by country, then state (the whole country's first). */
export async function listTaxRatesForStaff(db: Database): Promise<AdminTaxRate[]> {
  return (await taxListQuery(db)).map(toTax);
}

export async function getTaxRate(db: Database, id: number): Promise<AdminTaxRate | null> {
  const [row] = await taxListQuery(db, eq(taxRates.id, id));
  return row ? toTax(row) : null;
}

const taxAudit = (t: Omit<AdminTaxRate, "id">) => ({
  country_code: t.country_code,
  state_code: t.state_code,
  name: t.name,
  rate: t.rate_bps / 100,
  is_active: t.is_active,
});
const taxValues = (t: Omit<AdminTaxRate, "id">) => ({
  countryCode: t.country_code,
  stateCode: t.state_code,
  name: t.name,
  rateBps: t.rate_bps,
  isActive: t.is_active,
});
const place = (t: { country_code: string; state_code: string }) =>
  t.state_code ? `${t.country_code}-${t.state_code}` : t.country_code;

async function assertTaxRateFree(db: Database, t: Omit<AdminTaxRate, "id">, exceptId?: number) {
  const [taken] = await db
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(
      and(
        eq(taxRates.countryCode, t.country_code),
        eq(taxRates.stateCode, t.state_code),
        eq(taxRates.name, t.name),
        exceptId === undefined ? undefined : ne(taxRates.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw new ConflictError(taxRateTaken);
}

export async function createTaxRate(db: Database, actor: Actor, input: TaxRateInput): Promise<AdminTaxRate> {
  const rate: Omit<AdminTaxRate, "id"> = {
    country_code: input.country_code!,
    state_code: input.state_code ?? "",
    name: input.name!,
    rate_bps: input.rate!,
    is_active: input.is_active ?? true,
  };
  await assertTaxRateFree(db, rate);
  const insert = db.insert(taxRates).values(taxValues(rate)).returning({ id: taxRates.id });
  const byPlaceAndName = and(
    eq(taxRates.countryCode, rate.country_code),
    eq(taxRates.stateCode, rate.state_code),
    eq(taxRates.name, rate.name),
  );
  try {
    const [created] = await db.batch([
      insert,
      auditEntry(db, actor, {
        action: "create",
        entity: "tax_rate",
        entityId: newRowId(taxRates, byPlaceAndName),
        summary: `Tax rate ${rate.name} (${place(rate)}) created`,
        changes: changesBetween({}, taxAudit(rate)),
      }),
      bumpTags(db, tagChanges.checkoutTablesChanged()),
    ] as unknown as [typeof insert]);
    return (await getTaxRate(db, created[0]!.id))!;
  } catch (error) {
    if (isUniqueViolation(error, "tax_rates.country_code")) throw new ConflictError(taxRateTaken);
    throw error;
  }
}

export async function updateTaxRate(
  db: Database,
  actor: Actor,
  id: number,
  input: TaxRateInput,
): Promise<AdminTaxRate> {
  const current = await getTaxRate(db, id);
  if (!current) throw new NotFoundError(CATALOGUE_MESSAGES.taxNotFound);
  const after: Omit<AdminTaxRate, "id"> = {
    country_code: input.country_code ?? current.country_code,
    state_code: input.state_code ?? current.state_code,
    name: input.name ?? current.name,
    rate_bps: input.rate ?? current.rate_bps,
    is_active: input.is_active ?? current.is_active,
  };
  const changed = changesBetween(taxAudit(current), taxAudit(after));
  if (Object.keys(changed).length === 0) return current;
  if (changed.country_code || changed.state_code || changed.name) await assertTaxRateFree(db, after, id);
  const exists = sql`EXISTS (SELECT 1 FROM "tax_rates" WHERE "tax_rates"."id" = ${id})`;
  let applied: Array<{ id: number }>;
  try {
    [, applied] = await db.batch([
      auditEntry(
        db,
        actor,
        {
          action: "update",
          entity: "tax_rate",
          entityId: id,
          summary: `Tax rate ${after.name} (${place(after)}) updated: ${Object.keys(changed).join(", ")}`,
          changes: changed,
        },
        exists,
      ),
      db.update(taxRates).set(taxValues(after)).where(eq(taxRates.id, id)).returning({ id: taxRates.id }),
      bumpTags(db, tagChanges.checkoutTablesChanged()),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, "tax_rates.country_code")) throw new ConflictError(taxRateTaken);
    throw error;
  }
  if (applied.length === 0) throw new NotFoundError(CATALOGUE_MESSAGES.taxNotFound);
  return (await getTaxRate(db, id))!;
}

export async function deleteTaxRate(db: Database, actor: Actor, id: number): Promise<{ id: number; name: string }> {
  const current = await getTaxRate(db, id);
  if (!current) throw new NotFoundError(CATALOGUE_MESSAGES.taxNotFound);
  const exists = sql`EXISTS (SELECT 1 FROM "tax_rates" WHERE "tax_rates"."id" = ${id})`;
  const [, removed] = await db.batch([
    auditEntry(
      db,
      actor,
      {
        action: "delete",
        entity: "tax_rate",
        entityId: id,
        summary: `Tax rate ${current.name} (${place(current)}) deleted`,
        changes: { name: [current.name, null], rate: [current.rate_bps / 100, null] },
      },
      exists,
    ),
    db.delete(taxRates).where(eq(taxRates.id, id)).returning({ id: taxRates.id }),
    bumpTags(db, tagChanges.checkoutTablesChanged()),
  ]);
  if (removed.length === 0) throw new NotFoundError(CATALOGUE_MESSAGES.taxNotFound);
  return { id, name: current.name };
}
