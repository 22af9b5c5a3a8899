/**
 * Seed statements for a fresh or live Twistbloom database.
 *
 * Every statement is a complete SQLite statement with its literals inlined, so the list can be run
 * by D1 (`db.batch` / `db.exec`), by libSQL or by wrangler alike. Every insert ends in
 * `ON CONFLICT DO NOTHING` and foreign keys are resolved through natural keys (slug, email, name,
 * code), never hard-coded ids: running the list twice changes nothing, and running it against a
 * live database never overwrites live values such as stock or sold counts.
 *
 * This module stays pure (no node: imports, no file system, no work at import time beyond
 * constants) because the worker tests import it inside the Workers runtime.
 */
import { sanitizeHtml } from "../../app/lib/sanitize";
import { textOfHtml } from "../../app/lib/schemas/admin-blogs";
import { hashPassword } from "../../app/lib/password";
import { blogCategories, blogs } from "./data/blog";
import { categories } from "./data/categories";
import { coupons, shippingMethods, taxRates } from "./data/checkout";
import { homeSections } from "./data/home";
import { products } from "./data/products";
import { reviews } from "./data/reviews";
import { PRODUCTION_SETTING_VALUES, settings } from "./data/settings";
import { roles, users } from "./data/users";
import type { SeedProduct } from "./types";

/** Values sqlLiteral can inline. Objects and arrays are stored as JSON text. */
export type SqlValue = string | number | boolean | null | undefined | Record<string, unknown> | unknown[];

