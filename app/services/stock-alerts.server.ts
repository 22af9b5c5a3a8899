import { and, asc, count, eq, gt, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { products, productVariants, stockAlerts } from "../../db/schema";
import {
  STOCK_ALERT_CLIENT_WINDOW_SECONDS,
  STOCK_ALERT_MAILS_PER_ADDRESS,
  STOCK_ALERT_MAX_PER_CLIENT,
  STOCK_ALERT_MESSAGES,
  STOCK_ALERT_TOKEN_HOURS,
  type StockAlertRequest,
} from "../lib/schemas/stock-alerts";
import { optionsLabel, variantHref, type OptionValues } from "../lib/variants";
import { NotFoundError, ValidationError } from "./errors";
import { absolute, mailShop, type MailContext } from "./mail/context";
import { newsletterMailStatement } from "./mail/newsletter";
import { isMailable } from "./mail/outbox.server";
import {
  mayMailSql,
  normalEmail,
  notSuppressedSql,
  retentionEnabled,
  retentionMailStatements,
  unsubscribeMarkFor,
  type RetentionSigner,
} from "./mail/retention.server";
import { secretMark } from "./mail/sealed.server";
import { backInStockMail, stockAlertConfirmationMail, type AwaitedItem } from "./mail/templates/back-in-stock";
import { hashResetToken, newResetToken } from "./password-reset.server";
import {
  consumeLimits,
  countStatement,
  type Limit,
  limitOn,
  limitsReached,
  openLimitRows,
  underLimitsSql,
} from "./rate-limit.server";
import { hasRow } from "./sql";

/**
 * "Email me when it's back" (docs/decisions/037-bringing-shoppers-back.md): an address asks for one
 * mail when a sold-out variant (a product without options: its implicit variant) is in stock again.
 * Double opt-in as the newsletter's (013): the same answer whatever the address's state, a
 * confirmation link (random, only its SHA-256 kept, single use, 48 hours), limits per client and per
 * address. The restock job writes the one mail through the return mails' gate and ends the request.
 */

export const CONFIRMATION_TEMPLATE = "stock_alert_confirmation";
/** The most requests one run of the restock job mails about. */
export const RESTOCK_BATCH = 200;

/** What a request needs of its caller: the mail's origin and shop, the unsubscribe signer, who is asking. */
export interface StockAlertContext {
  mail: Pick<MailContext, "origin" | "site" | "seal">;
  signer: RetentionSigner;
  /** The client's address, for the per-client limit. */
  client: string;
}

/** 32 random bytes, base64url: 43 characters (the password reset's scheme). */
const CONFIRM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const stockAlertConfirmLink = (base: string, token: string) =>
  `${base.replace(/\/+$/, "")}/back-in-stock/confirm?token=${encodeURIComponent(token)}`;

export const stockAlertClientLimit = limitOn(
  "stock-alert:client",
  STOCK_ALERT_MAX_PER_CLIENT,
  STOCK_ALERT_CLIENT_WINDOW_SECONDS,
);

/** The limits on confirmation mails to one address (whoever asks, whatever for). */
export const stockAlertMailLimits = (email: string): Limit[] =>
  STOCK_ALERT_MAILS_PER_ADDRESS.map(({ max, windowSeconds }) => ({
    key: `stock-alert:mail:${windowSeconds}:${email}`,
    max,
    windowSeconds,
  }));

/** The page of the item a request is about: the product's, the variant chosen when it has options. */
const itemPath = (row: { slug: string; variantId: number; options: string }) =>
  row.options === "{}" ? `/product/${row.slug}` : variantHref(row.slug, row.variantId);

/** The item a request is about as the mails name it ("Rose Box (Colour: Blush)"), linked to its page. */
function awaitedItem(
  shop: Pick<MailContext, "origin">,
  row: { product: string; slug: string; variantId: number; options: string },
): AwaitedItem {
  const label = optionsLabel(JSON.parse(row.options) as OptionValues);
  return {
    name: label ? `${row.product} (${label})` : row.product,
    link: absolute({ origin: shop.origin.replace(/\/+$/, "") }, itemPath(row)),
  };
}

/**
 * The variant a request is about, or why it cannot be asked for: the one named (of this product, sold,
 * sold out), or for a product without options its implicit variant. A product with options needs one named.
 */
function requestedVariant(
  variants: Array<{ id: number; options: string; stock: number; isActive: boolean }>,
  variantId: number | null,
) {
  const variant =
    variantId === null
      ? variants.find((each) => each.options === "{}")
      : variants.find((each) => each.id === variantId);
  if (!variant) {
    const message = variantId === null ? STOCK_ALERT_MESSAGES.chooseOption : STOCK_ALERT_MESSAGES.notSold;
    throw new ValidationError({ variant_id: [message] }, message);
  }
  if (!variant.isActive)
    throw new ValidationError({ variant_id: [STOCK_ALERT_MESSAGES.notSold] }, STOCK_ALERT_MESSAGES.notSold);
  if (variant.stock > 0)
    throw new ValidationError({ variant_id: [STOCK_ALERT_MESSAGES.inStock] }, STOCK_ALERT_MESSAGES.inStock);
  return variant;
}

const unixNow = () => Math.floor(Date.now() / 1000);

/**
 * A request to be mailed when a product (`slug`, an active one: else NotFoundError) is back. The
 * caller answers STOCK_ALERT_MESSAGES.requested whatever happens here but a refusal of the item (422:
 * in stock, not sold, no option chosen) or a 429, so nobody learns anything of the address:
 * - a new or pending request gets a fresh confirmation token (the one mailed before stops working)
 *   and the confirmation mail, in the token's batch; it stays `pending` until the link is followed;
 * - an address already waiting for the item, or that left the back-in-stock mails (or bounced),
 *   gets nothing;
 * - an address mailed a confirmation in the last ten minutes (or five times today) gets nothing new.
 * Every request counts against the client's limit before anything is read (RateLimitError past it).
 * Answers the item's page (to go back to).
 */
export async function requestStockAlert(
  db: Database,
  slug: string,
  input: StockAlertRequest,
  context: StockAlertContext,
): Promise<string> {
  await consumeLimits(db, [stockAlertClientLimit(context.client)], STOCK_ALERT_MESSAGES.limited);
  const email = normalEmail(input.email);
  const mailLimits = stockAlertMailLimits(email);
  const at = unixNow();
  const now = new Date(at * 1000);
  const [found, limitRows] = await db.batch([
    db
      .select({
        // Not products.id beside product_variants.id: D1 answers a join's rows by column name, and two `id`s collide.
        productId: productVariants.productId,
        product: products.name,
        variantId: productVariants.id,
        options: productVariants.options,
        stock: productVariants.stock,
        isActive: productVariants.isActive,
      })
      .from(products)
      .innerJoin(productVariants, eq(productVariants.productId, products.id))
      .where(and(eq(products.slug, slug), eq(products.isActive, true))),
    openLimitRows(db, mailLimits, at),
  ]);
  if (found.length === 0) throw new NotFoundError(STOCK_ALERT_MESSAGES.productNotFound);
  const variant = requestedVariant(
    found.map((row) => ({ id: row.variantId, options: row.options, stock: row.stock, isActive: row.isActive })),
    input.variant_id,
  );
  const row = found.find((each) => each.variantId === variant.id)!;
  const page = itemPath({ ...row, slug });
  if (!isMailable(email) || limitsReached(mailLimits, limitRows)) return page;
  const token = newResetToken();
  const tokenHash = await hashResetToken(token);
  const confirmMark = secretMark("confirm_link");
  const unsubscribe = await unsubscribeMarkFor(context.mail, context.signer, email, "back_in_stock");
  const mail = stockAlertConfirmationMail({
    shop: mailShop(context.mail),
    item: awaitedItem(context.mail, { ...row, slug }),
    confirmLink: confirmMark,
    unsubscribeLink: unsubscribe.mark,
    validHours: STOCK_ALERT_TOKEN_HOURS,
  });
  const live = and(
    eq(stockAlerts.email, email),
    eq(stockAlerts.variantId, variant.id),
    inArray(stockAlerts.status, ["pending", "active"]),
  );
  const mailStatements = await newsletterMailStatement(
    db,
    context.mail,
    {
      to: email,
      template: CONFIRMATION_TEMPLATE,
      mail,
      unsubscribeMark: unsubscribe.mark,
      secrets: { [confirmMark]: stockAlertConfirmLink(context.mail.origin, token), ...unsubscribe.secrets },
    },
    // The mail only with its token in place: a request that lost a race (or was refused below) mails nothing.
    {
      onlyIf: sql`EXISTS (SELECT 1 FROM ${stockAlerts} WHERE ${stockAlerts.confirmTokenHash} = ${tokenHash})`,
    },
  );
  await db.batch([
    // One live request per address and variant (the partial unique index): an existing one stays.
    db.insert(stockAlerts).values({ email, productId: row.productId, variantId: variant.id }).onConflictDoNothing(),
    db
      .update(stockAlerts)
      .set({
        confirmTokenHash: tokenHash,
        confirmExpiresAt: new Date(now.getTime() + STOCK_ALERT_TOKEN_HOURS * 3600 * 1000),
        updatedAt: now,
      })
      .where(
        and(
          live,
          eq(stockAlerts.status, "pending"),
          // Asked for: not a return mail, so only a suppression (not the daily limit) holds it back.
          notSuppressedSql(email, "back_in_stock"),
          underLimitsSql(mailLimits, at),
        ),
      ),
    ...mailStatements,
    ...mailLimits.map((limit) => countStatement(db, limit, at)),
  ]);
  return page;
}

/** A confirmation that still works: its hash, unexpired, still pending. */
const liveConfirmation = (tokenHash: string, now: Date) =>
  and(
    eq(stockAlerts.confirmTokenHash, tokenHash),
    gt(stockAlerts.confirmExpiresAt, now),
    eq(stockAlerts.status, "pending"),
  );

/** Whether a confirmation link can still confirm (the confirm page asks before its button; it changes nothing). */
export async function stockAlertConfirmationIsLive(db: Database, token: string): Promise<boolean> {
  if (!CONFIRM_TOKEN_PATTERN.test(token)) return false;
  return hasRow(db, stockAlerts, liveConfirmation(await hashResetToken(token), new Date()));
}

/**
 * Confirms a request with its mailed token: `active`, the token spent. One guarded UPDATE, so a link
 * works once even when followed twice at once. Answers the page of the item it is about (to go back
 * to), or null for an unknown, used or expired token.
 */
export async function confirmStockAlert(db: Database, token: string): Promise<string | null> {
  if (!CONFIRM_TOKEN_PATTERN.test(token)) return null;
  const now = new Date();
  const [confirmed] = await db
    .update(stockAlerts)
    .set({ status: "active", confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null, updatedAt: now })
    .where(liveConfirmation(await hashResetToken(token), now))
    .returning({ variantId: stockAlerts.variantId });
  if (!confirmed) return null;
  const [item] = await db
    .select({ slug: products.slug, options: productVariants.options })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, confirmed.variantId));
  return item ? itemPath({ ...item, variantId: confirmed.variantId }) : "/";
}

