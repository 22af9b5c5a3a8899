import { and, asc, eq, gt, isNotNull, isNull, lte, notExists, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orders, savedCarts, users } from "../../db/schema";
import { parseCart, serializeCart, type CartLine } from "../lib/cart";
import { optionsLabel } from "../lib/variants";
import { priceCart, type Cart } from "./cart.server";
import { absolute, mailShop, type MailContext } from "./mail/context";
import {
  mayMailSql,
  retentionEnabled,
  retentionMailStatements,
  unsubscribeMarkFor,
  type RetentionSigner,
} from "./mail/retention.server";
import { secretMark } from "./mail/sealed.server";
import { cartReminderMail, type CartReminderLine } from "./mail/templates/cart-reminder";

/**
 * A signed-in shopper's cart, kept on the server as well as in the cookie (docs/decisions/037): the
 * left-cart reminder mails about it and its link restores it. Every change of the cart writes it in
 * one statement, and clears `reminded_at`, so each time a cart is left it is reminded of once.
 */

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The statement that keeps a user's cart as it now is: an empty cart removes the row. */
export function saveCartStatement(db: Database, userId: number, lines: CartLine[], now = new Date()) {
  if (lines.length === 0) return forgetCartStatement(db, userId);
  const saved = { lines: serializeCart(lines), updatedAt: now, remindedAt: null };
  return db
    .insert(savedCarts)
    .values({ userId, ...saved })
    .onConflictDoUpdate({ target: savedCarts.userId, set: saved });
}

/** The statement that removes a user's saved cart (an order placed, the cart emptied). */
export function forgetCartStatement(db: Database, userId: number) {
  return db.delete(savedCarts).where(eq(savedCarts.userId, userId));
}

export interface SavedCart {
  lines: CartLine[];
  updatedAt: Date;
}

export async function readSavedCart(db: Database, userId: number): Promise<SavedCart | null> {
  const [row] = await db
    .select({ lines: savedCarts.lines, updatedAt: savedCarts.updatedAt })
    .from(savedCarts)
    .where(eq(savedCarts.userId, userId));
  return row ? { lines: parseCart(row.lines), updatedAt: row.updatedAt } : null;
}

// ---------------------------------------------------------------- the restore link

/** Signs and checks the restore links' values (app/http/saved-cart.server.ts: HMAC-SHA256, its own purpose). */
export type CartLinkSigner = RetentionSigner;

/** The value a restore link signs: the user and the version of the cart it was mailed about. */
const restoreValue = (userId: number, version: number) => `${userId}:${version}`;

/** `<user id>.<updated_at, seconds>.<HMAC-SHA256, base64url>`. */
const RESTORE_TOKEN = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export async function cartRestoreToken(signer: CartLinkSigner, userId: number, updatedAt: Date): Promise<string> {
  const version = seconds(updatedAt);
  return `${userId}.${version}.${await signer.sign(restoreValue(userId, version))}`;
}

/** The restore page of a token (the mail makes it absolute). */
export const cartRestorePath = (token: string) => `/cart/restore?token=${encodeURIComponent(token)}`;

/** The user and the cart's version a token names, if its signature holds; else null. Reads nothing. */
export async function readCartRestoreToken(
  signer: CartLinkSigner,
  token: string,
): Promise<{ userId: number; version: number } | null> {
  const match = RESTORE_TOKEN.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const version = Number(match[2]);
  return (await signer.verify(restoreValue(userId, version), match[3]!)) ? { userId, version } : null;
}

export type RestoreView =
  { state: "invalid" } | { state: "gone" } | { state: "current" | "changed"; lines: CartLine[]; cart: Cart };

/**
 * What a restore link shows: its saved cart, priced now, and whether the cart changed since the
 * link was mailed (the page then says so and shows the current one). `gone`: no cart is saved
 * (emptied, or an order was placed). Reads, never writes.
 */
export async function restoreView(db: Database, signer: CartLinkSigner, token: string): Promise<RestoreView> {
  const target = await readCartRestoreToken(signer, token);
  if (!target) return { state: "invalid" };
  const saved = await readSavedCart(db, target.userId);
  if (!saved || saved.lines.length === 0) return { state: "gone" };
  const state = seconds(saved.updatedAt) === target.version ? "current" : "changed";
  return { state, lines: saved.lines, cart: await priceCart(db, saved.lines) };
}

// ---------------------------------------------------------------- the reminder

/** A cart is reminded of once it is this old, and no longer once it is older than the second. */
export const REMIND_AFTER_HOURS = 24;
export const REMIND_UNTIL_DAYS = 7;
/** The most carts one run mails about (the job runs every 10 minutes). */
export const REMINDERS_PER_RUN = 50;

/**
 * The carts due a reminder at `now`: last changed between 24 hours and 7 days ago, not reminded of
 * since, of an enabled, undeleted user with a verified address, who placed no order since the cart
 * last changed (`orders_user_idx`), and whom the return mails' gate lets mail now (so carts the
 * daily limit holds back do not take a run's places). The oldest first, by `saved_carts_due_idx`.
 */
