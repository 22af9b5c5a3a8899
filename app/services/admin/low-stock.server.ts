import { and, asc, count, eq, lte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { products, productVariants, rateLimits } from "../../../db/schema";
import { LOW_STOCK_THRESHOLD } from "../../lib/constants";
import { optionsLabel, type OptionValues } from "../../lib/variants";
import { mailShop, type MailContext } from "../mail/context";
import { isMailable, mailStatement } from "../mail/outbox.server";
import { lowStockMail, type LowStockItem } from "../mail/templates/low-stock";
import { countStatement, type Limit } from "../rate-limit.server";
import { numberSettingSql, readBooleanSetting } from "../settings.server";

/** The settings (group "store"): the stock at or under which an item is low, and the digest's switch. */
export const LOW_STOCK_THRESHOLD_SETTING = "low_stock_threshold";
export const LOW_STOCK_DIGEST_SETTING = "low_stock_digest";
/**
 * The stock at or under which an item is low, read inside the statement that uses it: the
 * dashboard, the products list and its badges, the stats and this digest all read it so.
 */
export const lowStockThreshold = () => numberSettingSql(LOW_STOCK_THRESHOLD_SETTING, LOW_STOCK_THRESHOLD);
/** The most items one digest lists (the lowest first); it says how many more there are. */
export const DIGEST_LISTED = 100;

/** The digest's counter (`rate_limits`): one mail per UTC day, its window ending at the next midnight. */
function digestLimit(now: Date): Limit {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return { key: "mail:low-stock-digest", max: 1, windowSeconds: Math.ceil((midnight - now.getTime()) / 1000) };
}

/**
 * The daily low-stock digest (a scheduled job, docs/decisions/036): one mail to the staff's
 * notifications address (`admin_email`, else the contact address: where the "new order" mail goes) listing every variant on sale of an active product whose
 * stock is at or under `low_stock_threshold`, the lowest first. Nothing is sent when the
 * `low_stock_digest` switch is off or nothing is low. Never twice in a UTC day: the day's counter is
 * counted in the same batch as, and before, the mail's insert, which is written only on the day's
 * first count, so two runs at once send one mail. Answers what it did, as staff read it (also when
 * the mail cannot be written: no origin for its links, no contact address).
 */
export async function sendLowStockDigest(db: Database, mail: MailContext | null, now = new Date()): Promise<string> {
  if (!(await readBooleanSetting(db, LOW_STOCK_DIGEST_SETTING, true)))
    return "Switched off in the settings: nothing sent.";
  const low = and(
    eq(products.isActive, true),
    eq(productVariants.isActive, true),
    lte(productVariants.stock, lowStockThreshold()),
  );
  const [rows, [counted]] = await db.batch([
    db
      .select({
        productId: products.id,
        product: products.name,
        options: productVariants.options,
        sku: productVariants.sku,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(low)
      .orderBy(asc(productVariants.stock), asc(products.name), asc(productVariants.position))
      .limit(DIGEST_LISTED),
    db
      .select({ total: count(), threshold: lowStockThreshold() })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(low),
  ]);
  const total = counted?.total ?? 0;
  const threshold = counted?.threshold ?? LOW_STOCK_THRESHOLD;
  if (total === 0) return "Nothing is low: nothing sent.";
  // As the other mail of the daily run: without an origin for its links, or an address, none is written.
  if (!mail) return "No mail written: the shop's address is not known (set SHOP_ORIGIN).";
  const shop = mailShop(mail);
  if (!isMailable(shop.staffEmail))
    return "No mail written: neither the notifications email nor the contact email setting is an address.";
  const items: LowStockItem[] = rows.map((row) => ({
    ...row,
    options: optionsLabel(JSON.parse(row.options) as OptionValues),
  }));
  const limit = digestLimit(now);
  const [[day]] = await db.batch([
    countStatement(db, limit, Math.floor(now.getTime() / 1000)).returning({ count: rateLimits.count }),
    mailStatement(
      db,
      { to: shop.staffEmail, template: "low_stock", ...lowStockMail({ shop, threshold, items, total }) },
      { onlyIf: sql`(SELECT ${rateLimits.count} FROM ${rateLimits} WHERE ${rateLimits.key} = ${limit.key}) = 1` },
    ),
  ]);
  if ((day?.count ?? 0) > 1) return "Already sent today: nothing sent.";
  return `${total} low item${total === 1 ? "" : "s"} mailed to ${shop.staffEmail}.`;
}