// ---------------------------------------------------------------- the restock job

/**
 * The restock job (`back-in-stock`, every 10 minutes): for the active requests whose variant is in
 * stock and sold again (product and variant active), at most RESTOCK_BATCH a run, the one mail
 * "{Product} is back" through the return mails' gate, and the request `notified` in the same batch:
 * the UPDATE first, guarded by the gate's own rule and stamped with this run's time, then the mail
 * only where that stamp is in place. A request whose mail the gate refuses (another return mail
 * today) stays active for a later run; a suppressed address's too, and is never mailed. Answers
 * what it did, as staff read it.
 */
export async function sendBackInStockMails(
  db: Database,
  mail: Pick<MailContext, "origin" | "site" | "seal"> | null,
  signer: RetentionSigner,
  now = new Date(),
): Promise<string> {
  if (!(await retentionEnabled(db, "back_in_stock"))) return "Switched off in the settings: nothing sent.";
  const due = await db
    .select({
      id: stockAlerts.id,
      email: stockAlerts.email,
      variantId: stockAlerts.variantId,
      product: products.name,
      slug: products.slug,
      options: productVariants.options,
    })
    .from(stockAlerts)
    .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(stockAlerts.status, "active"),
        gt(productVariants.stock, 0),
        eq(productVariants.isActive, true),
        eq(products.isActive, true),
        // Not the addresses that left or were mailed today: a run's batch is the requests it can mail.
        mayMailSql(sql`${stockAlerts.email}`, "back_in_stock", now),
      ),
    )
    .orderBy(asc(stockAlerts.id))
    .limit(RESTOCK_BATCH);
  if (due.length === 0) return "Nothing is back for anyone waiting: nothing sent.";
  if (!mail) return "No mail written: the shop's address is not known (set SHOP_ORIGIN).";
  const shop = mailShop(mail);
  const statements: Array<BatchItem<"sqlite">> = [];
  for (const request of due) {
    const unsubscribe = await unsubscribeMarkFor(mail, signer, request.email, "back_in_stock");
    const rendered = backInStockMail({
      shop,
      item: awaitedItem(mail, request),
      unsubscribeLink: unsubscribe.mark,
    });
    const stamped = and(
      eq(stockAlerts.id, request.id),
      eq(stockAlerts.status, "notified"),
      eq(stockAlerts.notifiedAt, now),
    );
    statements.push(
      db
        .update(stockAlerts)
        .set({ status: "notified", notifiedAt: now, updatedAt: now })
        .where(
          and(
            eq(stockAlerts.id, request.id),
            eq(stockAlerts.status, "active"),
            mayMailSql(request.email, "back_in_stock", now),
          ),
        ),
      ...(await retentionMailStatements(
        db,
        mail,
        {
          to: request.email,
          topic: "back_in_stock",
          mail: rendered,
          unsubscribeMark: unsubscribe.mark,
          secrets: unsubscribe.secrets,
        },
        { now, onlyIf: sql`EXISTS (SELECT 1 FROM ${stockAlerts} WHERE ${stamped})` },
      )),
    );
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...Array<BatchItem<"sqlite">>]);
  const [sent] = await db
    .select({ total: count() })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.status, "notified"), eq(stockAlerts.notifiedAt, now)));
  const mailed = sent?.total ?? 0;
  const left = due.length - mailed;
  return `${mailed} back-in-stock email${mailed === 1 ? "" : "s"} written${left > 0 ? `; ${left} left for a later run` : ""}.`;
}

// ---------------------------------------------------------------- the back office

/** How many confirmed requests wait for each variant of a product: one grouped read (variant id to count). */
export async function waitingByVariant(db: Database, productId: number): Promise<Record<number, number>> {
  const rows = await db
    .select({ variantId: stockAlerts.variantId, waiting: count() })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.productId, productId), eq(stockAlerts.status, "active")))
    .groupBy(stockAlerts.variantId);
  return Object.fromEntries(rows.map((row) => [row.variantId, row.waiting]));
}