function dueCarts(db: Database, now: Date, limit: number) {
  const from = new Date(now.getTime() - REMIND_UNTIL_DAYS * 24 * 3600 * 1000);
  const to = new Date(now.getTime() - REMIND_AFTER_HOURS * 3600 * 1000);
  return db
    .select({
      userId: savedCarts.userId,
      lines: savedCarts.lines,
      updatedAt: savedCarts.updatedAt,
      email: users.email,
      name: users.name,
    })
    .from(savedCarts)
    .innerJoin(users, eq(users.id, savedCarts.userId))
    .where(
      and(
        isNull(savedCarts.remindedAt),
        gt(savedCarts.updatedAt, from),
        lte(savedCarts.updatedAt, to),
        isNull(users.disabledAt),
        isNull(users.deletedAt),
        isNotNull(users.emailVerifiedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(orders)
            .where(and(eq(orders.userId, savedCarts.userId), sql`${orders.createdAt} >= ${savedCarts.updatedAt}`)),
        ),
        mayMailSql(sql`${users.email}`, "cart_reminder", now),
      ),
    )
    .orderBy(asc(savedCarts.updatedAt))
    .limit(limit);
}

/** The row of this version of the cart, while it is not reminded of. */
const unreminded = (userId: number, updatedAt: Date) =>
  and(eq(savedCarts.userId, userId), eq(savedCarts.updatedAt, updatedAt), isNull(savedCarts.remindedAt));

/** The lines a reminder lists: those that can be bought now (sold, in stock), at today's prices. */
function sellable(cart: Cart): CartReminderLine[] {
  return cart.items.flatMap((item) =>
    item.product && (item.status === "ok" || item.status === "reduced")
      ? [
          {
            name: item.product.name,
            options: optionsLabel(item.product.options),
            quantity: item.quantity,
            unitCents: item.product.unit_price_cents,
            totalCents: item.line_total_cents,
          },
        ]
      : [],
  );
}

export interface CartReminderSigners {
  unsubscribe: RetentionSigner;
  restore: CartLinkSigner;
}

/**
 * The left-cart reminder (the `cart-reminders` job, every 10 minutes): one mail "You left something
 * in your cart" per due cart (`dueCarts`), listing what can be bought now at today's prices with a
 * link that restores the cart. Each is one batch: the UPDATE that stamps `reminded_at` (only while
 * the gate lets the address be mailed and the cart is still this version, unreminded), then the
 * mail, written only if the stamp took. A cart the gate refused stays due for a later run; a cart
 * with nothing left to sell is marked reminded, no mail. Answers what it did, as staff read it.
 */
export async function sendCartReminders(
  db: Database,
  mail: MailContext | null,
  signers: CartReminderSigners,
  now = new Date(),
  limit = REMINDERS_PER_RUN,
): Promise<string> {
  if (!(await retentionEnabled(db, "cart_reminder"))) return "Switched off in the settings: nothing sent.";
  if (!mail) return "No mail written: the shop's address is not known (set SHOP_ORIGIN).";
  const shop = mailShop(mail);
  const due = await dueCarts(db, now, limit);
  let sent = 0;
  let empty = 0;
  for (const cart of due) {
    const lines = sellable(await priceCart(db, parseCart(cart.lines)));
    const mark = db.update(savedCarts).set({ remindedAt: now });
    if (lines.length === 0) {
      await mark.where(unreminded(cart.userId, cart.updatedAt));
      empty++;
      continue;
    }
    const unsubscribe = await unsubscribeMarkFor(mail, signers.unsubscribe, cart.email, "cart_reminder");
    const restoreMark = secretMark("restore_link");
    const token = await cartRestoreToken(signers.restore, cart.userId, cart.updatedAt);
    const restoreLink = absolute(shop, cartRestorePath(token));
    const rendered = cartReminderMail({
      shop,
      name: cart.name,
      lines,
      restoreLink: restoreMark,
      unsubscribeLink: unsubscribe.mark,
    });
    const stamped = sql`EXISTS (SELECT 1 FROM ${savedCarts} WHERE ${savedCarts.userId} = ${cart.userId} AND ${savedCarts.updatedAt} = ${seconds(cart.updatedAt)} AND ${savedCarts.remindedAt} = ${seconds(now)})`;
    const [[marked]] = (await db.batch([
      mark
        .where(and(unreminded(cart.userId, cart.updatedAt), mayMailSql(cart.email, "cart_reminder", now)))
        .returning({ userId: savedCarts.userId }),
      ...(await retentionMailStatements(
        db,
        mail,
        {
          to: cart.email,
          topic: "cart_reminder",
          mail: rendered,
          unsubscribeMark: unsubscribe.mark,
          secrets: { ...unsubscribe.secrets, [restoreMark]: restoreLink },
        },
        { now, onlyIf: stamped },
      )),
    ] as never)) as [Array<{ userId: number }>];
    if (marked) sent++;
  }
  const skipped = empty ? `; ${empty} cart${empty === 1 ? "" : "s"} with nothing left to sell skipped` : "";
  return `${sent} reminder${sent === 1 ? "" : "s"} written${skipped}.`;
}
