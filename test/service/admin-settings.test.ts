import { beforeAll, describe, expect, it } from "vitest";
import { listHomeSections, listSettings, updateHomeSection, updateSettings } from "~/services/admin/settings.server";
import { ValidationError } from "~/services/errors";
import { createTestDb, type TestDb } from "./db";
import { rejection } from "./fixtures";

let t: TestDb;
const owner = { id: 1, name: "Olive Owner", email: "owner@twistbloom.test" };

const auditRows = async (entity: string) =>
  (
    await t.client.execute({
      sql: "SELECT entity_id, summary, changes, actor_email FROM audit_log WHERE entity = ? ORDER BY id",
      args: [entity],
    })
  ).rows;

beforeAll(async () => {
  t = await createTestDb();
});

describe("updateSettings", () => {
  it("checks each value against its setting's type, naming every bad key, and writes nothing then", async () => {
    const before = await listSettings(t.db);
    const error = await rejection(
      updateSettings(t.db, owner, {
        currency_decimal_places: "2.5",
        feature_wishlist: "yes",
        social_facebook: "ftp://example.com",
        contact_email: "hello@",
        site_name: "   ",
        invented_key: "x",
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).errors).sort()).toEqual(
      [
        "contact_email",
        "currency_decimal_places",
        "feature_wishlist",
        "invented_key",
        "site_name",
        "social_facebook",
      ].sort(),
    );
    expect(await listSettings(t.db)).toEqual(before);
    expect(await auditRows("setting")).toHaveLength(0);
  });

  it("refuses a mail body retention outside 1 to 3650 whole days", async () => {
    for (const [value, message] of [
      ["0", "Keep sent emails' bodies for (days) must be at least 1"],
      ["3651", "Keep sent emails' bodies for (days) may not be greater than 3650"],
      ["7.5", "Keep sent emails' bodies for (days) must be a whole number"],
    ] as const) {
      const error = await rejection(updateSettings(t.db, owner, { mail_body_retention_days: value }));
      expect((error as ValidationError).errors).toEqual({ mail_body_retention_days: [message] });
    }
  });

  it("stores each type in its form (numbers, booleans, text) and writes only what changed, one audit row a key", async () => {
    const { changed, settings } = await updateSettings(t.db, owner, {
      currency_decimal_places: "0",
      feature_wishlist: "false",
      contact_hours: "  Every day, 8AM to 8PM  ",
      site_name: "Twistbloom",
    });
    expect(changed.sort()).toEqual(["contact_hours", "currency_decimal_places", "feature_wishlist"]);
    const byKey = Object.fromEntries(settings.map((s) => [s.key, s.value]));
    expect(byKey).toMatchObject({
      currency_decimal_places: 0,
      feature_wishlist: false,
      contact_hours: "Every day, 8AM to 8PM",
    });
    const rows = await auditRows("setting");
    expect(rows.map((row) => row.entity_id).sort()).toEqual([
      "contact_hours",
      "currency_decimal_places",
      "feature_wishlist",
    ]);
    expect(rows.every((row) => row.actor_email === owner.email)).toBe(true);
    // The same values again change nothing and record nothing.
    expect(
      (await updateSettings(t.db, owner, { currency_decimal_places: 0, feature_wishlist: false })).changed,
    ).toEqual([]);
    expect(await auditRows("setting")).toHaveLength(3);
  });
});

describe("updateHomeSection", () => {
  it("checks a section's shape, and keeps the fields a change leaves out", async () => {
    const error = await rejection(
      updateHomeSection(t.db, owner, "faq", { items: [{ question: "", answer: "An answer" }] }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).errors)).toContain("items.0.question");
    const { changed } = await updateHomeSection(t.db, owner, "faq", {
      items: [{ question: "Do you ship abroad?", answer: "Yes, to every country we list at checkout." }],
    });
    expect(changed).toEqual(["items"]);
    const faq = (await listHomeSections(t.db)).find((s) => s.key === "faq")!;
    expect(faq.data.items).toEqual([
      { question: "Do you ship abroad?", answer: "Yes, to every country we list at checkout." },
    ]);
    expect(faq.data.title).toBe("Frequently Asked Questions");
    expect((await auditRows("home_section")).map((row) => row.entity_id)).toEqual(["faq"]);
  });

  it("refuses occasions that name no category", async () => {
    const error = await rejection(
      updateHomeSection(t.db, owner, "shop_by_occasion", {
        categories: [{ name: "Moon", icon: "🌙", slug: "no-such-category" }],
      }),
    );
    expect((error as ValidationError).errors).toHaveProperty(["categories.0.slug"]);
  });
});
