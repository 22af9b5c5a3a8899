import { z } from "zod";
import { wireShape } from "./wire";

const SettingValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.unknown()),
  z.record(z.string(), z.unknown()),
]);

/** A setting as GET and PUT /api/admin/settings answer it: its value typed as its type says. */
export const AdminSettingSchema = z
  .object({
    key: z.string(),
    value: SettingValueSchema,
    type: z.enum(["string", "number", "boolean", "json"]),
    group: z.string(),
    is_public: z.boolean(),
    description: z.string(),
  })
  .meta({ id: "AdminSetting" });
export type AdminSettingJson = z.output<typeof AdminSettingSchema>;

export const adminSettingJson = wireShape(AdminSettingSchema);

/** A home page section as the back office reads it: the spec's "Home data" shape in `data`. */
export const AdminHomeSectionSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    is_active: z.boolean(),
    sort_order: z.number().int(),
    editable: z.boolean().meta({ description: "Whether PUT /api/admin/home-sections/{key} can change it." }),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "AdminHomeSection" });
export type AdminHomeSectionJson = z.output<typeof AdminHomeSectionSchema>;

export const adminHomeSectionJson = wireShape(AdminHomeSectionSchema);
