import { and, asc, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { Database } from "../../../db/client";
import { coupons, orders, shippingMethods, taxRates } from "../../../db/schema";
import {
  codeTaken,
  COUPON_FIELDS,
  COUPON_TYPES,
  couponProblems,
  couponStoredValue,
  SHIPPING_FIELDS,
  shippingProblems,
  TAX_FIELDS,
  taxRateTaken,
  usageLimitBelowUses,
  type CouponType,
  type TableFields,
} from "../../lib/schemas/admin-catalogue";
import { taxPlace } from "../../lib/checkout";
import { toUnits } from "../../lib/money";
import { changes as tagChanges } from "../../lib/cache-tags";
import { bumpTags } from "../cache-tags.server";
import { COUPON_COLUMNS, SHIPPING_COLUMNS } from "../checkout.server";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { isoDate, scalar, type RowOf } from "../sql";
import { auditEntry, changesBetween, type Actor, type Changes } from "../audit.server";
import { isUniqueViolation, newRowId } from "./rows.server";

/**
 * The checkout's tables as staff keep them: coupons, shipping methods and tax rates
 * (`/admin/coupons`, `/admin/shipping`, `/admin/tax`; `/api/admin/{coupons,shipping-methods,tax-rates}`).
 * Each is one definition below (its table, its fields, its rules, its audit's names) served by one
 * set of operations (`checkoutTable`): list, get, create, update, delete.
 *
 * Freshness: the checkout reads these tables on every quote (services/checkout.server, never from a
 * cache for coupons; the methods and rates through the checkout tables' cache tag, which a write of
 * them bumps), so the next quote, lookup or order uses a change at once.
 * Each write is one batch with its audit row. Rules across fields are checked on the row as it will
 * be saved (the stored row merged with the change): a 422 naming the field. A unique key in use is
 * a 409.
 */

const failed = (problems: Record<string, string[]>) => {
  if (Object.keys(problems).length) throw new ValidationError(problems);
};

type TableColumns = Record<string, SQLiteColumn | SQL | SQL.Aliased>;

/** One checkout table: what its operations need to know of it. */
interface TableKind<C extends TableColumns, Row extends Saved & { id: number }, Saved, Input, Removed> {
  /** Its fields, its schemas and its names (the page's form and the API read the same). */
  fields: TableFields & { create: z.ZodType<Input>; update: z.ZodType<Input> };
  table: SQLiteTable & { id: SQLiteColumn };
  /** What staff see of a row: the columns read, in the list's order, and the row they make. */
  columns: C;
  order: SQL[];
  read: (row: RowOf<C>) => Row;
  /**
   * The row as it will be saved: the input over the current row (or, in a create, the defaults).
   * A rule across fields it breaks is a ValidationError naming the field. A create's schema requires
   * what has no default. A row as read is one as saved, plus what staff do not type (its id, its uses).
   */
  draft: (input: Input, current: Row | null) => Saved;
  /** The saved row in the table's columns. */
  values: (saved: Saved) => Record<string, unknown>;
  /** Its unique key: the rows that hold the saved row's, the 409's message, the index and the form's field named. */
  unique: { where: (saved: Saved) => SQL; taken: (saved: Saved) => string; index: string; field: string };
  audit: {
    entity: string;
    /** How a summary names the row: "Coupon SPRING10". */
    title: (saved: Saved) => string;
    /** An update's name for it, when not the title. */
    updateTitle?: (saved: Saved) => string;
    /** What staff typed, as its audit rows show it (money in currency units). */
    view: (saved: Saved) => Record<string, unknown>;
    /** A delete's changes, and what its summary adds. */
    deleted: (row: Row) => Changes;
    deletedNote?: (row: Row) => string;
  };
  /** Read by the checkout through the cache: a write bumps the checkout tables' tag. */
  cached: boolean;
  /** An update's own condition, held in its statement (the row as read may be overtaken), and the error when it fails. */
  guard?: { holds: (saved: Saved) => SQL | undefined; failed: (now: Row) => Error };
  /** What a delete answers besides the id. */
  removed: (row: Row) => Removed;
  /** The row as the API gives it, and that answer's schema. */
  json: (row: Row) => Record<string, unknown>;
  schema: z.ZodType;
}

/** A checkout table as its page and the API use it: its fields, its answers and its operations. */
export interface CheckoutTable<Row, Input, Removed> {
  fields: TableFields & { create: z.ZodType<Input>; update: z.ZodType<Input> };
  /** The form's field a unique key in use is told under. */
  conflictField: string;
  json: (row: Row) => Record<string, unknown>;
  schema: z.ZodType;
  /** Every row, in the list's order (inactive ones too). */
  list: (db: Database) => Promise<Row[]>;
  get: (db: Database, id: number) => Promise<Row | null>;
  create: (db: Database, actor: Actor, input: Input) => Promise<Row>;
  /** Only the fields sent change; nothing is written when nothing changes. */
  update: (db: Database, actor: Actor, id: number, input: Input) => Promise<Row>;
  remove: (db: Database, actor: Actor, id: number) => Promise<{ id: number } & Removed>;
}

/** A checkout table's operations, made from its definition. */
export function checkoutTable<C extends TableColumns, Row extends Saved & { id: number }, Saved, Input, Removed>(
  kind: TableKind<C, Row, Saved, Input, Removed>,
): CheckoutTable<Row, Input, Removed> {
  const { table, fields, audit } = kind;
  const bumps = (db: Database) => (kind.cached ? [bumpTags(db, tagChanges.checkoutTablesChanged())] : []);
  const select = async (db: Database, where?: SQL) => {
    const rows = await db
      .select(kind.columns)
      .from(table)
      .where(where)
      .orderBy(...kind.order);
    return (rows as RowOf<C>[]).map(kind.read);
  };
  const get = async (db: Database, id: number): Promise<Row | null> => (await select(db, eq(table.id, id)))[0] ?? null;
  const assertFree = async (db: Database, saved: Saved, exceptId?: number) => {
    const [taken] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(kind.unique.where(saved), exceptId === undefined ? undefined : ne(table.id, exceptId)))
      .limit(1);
    if (taken) throw new ConflictError(kind.unique.taken(saved));
  };
  const conflict = (error: unknown, saved: Saved) => {
    if (isUniqueViolation(error, kind.unique.index)) return new ConflictError(kind.unique.taken(saved));
    return error;
  };

  return {
    fields,
    conflictField: kind.unique.field,
    json: kind.json,
    schema: kind.schema,
    get,
    list: (db) => select(db),

    async create(db, actor, input) {
      const saved = kind.draft(input, null);
      await assertFree(db, saved);
      const insert = db.insert(table).values(kind.values(saved)).returning({ id: table.id });
      try {
        const [created] = await db.batch([
          insert,
          auditEntry(db, actor, {
            action: "create",
            entity: audit.entity,
            entityId: newRowId(table, kind.unique.where(saved)),
            summary: `${audit.title(saved)} created`,
            changes: changesBetween({}, audit.view(saved)),
          }),
          ...bumps(db),
        ] as unknown as [typeof insert]);
        return (await get(db, created[0]!.id as number))!;
      } catch (error) {
        throw conflict(error, saved);
      }
    },

    async update(db, actor, id, input) {
      const current = await get(db, id);
      if (!current) throw new NotFoundError(fields.notFound);
      const saved = kind.draft(input, current);
      const changed = changesBetween(audit.view(current), audit.view(saved));
      if (Object.keys(changed).length === 0) return current;
      await assertFree(db, saved, id);
      const holds = and(eq(table.id, id), kind.guard?.holds(saved));
      let applied: Array<{ id: unknown }>;
      try {
        [, applied] = await db.batch([
          auditEntry(
            db,
            actor,
            {
              action: "update",
              entity: audit.entity,
              entityId: id,
              summary: `${(audit.updateTitle ?? audit.title)(saved)} updated: ${Object.keys(changed).join(", ")}`,
              changes: changed,
            },
            sql`EXISTS (SELECT 1 FROM ${table} WHERE ${holds})`,
          ),
          db.update(table).set(kind.values(saved)).where(holds).returning({ id: table.id }),
          ...bumps(db),
        ]);
      } catch (error) {
        throw conflict(error, saved);
      }
      if (applied.length === 0) {
        const now = await get(db, id);
        throw now && kind.guard ? kind.guard.failed(now) : new NotFoundError(fields.notFound);
      }
      return (await get(db, id))!;
    },

    async remove(db, actor, id) {
      const current = await get(db, id);
      if (!current) throw new NotFoundError(fields.notFound);
      const [, removed] = await db.batch([
        auditEntry(
          db,
          actor,
          {
            action: "delete",
            entity: audit.entity,
            entityId: id,
            summary: `${audit.title(current)} deleted${audit.deletedNote?.(current) ?? ""}`,
            changes: audit.deleted(current),
          },
          sql`EXISTS (SELECT 1 FROM ${table} WHERE ${eq(table.id, id)})`,
        ),
        db.delete(table).where(eq(table.id, id)).returning({ id: table.id }),
        ...bumps(db),
      ]);
      if (removed.length === 0) throw new NotFoundError(fields.notFound);
      return { id, ...kind.removed(current) };
    },
  };
}

