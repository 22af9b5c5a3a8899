import { and, asc, between, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { homeSections, occasions, users } from "../../db/schema";
import { OCCASION_MESSAGES } from "../lib/form-messages";
import {
  dueOccurrence,
  nextOccurrence,
  occasionDateLabel,
  occasionRemovalPath,
  OCCASION_REMINDER_DAYS,
  OCCASIONS_MAX,
  occurrenceLabel,
  reminderWindow,
  windowMonths,
  type OccasionDate,
} from "../lib/occasions";
import { shopClock } from "../lib/delivery";
import { occasionSchema, type OccasionInput } from "../lib/schemas/occasions";
import { fieldErrors } from "../lib/schemas/field-errors";
import { readDeliveryRules } from "./delivery.server";
import { ConflictError, NotFoundError, ValidationError } from "./errors";
import { mailShop, type MailContext } from "./mail/context";
import { isMailable } from "./mail/outbox.server";
import {
  mayMailSql,
  retentionEnabled,
  retentionMailStatements,
  unsubscribeMarkFor,
  type RetentionSigner,
} from "./mail/retention.server";
import { secretMark } from "./mail/sealed.server";
import { occasionReminderMail } from "./mail/templates/occasion-reminder";
import { readNumberSetting } from "./settings.server";
import { insertOneIf, isoDate } from "./sql";

/**
 * The occasions a signed-in shopper saves on their profile (a name, a day, every year or once), and
 * the daily job that mails a reminder some days before each (docs/decisions/037: a return mail,
 * through the gate of app/services/mail/retention.server.ts). At most 20 per shopper. A one-time
 * occasion once past is removed by the job: it will never be reminded of again, and the shop keeps
 * no personal dates it has no use for.
 */

export const OCCASION_REMINDER_DAYS_SETTING = "occasion_reminder_days";

/** An occasion as the profile and the API show it. */
export interface OccasionView extends OccasionDate {
  id: number;
  name: string;
  /** "14 February, every year", "3 June 2027". */
  date_label: string;
  /** Its next day (`YYYY-MM-DD`, the shop's time zone); null once a one-time occasion is past. */
  next_date: string | null;
  created_at: string | null;
}

const columns = {
  id: occasions.id,
  name: occasions.name,
  month: occasions.month,
  day: occasions.day,
  year: occasions.year,
  repeats: occasions.repeats,
  createdAt: occasions.createdAt,
};
type Row = Awaited<ReturnType<ReturnType<typeof selectOwn>>>[number];

const selectOwn = (db: Database) => (userId: number) =>
  db.select(columns).from(occasions).where(eq(occasions.userId, userId));

function toView(row: Row, today: string): OccasionView {
  const date: OccasionDate = { month: row.month, day: row.day, year: row.year, repeats: row.repeats };
  return {
    id: row.id,
    name: row.name,
    ...date,
    date_label: occasionDateLabel(date),
    next_date: nextOccurrence(date, today),
    created_at: isoDate(row.createdAt),
  };
}

/** The shopper's occasions, the next one first (a past one-time occasion last). */
export async function listOccasions(db: Database, userId: number, today: string): Promise<OccasionView[]> {
  const rows = await selectOwn(db)(userId);
  return rows
    .map((row) => toView(row, today))
    .sort((a, b) => (a.next_date ?? "9999").localeCompare(b.next_date ?? "9999") || a.id - b.id);
}

/** The reminder's settings: how many days before (the `occasion_reminder_days` setting), and whether they go at all. */
export async function occasionReminderSettings(db: Database): Promise<{ days: number; enabled: boolean }> {
  const [days, enabled] = await Promise.all([
    readNumberSetting(db, OCCASION_REMINDER_DAYS_SETTING, OCCASION_REMINDER_DAYS),
    retentionEnabled(db, "occasion_reminder"),
  ]);
  return { days, enabled };
}

function parseOccasion(values: Record<string, unknown>, today: string): OccasionInput {
  const parsed = occasionSchema(today).safeParse(values);
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error), OCCASION_MESSAGES.formErrors);
  return parsed.data;
}

