import { Form, useActionData, useNavigation } from "@remix-run/react";
import { TextField, type FieldErrors } from "~/components/form";
import type { CategoryFields } from "~/lib/schemas/admin-catalogue";
import { FieldError } from "~/components/field-error";
import type { FormFailure } from "~/http/pages/forms.server";
import { ImageField } from "./image-field";
import { adminInput, adminLabel, primaryButton } from "./ui";

/** The category the form starts from: its fields, and the version shown when editing. */
export type CategoryFormValues = CategoryFields & { version?: number };

/**
 * A category's fields (create and edit): name, slug (made from the name when empty), description,
 * icon, order, shown in the shop, and its image (uploaded with the form: multipart). A form the
 * action sent back with mistakes shows its messages and the values as they were typed.
 */
export function CategoryForm({
  category,
  submitLabel,
  intent,
}: {
  category: CategoryFormValues;
  submitLabel: string;
  intent: "create" | "update";
}) {
  const failure = useActionData<FormFailure>();
  const typed = failure?.values;
  const errors: FieldErrors | undefined = failure?.errors;
  const busy = useNavigation().state === "submitting";
  const value = (name: keyof CategoryFormValues) => typed?.[name] ?? String(category[name] ?? "");
  const active = typed ? typed.is_active === "on" : category.is_active;
  const image = typed ? typed.image || null : category.image;
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="mt-4 grid gap-4" aria-label={submitLabel}>
      <input type="hidden" name="intent" value={intent} />
      {category.version !== undefined ? (
        <input type="hidden" name="version" value={typed?.version ?? String(category.version)} />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label="Name" required maxLength={100} defaultValue={value("name")} errors={errors} />
        <div>
          <TextField
            name="slug"
            label="Slug"
            maxLength={100}
            defaultValue={value("slug")}
            errors={errors}
            aria-describedby={errors?.slug?.length ? "slug-error" : "slug-hint"}
          />
          <p id="slug-hint" className="mt-1 text-xs text-gray-600">
            The address: /categories/<em>slug</em>. Leave it empty to make it from the name.
          </p>
        </div>
      </div>
      <div>
        <label htmlFor="description" className={adminLabel}>
          Description
        </label>
        <textarea
          id="description"
          name="description"
          rows={3}
          maxLength={1000}
          defaultValue={value("description")}
          className={`${adminInput} mt-1`}
          aria-invalid={errors?.description?.length ? true : undefined}
          aria-describedby={errors?.description?.length ? "description-error" : undefined}
        />
        <FieldError id="description-error" messages={errors?.description} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="icon"
          label="Icon (an emoji or a short name)"
          maxLength={50}
          defaultValue={value("icon")}
          errors={errors}
        />
        <TextField
          name="sort_order"
          label="Order in the shop (lowest first)"
          type="number"
          min={0}
          inputMode="numeric"
          defaultValue={value("sort_order")}
          errors={errors}
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-gray-900">
        <input
          type="checkbox"
          name="is_active"
          defaultChecked={active}
          className="h-4 w-4 rounded border-gray-300 accent-bloom-600"
        />
        Shown in the shop
      </label>
      <ImageField name="image" label="Image" current={image} errors={errors} />
      <div>
        <button type="submit" className={primaryButton} disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