/** A code staff choose, one row's in its table: one in use is told under the form's code. */
const uniqueCode = (column: SQLiteColumn, index: string) => ({
  where: (row: { code: string }) => eq(column, row.code),
  taken: (row: { code: string }) => codeTaken(row.code),
  index,
  field: "code",
});

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

/** A coupon as it will be saved (its value as stored: whole percent, or cents). */
type SavedCoupon = Omit<AdminCoupon, "id" | "usage_count" | "orders_count" | "created_at">;

/** A coupon's value as staff type it: a percent, or currency units. */
const typedValue = (type: CouponType, stored: number) => (type === "percentage" ? stored : toUnits(stored));
const dateOf = (iso: string | null) => (iso === null ? null : new Date(iso));

/** A coupon as the API gives it: money in currency units. */
const AdminCouponSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    type: z.enum(COUPON_TYPES),
    value: z.number().meta({ description: "Whole percent for a percentage coupon; currency units for a fixed one." }),
    min_subtotal: z.number().meta({ description: "In currency units; 0 for none." }),
    max_discount: z.number().nullable().meta({ description: "In currency units; null for no cap." }),
    starts_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    usage_limit: z.number().int().nullable().meta({ description: "Null for no limit." }),
    usage_count: z.number().int().meta({ description: "Uses so far (a cancelled order gives its use back)." }),
    is_active: z.boolean(),
    orders_count: z.number().int().meta({ description: "Orders placed with it; they keep its code if it is deleted." }),
    created_at: z.string().nullable(),
  })
  .meta({ id: "AdminCoupon" });