const stored = (input: OccasionInput) => ({
  name: input.name,
  month: input.month,
  day: input.day,
  year: input.repeats === "once" ? input.year : null,
  repeats: input.repeats,
});

/** Saves a new occasion (422 with the fields' messages; 409 past the 20th, counted in the same statement). */
export async function addOccasion(
  db: Database,
  userId: number,
  values: Record<string, unknown>,
  today: string,
): Promise<OccasionView> {
  const input = parseOccasion(values, today);
  const [row] = await insertOneIf(
    db,
    occasions,
    { userId, ...stored(input), createdAt: sql`unixepoch()`, updatedAt: sql`unixepoch()` },
    sql`(SELECT COUNT(*) FROM ${occasions} WHERE ${occasions.userId} = ${userId}) < ${OCCASIONS_MAX}`,
  ).returning(columns);
  if (!row) throw new ConflictError(OCCASION_MESSAGES.tooMany);
  return toView(row, today);
}

/** One of the shopper's occasions (another's is not found). */
async function ownOccasion(db: Database, userId: number, id: number): Promise<Row> {
  const [row] = await db
    .select(columns)
    .from(occasions)
    .where(and(eq(occasions.id, id), eq(occasions.userId, userId)));
  if (!row) throw new NotFoundError(OCCASION_MESSAGES.notFound);
  return row;
}

/**
 * Changes an occasion: the fields given replace the saved ones, the whole checked again. Its
 * reminder follows the new day (one already sent for the same day is not sent again).
 */
export async function updateOccasion(
  db: Database,
  userId: number,
  id: number,
  values: Record<string, unknown>,
  today: string,
): Promise<OccasionView> {
  const current = await ownOccasion(db, userId, id);
  const { createdAt: _createdAt, id: _id, ...saved } = current;
  const input = parseOccasion({ ...saved, ...values }, today);
  const [row] = await db
    .update(occasions)
    .set({ ...stored(input), updatedAt: new Date() })
    .where(and(eq(occasions.id, id), eq(occasions.userId, userId)))
    .returning(columns);
  if (!row) throw new NotFoundError(OCCASION_MESSAGES.notFound);
  return toView(row, today);
}

/** Removes one of the shopper's occasions; false when it was not theirs or already gone. */
export async function removeOccasion(db: Database, userId: number, id: number): Promise<boolean> {
  const removed = await db
    .delete(occasions)
    .where(and(eq(occasions.id, id), eq(occasions.userId, userId)))
    .returning({ id: occasions.id });
  return removed.length > 0;
}

// ---------------------------------------------------------------- removed in one click, from the mail

/** `<id>.<HMAC-SHA256 of occasion:<id>, base64url>`: ids are never reused (AUTOINCREMENT), so the link names one occasion for good. */
const REMOVAL_TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;
const removalValue = (id: number) => `occasion:${id}`;

export async function occasionRemovalToken(signer: RetentionSigner, id: number): Promise<string> {
  return `${id}.${await signer.sign(removalValue(id))}`;
}

/** The occasion a removal token names, if its signature holds; else null. Reads nothing. */
export async function readRemovalToken(signer: RetentionSigner, token: string): Promise<number | null> {
  const match = REMOVAL_TOKEN.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  return (await signer.verify(removalValue(id), match[2]!)) ? id : null;
}

export type RemovalTarget =
  { status: "invalid" } | { status: "gone" } | { status: "found"; name: string; date_label: string };

/** What a removal link would remove (the page shows it before its button): nothing changes. */
export async function removalTarget(db: Database, signer: RetentionSigner, token: string): Promise<RemovalTarget> {
  const id = await readRemovalToken(signer, token);
  if (id === null) return { status: "invalid" };
  const [row] = await db.select(columns).from(occasions).where(eq(occasions.id, id));
  return row ? { status: "found", name: row.name, date_label: occasionDateLabel(row) } : { status: "gone" };
}