/** Renders a value as an SQLite literal: strings quoted with single quotes doubled, booleans as 1/0. */
export function sqlLiteral(value: SqlValue): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Cannot inline non-finite number ${value} in SQL`);
    return String(value);
  }
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  return sqlLiteral(JSON.stringify(value));
}

/** A fragment of SQL placed into a statement as is (used for natural-key subselects). */
class RawSql {
  constructor(readonly raw: string) {}
}
const raw = (sql: string) => new RawSql(sql);
const isRaw = (value: unknown): value is RawSql => value instanceof RawSql;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const render = (value: SqlValue | RawSql) => (isRaw(value) ? value.raw : sqlLiteral(value));

/** INSERT ... VALUES (...) ON CONFLICT DO NOTHING */
function insertRow(table: string, row: Record<string, SqlValue | RawSql>): string {
  const columns = Object.keys(row);
  const values = columns.map((column) => render(row[column]));
  return `INSERT INTO ${ident(table)} (${columns.map(ident).join(", ")}) VALUES (${values.join(", ")}) ON CONFLICT DO NOTHING`;
}

/**
 * INSERT ... SELECT ... FROM <sources> WHERE <where> ON CONFLICT DO NOTHING, for rows whose parent
 * rows are found by natural key: when a parent is missing the row is skipped instead of failing.
 * (The WHERE clause is required: it keeps SQLite from reading ON CONFLICT as a join constraint.)
 */
function insertSelect(table: string, row: Record<string, SqlValue | RawSql>, from: string, where: string): string {
  const columns = Object.keys(row);
  const values = columns.map((column) => render(row[column]));
  return `INSERT INTO ${ident(table)} (${columns.map(ident).join(", ")}) SELECT ${values.join(", ")} FROM ${from} WHERE ${where} ON CONFLICT DO NOTHING`;
}

/** A parent row found by natural key: the child's `column` takes its id. */
interface Parent {
  column: string;
  table: string;
  key: string;
  value: string;
}

/**
 * A row that points at one or more parents found by natural key (`product_images` at its product,
 * `user_roles` at a user and a role...), with its own values; skipped when a parent is missing.
 */
function insertChild(table: string, parents: Parent[], values: Record<string, SqlValue> = {}): string {
  const ids = Object.fromEntries(parents.map((parent, i) => [parent.column, raw(`p${i}.id`)]));
  const from = parents.map((parent, i) => `${ident(parent.table)} p${i}`).join(", ");
  const where = parents.map((parent, i) => `p${i}.${ident(parent.key)} = ${sqlLiteral(parent.value)}`).join(" AND ");
  return insertSelect(table, { ...ids, ...values }, from, where);
}

/**
 * A product's options, their values and its variants; then its implicit variant (made by the
 * product's insert trigger) leaves: removed, or switched off when an order refers to it.
 */
function variantStatements(product: SeedProduct, parent: Parent): string[] {
  if (!product.options?.length) return [];
  const slug = sqlLiteral(product.slug);
  const statements = product.options.map((option, position) =>
    insertChild("product_options", [parent], { name: option.name, position }),
  );
  product.options.forEach((option) =>
    option.values.forEach((value, position) =>
      statements.push(
        insertSelect(
          "product_option_values",
          { option_id: raw("o.id"), value, position },
          `"product_options" o JOIN "products" p ON p."id" = o."product_id"`,
          `p."slug" = ${slug} AND o."name" = ${sqlLiteral(option.name)}`,
        ),
      ),
    ),
  );
  (product.variants ?? []).forEach((variant, position) =>
    statements.push(
      insertChild("product_variants", [parent], {
        sku: variant.sku,
        options: JSON.stringify(variant.options),
        price_cents: variant.price_cents,
        sale_price_cents: variant.sale_price_cents,
        stock: variant.stock,
        image: variant.image ? (product.images[variant.image - 1] ?? null) : null,
        weight_grams: product.weight_grams,
        position,
      }),
    ),
  );
  const implicit = `"options" = '{}' AND "product_id" = (SELECT "id" FROM "products" WHERE "slug" = ${slug})`;
  const ordered = `EXISTS (SELECT 1 FROM "order_items" i WHERE i."variant_id" = "product_variants"."id")`;
  statements.push(`UPDATE "product_variants" SET "is_active" = 0 WHERE ${implicit} AND ${ordered}`);
  statements.push(`DELETE FROM "product_variants" WHERE ${implicit} AND NOT ${ordered}`);
  return statements;
}

const idBy = (table: string, column: string, value: string) =>
  raw(`(SELECT id FROM ${ident(table)} WHERE ${ident(column)} = ${sqlLiteral(value)})`);

/** Every product's review count and average, from its published reviews (the seed's and db:grow's last step). */
export const REVIEW_FIGURES_SQL = `UPDATE "products" SET "review_count" = (SELECT COUNT(*) FROM "reviews" r WHERE r."product_id" = "products"."id" AND r."status" = 'approved'), "review_average" = COALESCE((SELECT ROUND(AVG(r."rating"), 2) FROM "reviews" r WHERE r."product_id" = "products"."id" AND r."status" = 'approved'), 0)`;

/** created_at of draft posts, which have no published_at: 2026-10-01T00:00:00Z. */
const DRAFT_CREATED_AT = 1790812800;

/** Development accounts created by the seed. */
export const DEV_USERS: ReadonlyArray<{ email: string; password: string; role: string }> = users.map((user) => ({
  email: user.email,
  password: user.password,
  role: user.roles[0] ?? "customer",
}));

/**
 * Builds every seed statement, in dependency order. Hashes the development passwords (async).
 * `devUsers: false` (a production database) leaves out the development accounts, whose passwords
 * are public in this repository. `production: true` writes the live shop's values of the settings
 * that differ from local development (`PRODUCTION_SETTING_VALUES`: staff sign in with a second factor).
 */
export async function buildSeedStatements({
  devUsers = true,
  production = false,
}: { devUsers?: boolean; production?: boolean } = {}): Promise<string[]> {
  const statements: string[] = [];

  // ---------------------------------------------------------------- accounts
  for (const role of roles) statements.push(insertRow("roles", { name: role.name }));

  for (const { password, roles: userRoles, ...user } of devUsers ? users : []) {
    // Development accounts have addresses under .test, which no one can receive: verified from the start.
    statements.push(
      insertRow("users", {
        ...user,
        password_hash: await hashPassword(password),
        email_verified_at: raw("unixepoch()"),
      }),
    );
    const account: Parent = { column: "user_id", table: "users", key: "email", value: user.email };
    for (const role of userRoles) {
      statements.push(
        insertChild("user_roles", [account, { column: "role_id", table: "roles", key: "name", value: role }]),
      );
    }
  }

  // ---------------------------------------------------------------- site content
  for (const setting of settings) {
    statements.push(
      insertRow("settings", {
        key: setting.key,
        value: production ? (PRODUCTION_SETTING_VALUES[setting.key] ?? setting.value) : setting.value,
        type: setting.type,
        group: setting.group,
        is_public: setting.is_public,
        description: setting.description,
      }),
    );
  }

  for (const section of homeSections) {
    statements.push(
      insertRow("home_sections", {
        key: section.key,
        data: section.data,
        is_active: section.is_active,
        sort_order: section.sort_order,
      }),
    );
  }

  // ---------------------------------------------------------------- catalogue
  for (const category of categories) {
    statements.push(
      insertRow("categories", {
        name: category.name,
        slug: category.slug,
        description: category.description,
        image: category.image,
        icon: category.icon,
        sort_order: category.sort_order,
        is_active: true,
      }),
    );
  }

  for (const product of products) {
    statements.push(
      insertRow("products", {
        category_id: product.category ? idBy("categories", "slug", product.category) : null,
        name: product.name,
        slug: product.slug,
        sku: product.sku,
        short_description: product.short_description,
        description: product.description,
        price_cents: product.price_cents,
        sale_price_cents: product.sale_price_cents,
        stock: product.stock,
        image: product.images[0] ?? null,
        is_featured: product.is_featured,
        is_addon: product.is_addon ?? false,
        is_active: true,
        sold_count: product.sold_count,
        weight_grams: product.weight_grams,
        dimensions: product.dimensions,
        meta_keywords: product.meta_keywords,
        created_at: product.created_at,
        updated_at: product.created_at,
      }),
    );
  }

  for (const product of products) {
    const parent: Parent = { column: "product_id", table: "products", key: "slug", value: product.slug };
    product.images.forEach((url, index) => {
      const alt = index === 0 ? product.name : `${product.name}, view ${index + 1}`;
      statements.push(insertChild("product_images", [parent], { url, alt, sort_order: index }));
    });
    for (const color of product.colors) statements.push(insertChild("product_colors", [parent], { color }));
    statements.push(...variantStatements(product, parent));
  }

  // ---------------------------------------------------------------- reviews
  // No natural key of its own (the shoppers are not accounts): a review is the same one when its
  // product, author and title are, so a second run adds none.
  for (const review of reviews) {
    const where = `p0."slug" = ${sqlLiteral(review.product)} AND NOT EXISTS (SELECT 1 FROM "reviews" r WHERE r."product_id" = p0."id" AND r."author_name" = ${sqlLiteral(review.author_name)} AND r."title" = ${sqlLiteral(review.title)})`;
    statements.push(
      insertSelect(
        "reviews",
        {
          product_id: raw("p0.id"),
          user_id: null,
          rating: review.rating,
          title: review.title,
          body: review.body,
          author_name: review.author_name,
          verified_purchase: false,
          status: "approved",
          created_at: review.created_at,
          updated_at: review.created_at,
        },
        `${ident("products")} p0`,
        where,
      ),
    );
  }
  // Every product's count and average, from its published reviews: never a figure of its own.
  statements.push(REVIEW_FIGURES_SQL);

  // ---------------------------------------------------------------- blog
  for (const category of blogCategories) {
    statements.push(insertRow("blog_categories", { name: category.name, slug: category.slug }));
  }

  for (const blog of blogs) {
    const createdAt = blog.published_at ?? DRAFT_CREATED_AT;
    statements.push(
      insertRow("blogs", {
        slug: blog.slug,
        title: blog.title,
        excerpt: blog.excerpt,
        // Stored clean, as the back office stores it: the shop renders the stored HTML as it is.
        content: sanitizeHtml(blog.content),
        content_text: textOfHtml(sanitizeHtml(blog.content)),
        featured_image: blog.featured_image,
        og_image: blog.og_image,
        difficulty: blog.difficulty,
        author_name: blog.author_name,
        author_avatar: blog.author_avatar,
        status: blog.status,
        is_featured: blog.is_featured,
        published_at: blog.published_at,
        reading_time: blog.reading_time,
        view_count: blog.view_count,
        like_count: blog.like_count,
        meta_title: blog.meta_title,
        meta_description: blog.meta_description,
        meta_keywords: blog.meta_keywords,
        created_at: createdAt,
        updated_at: createdAt,
      }),
    );
  }

  for (const blog of blogs) {
    const post: Parent = { column: "blog_id", table: "blogs", key: "slug", value: blog.slug };
    for (const slug of blog.categories) {
      statements.push(
        insertChild("blog_category_links", [
          post,
          { column: "category_id", table: "blog_categories", key: "slug", value: slug },
        ]),
      );
    }
    for (const tag of blog.tags) statements.push(insertChild("blog_tags", [post], { tag }));
    blog.related_products.forEach((slug, index) => {
      statements.push(
        insertChild(
          "blog_related_products",
          [post, { column: "product_id", table: "products", key: "slug", value: slug }],
          { sort_order: index },
        ),
      );
    });
  }

  // ---------------------------------------------------------------- checkout
  for (const method of shippingMethods) {
    statements.push(
      insertRow("shipping_methods", {
        code: method.code,
        name: method.name,
        description: method.description,
        cost_cents: method.cost_cents,
        delivery_days_min: method.delivery_days_min,
        delivery_days_max: method.delivery_days_max,
        free_shipping_threshold_cents: method.free_shipping_threshold_cents,
        countries: method.countries,
        is_active: true,
        sort_order: method.sort_order,
      }),
    );
  }

  for (const rate of taxRates) {
    statements.push(
      insertRow("tax_rates", {
        country_code: rate.country_code,
        state_code: rate.state_code,
        name: rate.name,
        rate_bps: rate.rate_bps,
        is_active: true,
      }),
    );
  }

  for (const coupon of coupons) {
    statements.push(
      insertRow("coupons", {
        code: coupon.code,
        name: coupon.name,
        type: coupon.type,
        value: coupon.value,
        min_subtotal_cents: coupon.min_subtotal_cents,
        max_discount_cents: coupon.max_discount_cents,
        usage_limit: coupon.usage_limit,
        usage_count: coupon.usage_count,
        starts_at: coupon.starts_at,
        expires_at: coupon.expires_at,
        is_active: coupon.is_active,
      }),
    );
  }

  // Whatever a running shop keeps in its caches may predate what this seed added: mark everything changed.
  statements.push(
    `INSERT INTO "cache_tags" ("tag", "version", "changed_at") VALUES ('all', 1, unixepoch()) ON CONFLICT ("tag") DO UPDATE SET "version" = "version" + 1, "changed_at" = excluded."changed_at"`,
  );

  return statements;
}