export const couponsTable = checkoutTable({
  fields: COUPON_FIELDS,
  table: coupons,
  columns: {
    ...COUPON_COLUMNS,
    created_at: coupons.createdAt,
    orders_count: scalar<number>(sql`SELECT count(*) FROM ${orders} WHERE ${orders.couponId} = ${coupons.id}`).as(
      "orders_count",
    ),
  },
  /** Newest first. */
  order: [desc(coupons.createdAt), desc(coupons.id)],
  read: (row): AdminCoupon => ({
    ...row,
    is_active: Boolean(row.is_active),
    orders_count: Number(row.orders_count),
    starts_at: isoDate(row.starts_at),
    expires_at: isoDate(row.expires_at),
    created_at: isoDate(row.created_at),
  }),
  /**
   * A changed type reads the value as typed for the new one: a type change needs a value. The usage
   * limit may not go below the uses so far.
   */
  draft: (input, current): SavedCoupon => {
    const type = input.type ?? current!.type;
    const value = input.value ?? typedValue(type, current!.value);
    const check = {
      type,
      value,
      starts_at: input.starts_at === undefined ? dateOf(current?.starts_at ?? null) : input.starts_at,
      expires_at: input.expires_at === undefined ? dateOf(current?.expires_at ?? null) : input.expires_at,
      usage_limit: input.usage_limit === undefined ? (current?.usage_limit ?? null) : input.usage_limit,
    };
    failed(couponProblems(check, current?.usage_count ?? 0));
    return {
      code: input.code ?? current!.code,
      name: input.name ?? current!.name,
      type,
      value: couponStoredValue(type, value)!,
      min_subtotal_cents: input.min_subtotal ?? current?.min_subtotal_cents ?? 0,
      max_discount_cents: input.max_discount === undefined ? (current?.max_discount_cents ?? null) : input.max_discount,
      starts_at: isoDate(check.starts_at),
      expires_at: isoDate(check.expires_at),
      usage_limit: check.usage_limit,
      is_active: input.is_active ?? current?.is_active ?? true,
    };
  },
  values: (c) => ({
    code: c.code,
    name: c.name,
    type: c.type,
    value: c.value,
    minSubtotalCents: c.min_subtotal_cents,
    maxDiscountCents: c.max_discount_cents,
    startsAt: dateOf(c.starts_at),
    expiresAt: dateOf(c.expires_at),
    usageLimit: c.usage_limit,
    isActive: c.is_active,
  }),
  unique: uniqueCode(coupons.code, "coupons.code"),
  audit: {
    entity: "coupon",
    title: (c) => `Coupon ${c.code}`,
    view: (c) => ({
      code: c.code,
      name: c.name,
      type: c.type,
      value: typedValue(c.type, c.value),
      min_subtotal: toUnits(c.min_subtotal_cents),
      max_discount: c.max_discount_cents === null ? null : toUnits(c.max_discount_cents),
      starts_at: c.starts_at,
      expires_at: c.expires_at,
      usage_limit: c.usage_limit,
      is_active: c.is_active,
    }),
    deleted: (c) => ({ code: [c.code, null], name: [c.name, null] }),
    deletedNote: (c) => (c.orders_count ? ` (${c.orders_count} past orders keep its code)` : ""),
  },
  cached: false,
  /** An order redeeming it meanwhile cannot be overtaken: that update then changes nothing, the same 422. */
  guard: {
    holds: (c) => (c.usage_limit === null ? undefined : sql`${coupons.usageCount} <= ${c.usage_limit}`),
    failed: (now) => new ValidationError({ usage_limit: [usageLimitBelowUses(now.usage_count)] }),
  },
  /** Orders placed with it keep its code (their link to it is cleared). */
  removed: (c) => ({ code: c.code, orders: c.orders_count }),
  json: (coupon): z.output<typeof AdminCouponSchema> => ({
    id: coupon.id,
    code: coupon.code,
    name: coupon.name,
    type: coupon.type,
    value: coupon.type === "percentage" ? coupon.value : toUnits(coupon.value),
    min_subtotal: toUnits(coupon.min_subtotal_cents),
    max_discount: coupon.max_discount_cents === null ? null : toUnits(coupon.max_discount_cents),
    starts_at: coupon.starts_at,
    expires_at: coupon.expires_at,
    usage_limit: coupon.usage_limit,
    usage_count: coupon.usage_count,
    is_active: coupon.is_active,
    orders_count: coupon.orders_count,
    created_at: coupon.created_at,
  }),
  schema: AdminCouponSchema,
});

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

