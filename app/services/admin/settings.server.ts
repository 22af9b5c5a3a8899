import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { categories, homeSections, settings } from "../../../db/schema";
import { changes } from "../../lib/cache-tags";
import {
  checkSettingValue,
  groupLabel,
  groupOrder,
  HOME_SECTION_FORMS,
  HOME_SECTION_SCHEMAS,
  isHomeSectionKey,
  LIST_SETTING_KEYS,
  listText,
  SETTING_CHOICES,
  SETTING_GROUPS,
  SETTINGS_MESSAGES,
  settingInput,
  settingLabel,
  type HomeSectionKey,
  type SettingInput,
  type SettingType,
} from "../../lib/schemas/admin-settings";
import { fieldErrors } from "../../lib/schemas/query";
import { bumpTags } from "../cache-tags.server";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { guardBroken, guardStatement } from "../sql";
import { parseSettingValue, type SettingValue } from "../settings.server";
import { auditEntry, auditRecords, changesBetween, recentAuditOf, type Actor, type AuditRecord } from "../audit.server";
import { type AdminHomeSectionJson } from "../serializers/admin-setting";

/**
 * The back office's settings and home sections: every setting with the control it is edited
 * with, grouped as the seed groups them; changes checked against each setting's type and written
 * in one batch with their cache tags (the shop shows them at once) and their audit rows.
 */

export interface AdminSetting {
  key: string;
  label: string;
  /** The value as its type says (a number, true or false, parsed JSON, text). */
  value: SettingValue;
  /** The value as a form shows it (JSON indented, a list's items one a line). */
  text: string;
  type: SettingType;
  group: string;
  is_public: boolean;
  description: string;
  input: SettingInput;
  choices?: ReadonlyArray<{ value: string; label: string }>;
}

export interface SettingGroup {
  key: string;
  label: string;
  description: string;
  settings: AdminSetting[];
}

const settingColumns = {
  key: settings.key,
  value: settings.value,
  type: settings.type,
  group: settings.group,
  isPublic: settings.isPublic,
  description: settings.description,
};

type SettingRow = {
  key: string;
  value: string;
  type: SettingType;
  group: string;
  isPublic: boolean;
  description: string;
};

const allSettings = (db: Database) =>
  db.select(settingColumns).from(settings).orderBy(asc(settings.group), asc(settings.id));

function formText(row: SettingRow, value: SettingValue): string {
  if (LIST_SETTING_KEYS.includes(row.key) && Array.isArray(value)) return listText(value);
  if (row.type === "json") return value === null ? row.value : JSON.stringify(value, null, 2);
  if (row.type === "boolean") return value ? "true" : "false";
  return row.type === "number" && value !== null ? String(value) : row.value;
}

function toAdminSetting(row: SettingRow): AdminSetting {
  const value = parseSettingValue(row);
  const choices = SETTING_CHOICES[row.key];
  return {
    key: row.key,
    label: settingLabel(row.key),
    value,
    text: formText(row, value),
    type: row.type,
    group: row.group,
    is_public: row.isPublic,
    description: row.description,
    input: settingInput(row.key, row.type),
    ...(choices ? { choices } : {}),
  };
}

/** The settings in the page's order: by group (site, contact, social, SEO...), then as seeded. */
function ordered(rows: SettingRow[]): AdminSetting[] {
  return rows
    .map(toAdminSetting)
    .sort(
      (a, b) =>
        groupOrder(a.group) - groupOrder(b.group) ||
        (groupOrder(a.group) === SETTING_GROUPS.length ? a.group.localeCompare(b.group) : 0),
    );
}

export function groupSettingsForAdmin(list: AdminSetting[]): SettingGroup[] {
  const groups: SettingGroup[] = [];
  for (const setting of list) {
    let group = groups.find((known) => known.key === setting.group);
    if (!group) {
      const known = SETTING_GROUPS.find((candidate) => candidate.key === setting.group);
      group = {
        key: setting.group,
        label: groupLabel(setting.group),
        description: known?.description ?? "",
        settings: [],
      };
      groups.push(group);
    }
    group.settings.push(setting);
  }
  return groups;
}