/** Removes the occasion a link names: `removed` with its name, `gone` when it was already, `invalid` for a forged link. */
export async function removeOccasionByLink(
  db: Database,
  signer: RetentionSigner,
  token: string,
): Promise<{ status: "invalid" } | { status: "gone" } | { status: "removed"; name: string }> {
  const id = await readRemovalToken(signer, token);
  if (id === null) return { status: "invalid" };
  const [row] = await db.delete(occasions).where(eq(occasions.id, id)).returning({ name: occasions.name });
  return row ? { status: "removed", name: row.name } : { status: "gone" };
}

// ---------------------------------------------------------------- the daily reminders

/**
 * `reminded_for` holds the day last reminded of and this run's mark: the batch that writes the
 * mail stamps it first, and writes the mail only if the row carries this very stamp.
 */
const remindedStamp = (occurrence: string, run: string) => `${occurrence} ${run}`;
const remindedDay = (stamp: string | null) => stamp?.slice(0, 10) ?? null;

/** Lower case words, apostrophes dropped: "Mum's Mother's Day" -> "mums mothers day". */
const words = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/['\u2019]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()} `;

/** The home page's occasion categories ("Shop by Occasion"): an occasion named after one links to it. */
async function occasionCategories(db: Database): Promise<Array<{ name: string; url: string }>> {
  const [section] = await db
    .select({ data: homeSections.data, active: homeSections.isActive })
    .from(homeSections)
    .where(eq(homeSections.key, "shop_by_occasion"));
  const listed = (section?.active ? (section.data as { categories?: unknown }).categories : null) ?? [];
  return Array.isArray(listed)
    ? listed.filter(
        (item): item is { name: string; url: string } =>
          typeof item?.name === "string" && typeof item?.url === "string" && item.url.startsWith("/products"),
      )
    : [];
}

/** "/products?category=wedding" for "Sam's wedding", else "/products". */
export function shopPathFor(name: string, categories: Array<{ name: string; url: string }>): string {
  const found = categories.find((category) => words(name).includes(words(category.name)));
  return found?.url ?? "/products";
}

/** Reminders written in one batch (one round trip): a stamp and a mail each. */
const OCCASIONS_PER_BATCH = 50;

/**
 * The daily job: a reminder to each shopper whose occasion comes within `occasion_reminder_days`
 * (from tomorrow; today is the shop's date in its time zone), once per occasion and day. The
 * occasions are read by (month, day) on the index for the window, with their owners, in one
 * query; each mail is its stamp of `reminded_for`, then the mail through the return mails' gate,
 * written 50 mails to a batch. A mail the gate refuses (the address left, bounced, or had a return mail today)
 * leaves its occasion due: a later run tries again while it is still ahead. Past one-time
 * occasions are removed first. Answers what it did, as staff read it.
 */
export async function sendOccasionReminders(
  db: Database,
  mail: MailContext | null,
  signers: { unsubscribe: RetentionSigner; removal: RetentionSigner },
  now = new Date(),
): Promise<string> {
  const { days, enabled } = await occasionReminderSettings(db);
  if (!enabled) return "Switched off in the settings: nothing sent.";
  const today = shopClock(now, (await readDeliveryRules(db)).timeZone).date;
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const past = await db
    .delete(occasions)
    .where(
      and(
        eq(occasions.repeats, "once"),
        or(
          lt(occasions.year, year),
          and(eq(occasions.year, year), lt(occasions.month, month)),
          and(eq(occasions.year, year), eq(occasions.month, month), lt(occasions.day, day)),
        ),
      ),
    )
    .returning({ id: occasions.id });
  const removed = past.length ? ` ${past.length} past one-time occasion${past.length === 1 ? "" : "s"} removed.` : "";
  if (!mail) return `No mail written: the shop's address is not known (set SHOP_ORIGIN).${removed}`;

  const { from, to } = reminderWindow(today, days);
  const rows = await db
    .select({ ...columns, remindedFor: occasions.remindedFor, email: users.email, person: users.name })
    .from(occasions)
    .innerJoin(users, eq(users.id, occasions.userId))
    .where(
      and(
        or(
          ...windowMonths(from, to).map((run) =>
            and(
              eq(occasions.month, run.month),
              between(occasions.day, run.firstDay, run.lastDay),
              or(eq(occasions.repeats, "yearly"), eq(occasions.year, run.year)),
            ),
          ),
        ),
        isNull(users.deletedAt),
        isNull(users.disabledAt),
      ),
    )
    .orderBy(asc(occasions.id));
  const due = rows.flatMap((row) => {
    const occurrence = dueOccurrence(row, today, days);
    return occurrence && remindedDay(row.remindedFor) !== occurrence && isMailable(row.email)
      ? [{ ...row, occurrence }]
      : [];
  });
  if (due.length === 0) return `Nothing due: nothing sent.${removed}`;

  const shop = mailShop(mail);
  const categories = await occasionCategories(db);
  const run = crypto.randomUUID();
  let sent = 0;
  // Each reminder is its stamp then its mail; a round trip writes OCCASIONS_PER_BATCH of them.
  let statements: Array<BatchItem<"sqlite">> = [];
  let stamps: number[] = [];
  const write = async () => {
    if (statements.length === 0) return;
    const results = (await db.batch(statements as [BatchItem<"sqlite">, ...Array<BatchItem<"sqlite">>])) as unknown[];
    sent += stamps.filter((position) => (results[position] as unknown[]).length > 0).length;
    statements = [];
    stamps = [];
  };
  for (const occasion of due) {
    const stamp = remindedStamp(occasion.occurrence, run);
    const unsubscribe = await unsubscribeMarkFor(mail, signers.unsubscribe, occasion.email, "occasion_reminder");
    const removeMark = secretMark("remove_link");
    const removeLink = `${shop.origin}${occasionRemovalPath(await occasionRemovalToken(signers.removal, occasion.id))}`;
    const rendered = occasionReminderMail({
      shop,
      name: occasion.person,
      occasion: { name: occasion.name, date: occurrenceLabel(occasion.occurrence) },
      shopPath: shopPathFor(occasion.name, categories),
      removeLink: removeMark,
      unsubscribeLink: unsubscribe.mark,
    });
    stamps.push(statements.length);
    statements.push(
      db
        .update(occasions)
        .set({ remindedFor: stamp })
        .where(
          and(
            eq(occasions.id, occasion.id),
            or(isNull(occasions.remindedFor), sql`substr(${occasions.remindedFor}, 1, 10) <> ${occasion.occurrence}`),
            mayMailSql(occasion.email, "occasion_reminder", now),
          ),
        )
        .returning({ id: occasions.id }),
      ...(await retentionMailStatements(
        db,
        mail,
        {
          to: occasion.email,
          topic: "occasion_reminder",
          mail: rendered,
          unsubscribeMark: unsubscribe.mark,
          secrets: { ...unsubscribe.secrets, [removeMark]: removeLink },
        },
        {
          now,
          onlyIf: sql`EXISTS (SELECT 1 FROM ${occasions} WHERE ${occasions.id} = ${occasion.id} AND ${occasions.remindedFor} = ${stamp})`,
        },
      )),
    );
    if (stamps.length === OCCASIONS_PER_BATCH) await write();
  }
  await write();
  const held = due.length - sent;
  return `${sent} occasion reminder${sent === 1 ? "" : "s"} sent${held ? `, ${held} held back (unsubscribed, bounced or mailed today)` : ""}.${removed}`;
}