const countriesOf = (text: string | null) =>
  text === null
    ? null
    : text
        .split(",")
        .map((code) => code.trim())
        .filter(Boolean);
const countriesText = (codes: string[] | null) => (codes === null || codes.length === 0 ? null : codes.join(","));

/** A shipping method as the API gives it: money in currency units. */
const AdminShippingMethodSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    cost: z.number().meta({ description: "In currency units." }),
    free_shipping_threshold: z
      .number()
      .nullable()
      .meta({ description: "Free from this subtotal (currency units); null: never free." }),
    delivery_days_min: z.number().int(),
    delivery_days_max: z.number().int(),
    countries: z.array(z.string()).nullable().meta({ description: "ISO codes it serves; null serves every country." }),
    is_active: z.boolean(),
    sort_order: z.number().int(),
  })
  .meta({ id: "AdminShippingMethod" });

export const shippingTable = checkoutTable({
  fields: SHIPPING_FIELDS,
  table: shippingMethods,
  columns: { ...SHIPPING_COLUMNS, is_active: shippingMethods.isActive, sort_order: shippingMethods.sortOrder },
  /** The checkout's order. */
  order: [asc(shippingMethods.sortOrder), asc(shippingMethods.id)],
  read: (row): AdminShippingMethod => ({
    ...row,
    is_active: Boolean(row.is_active),
    countries: countriesOf(row.countries),
  }),
  draft: (input, current): Omit<AdminShippingMethod, "id"> => {
    const method = {
      code: input.code ?? current!.code,
      name: input.name ?? current!.name,
      description: input.description ?? current?.description ?? "",
      cost_cents: input.cost ?? current!.cost_cents,
      free_shipping_threshold_cents:
        input.free_shipping_threshold === undefined
          ? (current?.free_shipping_threshold_cents ?? null)
          : input.free_shipping_threshold,
      delivery_days_min: input.delivery_days_min ?? current!.delivery_days_min,
      delivery_days_max: input.delivery_days_max ?? current!.delivery_days_max,
      countries: input.countries === undefined ? (current?.countries ?? null) : input.countries,
      is_active: input.is_active ?? current?.is_active ?? true,
      sort_order: input.sort_order ?? current?.sort_order ?? 0,
    };
    failed(shippingProblems(method));
    return method;
  },
  values: (m) => ({
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
  }),
  unique: uniqueCode(shippingMethods.code, "shipping_methods.code"),
  audit: {
    entity: "shipping_method",
    title: (m) => `Shipping method ${m.name} (${m.code})`,
    updateTitle: (m) => `Shipping method ${m.name}`,
    view: (m) => ({
      code: m.code,
      name: m.name,
      description: m.description,
      cost: toUnits(m.cost_cents),
      free_shipping_threshold:
        m.free_shipping_threshold_cents === null ? null : toUnits(m.free_shipping_threshold_cents),
      delivery_days_min: m.delivery_days_min,
      delivery_days_max: m.delivery_days_max,
      countries: m.countries === null ? "all" : m.countries.join(","),
      is_active: m.is_active,
      sort_order: m.sort_order,
    }),
    deleted: (m) => ({ code: [m.code, null], name: [m.name, null] }),
  },
  cached: true,
  /** Orders sent with it keep its name (their link to it is cleared). */
  removed: (m) => ({ name: m.name }),
  json: (method): z.output<typeof AdminShippingMethodSchema> => ({
    id: method.id,
    code: method.code,
    name: method.name,
    description: method.description,
    cost: toUnits(method.cost_cents),
    free_shipping_threshold:
      method.free_shipping_threshold_cents === null ? null : toUnits(method.free_shipping_threshold_cents),
    delivery_days_min: method.delivery_days_min,
    delivery_days_max: method.delivery_days_max,
    countries: method.countries,
    is_active: method.is_active,
    sort_order: method.sort_order,
  }),
  schema: AdminShippingMethodSchema,
});

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