/** Every setting, public or not. */
export async function listSettings(db: Database): Promise<AdminSetting[]> {
  return ordered(await allSettings(db));
}

/** The settings page: the settings by group and the latest changes to them, in one round trip. */
export async function settingsPage(db: Database): Promise<{ groups: SettingGroup[]; audit: AuditRecord[] }> {
  const [rows, audit] = await db.batch([allSettings(db), recentAuditOf(db, "setting", undefined, 15)]);
  return { groups: groupSettingsForAdmin(ordered(rows)), audit: auditRecords(audit) };
}

const short = (value: unknown) => {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  const line = text.replace(/\s+/g, " ");
  return `"${line.length > 60 ? `${line.slice(0, 57)}...` : line}"`;
};

/**
 * Changes settings: `values` maps keys to new values (form text or typed JSON values). Every value
 * is checked first (an unknown key or a bad value is a 422 naming each key, and nothing is
 * written); then only the keys whose value differs are written, in one batch with the settings'
 * cache tags and one audit row per changed key (entity `setting`, id = the key). Answers every
 * setting as it now stands and the keys that changed.
 */
export async function updateSettings(
  db: Database,
  actor: Actor,
  values: Record<string, unknown>,
): Promise<{ settings: AdminSetting[]; changed: string[] }> {
  const rows = await allSettings(db);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const errors: Record<string, string[]> = {};
  const updates: Array<{ row: SettingRow; value: string }> = [];
  for (const [key, raw] of Object.entries(values)) {
    const row = byKey.get(key);
    if (!row) {
      errors[key] = [SETTINGS_MESSAGES.unknownSetting(key)];
      continue;
    }
    const checked = checkSettingValue(row, raw);
    if (!checked.ok) {
      errors[key] = [checked.message];
      continue;
    }
    const before = parseSettingValue(row);
    const after = parseSettingValue({ type: row.type, value: checked.value });
    if (JSON.stringify(before) !== JSON.stringify(after) || (row.type === "string" && row.value !== checked.value)) {
      updates.push({ row, value: checked.value });
    }
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  if (updates.length === 0) return { settings: ordered(rows), changed: [] };

  // Each write applies only to the value read, and a guard fails the batch unless every setting now
  // holds its new value: a change made meanwhile (two staff closing two days at once) is never lost.
  const writes = updates.map(({ row, value }) =>
    db
      .update(settings)
      .set({ value, updatedAt: new Date() })
      .where(and(eq(settings.key, row.key), eq(settings.value, row.value))),
  );
  const guards = updates.map(({ row, value }) =>
    guardStatement(
      db,
      "setting",
      sql`(SELECT ${settings.value} FROM ${settings} WHERE ${settings.key} = ${row.key}) IS NOT ${value}`,
    ),
  );
  const audits = updates.map(({ row, value }) => {
    const before = parseSettingValue(row);
    const after = parseSettingValue({ type: row.type, value });
    return auditEntry(db, actor, {
      action: "update",
      entity: "setting",
      entityId: row.key,
      summary: `${settingLabel(row.key)} changed from ${short(before)} to ${short(after)}`,
      changes: { value: [before, after] },
    });
  });
  const [first, ...rest] = writes;
  let results: unknown[];
  try {
    results = await db.batch([
      first!,
      ...rest,
      ...guards,
      bumpTags(db, changes.settingsChanged()),
      ...audits,
      allSettings(db),
    ]);
  } catch (error) {
    if (guardBroken(error)) throw new ConflictError(SETTINGS_MESSAGES.changedMeanwhile);
    throw error;
  }
  const after = results[results.length - 1] as SettingRow[];
  return { settings: ordered(after), changed: updates.map(({ row }) => row.key) };
}

// ---------------------------------------------------------------- home sections

/** A home page section as the back office reads it: the API's shape. */
export type AdminHomeSection = AdminHomeSectionJson;

const sectionColumns = {
  key: homeSections.key,
  data: homeSections.data,
  isActive: homeSections.isActive,
  sortOrder: homeSections.sortOrder,
};
type SectionRow = { key: string; data: unknown; isActive: boolean; sortOrder: number };

const allSections = (db: Database) =>
  db.select(sectionColumns).from(homeSections).orderBy(asc(homeSections.sortOrder), asc(homeSections.key));

function dataOf(row: Pick<SectionRow, "data">): Record<string, unknown> {
  let data = row.data;
  if (typeof data === "string") {
    try {
      data = JSON.parse(data);
    } catch {
      data = {};
    }
  }
  return data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

function toAdminSection(row: SectionRow): AdminHomeSection {
  const editable = isHomeSectionKey(row.key);
  return {
    key: row.key,
    label: editable ? HOME_SECTION_FORMS[row.key as HomeSectionKey].label : settingLabel(row.key),
    is_active: row.isActive,
    sort_order: row.sortOrder,
    editable,
    data: dataOf(row),
  };
}

/** Every home section (shown or not), in the page's order, with its stored data. */
export async function listHomeSections(db: Database): Promise<AdminHomeSection[]> {
  return (await allSections(db)).map(toAdminSection);
}

/** The home sections page: the sections and the latest changes to them, in one round trip. */
export async function homeSectionsPage(db: Database): Promise<{ sections: AdminHomeSection[]; audit: AuditRecord[] }> {
  const [rows, audit] = await db.batch([allSections(db), recentAuditOf(db, "home_section", undefined, 15)]);
  return { sections: rows.map(toAdminSection), audit: auditRecords(audit) };
}

/**
 * Replaces a home section's fields: `body` is checked with the section's shape (fields it leaves
 * out keep their value); occasions must name existing categories. Written in one batch with the
 * home page's cache tag and an audit row (entity `home_section`, id = the key). Unknown key: 404;
 * bad data: 422 with the messages by field (`items.0.question`).
 */
export async function updateHomeSection(
  db: Database,
  actor: Actor,
  key: string,
  body: Record<string, unknown>,
): Promise<{ section: AdminHomeSection; changed: string[] }> {
  if (!isHomeSectionKey(key)) throw new NotFoundError(SETTINGS_MESSAGES.unknownSection);
  const [row] = await db.select(sectionColumns).from(homeSections).where(eq(homeSections.key, key)).limit(1);
  if (!row) throw new NotFoundError(SETTINGS_MESSAGES.unknownSection);
  const before = dataOf(row);
  const parsed = HOME_SECTION_SCHEMAS[key].safeParse({ ...before, ...body });
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
  const fields = parsed.data as Record<string, unknown>;

  if (key === "shop_by_occasion") {
    const occasions = fields.categories as Array<{ slug: string }>;
    const slugs = [...new Set(occasions.map((item) => item.slug))];
    const known = new Set(
      (await db.select({ slug: categories.slug }).from(categories).where(inArray(categories.slug, slugs))).map(
        (category) => category.slug,
      ),
    );
    const errors: Record<string, string[]> = {};
    occasions.forEach((item, index) => {
      if (!known.has(item.slug)) errors[`categories.${index}.slug`] = ["There is no category with this slug"];
    });
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  const data = { ...before, ...fields };
  const changed = changesBetween(before, fields);
  const names = Object.keys(changed);
  if (names.length === 0) return { section: toAdminSection(row), changed: [] };
  const label = HOME_SECTION_FORMS[key].label;
  const fieldLabels = names.map((name) => {
    const form = HOME_SECTION_FORMS[key];
    return (
      form.fields.find((field) => field.name === name)?.label ?? (form.list?.name === name ? form.list.label : name)
    );
  });
  await db.batch([
    db.update(homeSections).set({ data }).where(eq(homeSections.key, key)),
    bumpTags(db, changes.homeChanged()),
    auditEntry(db, actor, {
      action: "update",
      entity: "home_section",
      entityId: key,
      summary: `Home page's ${label} section: ${fieldLabels.join(", ")} changed`,
      changes: changed,
    }),
  ]);
  return { section: toAdminSection({ ...row, data }), changed: names };
}