/** A tax rate as the API gives it: its rate in percent. */
const AdminTaxRateSchema = z
  .object({
    id: z.number().int(),
    country_code: z.string(),
    state_code: z.string().meta({ description: "Empty: the whole country." }),
    name: z.string(),
    rate: z.number().meta({ description: "Percent (7.25)." }),
    is_active: z.boolean(),
  })
  .meta({ id: "AdminTaxRate" });

export const taxTable = checkoutTable({
  fields: TAX_FIELDS,
  table: taxRates,
  columns: {
    id: taxRates.id,
    country_code: taxRates.countryCode,
    state_code: taxRates.stateCode,
    name: taxRates.name,
    rate_bps: taxRates.rateBps,
    is_active: taxRates.isActive,
  },
  /** By country, then state (the whole country's first). */
  order: [asc(taxRates.countryCode), asc(taxRates.stateCode), asc(taxRates.name), asc(taxRates.id)],
  read: (row): AdminTaxRate => ({ ...row, is_active: Boolean(row.is_active) }),
  draft: (input, current): Omit<AdminTaxRate, "id"> => ({
    country_code: input.country_code ?? current!.country_code,
    state_code: input.state_code ?? current?.state_code ?? "",
    name: input.name ?? current!.name,
    rate_bps: input.rate ?? current!.rate_bps,
    is_active: input.is_active ?? current?.is_active ?? true,
  }),
  values: (t) => ({
    countryCode: t.country_code,
    stateCode: t.state_code,
    name: t.name,
    rateBps: t.rate_bps,
    isActive: t.is_active,
  }),
  /** One name per country and state. */
  unique: {
    where: (t) =>
      and(eq(taxRates.countryCode, t.country_code), eq(taxRates.stateCode, t.state_code), eq(taxRates.name, t.name))!,
    taken: () => taxRateTaken,
    index: "tax_rates.country_code",
    field: "name",
  },
  audit: {
    entity: "tax_rate",
    title: (t) => `Tax rate ${t.name} (${taxPlace(t)})`,
    view: (t) => ({
      country_code: t.country_code,
      state_code: t.state_code,
      name: t.name,
      rate: t.rate_bps / 100,
      is_active: t.is_active,
    }),
    deleted: (t) => ({ name: [t.name, null], rate: [t.rate_bps / 100, null] }),
  },
  cached: true,
  /** Orders already placed keep the tax they were charged. */
  removed: (t) => ({ name: t.name }),
  json: (rate): z.output<typeof AdminTaxRateSchema> => ({
    id: rate.id,
    country_code: rate.country_code,
    state_code: rate.state_code,
    name: rate.name,
    rate: rate.rate_bps / 100,
    is_active: rate.is_active,
  }),
  schema: AdminTaxRateSchema,
});

// The operations by the names the service's tests call them.
export const {
  list: listCoupons,
  get: getCoupon,
  create: createCoupon,
  update: updateCoupon,
  remove: deleteCoupon,
} = couponsTable;
export const {
  list: listShippingMethods,
  get: getShippingMethod,
  create: createShippingMethod,
  update: updateShippingMethod,
  remove: deleteShippingMethod,
} = shippingTable;
export const {
  list: listTaxRatesForStaff,
  get: getTaxRate,
  create: createTaxRate,
  update: updateTaxRate,
  remove: deleteTaxRate,
} = taxTable;
