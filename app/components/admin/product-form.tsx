import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FieldError } from "~/components/field-error";
import { UPLOAD_TYPES } from "~/lib/constants";
import { productFieldsOf, productFormValues, type ProductFieldsInCents } from "~/lib/schemas/admin-products";
import { Price } from "~/components/price";
import { AdminCard, adminInput, adminLabel, primaryButton } from "./ui";

/**
 * The product form of `/admin/products/new` and `/admin/products/{id}`: every field of a product,
 * its images (in order, each with its position and a "Remove" box; the first is the main image) and
 * a file input for new ones. It posts as multipart, works without JavaScript, and shows the
 * server's messages under the fields with what was typed kept.
 */

/** A product as the form starts from it: its editable fields (money in cents, as the loader gives it) and the version shown. */
export type ProductFormProduct = ProductFieldsInCents & { version: number };

type Errors = Record<string, string[] | undefined>;

/** The values the form starts from: what was typed (after a refusal), else the product's, else blank. */
function startingValues(
  product: ProductFormProduct | null,
  typed: Record<string, string> | undefined,
): Record<string, string> {
  if (typed) return typed;
  if (!product) return { stock: "0", images: "" };
  return { ...productFormValues(productFieldsOf(product)), version: String(product.version) };
}

function Field({
  name,
  label,
  hint,
  errors,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  errors: Errors;
  children: (props: Record<string, unknown>) => ReactNode;
}) {
  const messages = errors[name];
  const describedBy = [hint ? `${name}-hint` : null, messages?.length ? `${name}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <label htmlFor={name} className={adminLabel}>
        {label}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {children({
        id: name,
        name,
        className: `${adminInput} mt-1`,
        "aria-invalid": messages?.length ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      <FieldError id={`${name}-error`} messages={messages} />
    </div>
  );
}

/** A product with options: its price, sale price and stock are its variants' (shown, not edited here). */
function VariantFigures({ values, fromCents }: { values: Record<string, string>; fromCents: number }) {
  return (
    <div className="mt-4">
      {(["price", "sale_price", "stock"] as const).map((name) => (
        <input key={name} type="hidden" name={name} value={values[name] ?? ""} />
      ))}
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className={adminLabel}>Price</dt>
          <dd className="mt-1 text-gray-900">
            From <Price cents={fromCents} />
          </dd>
        </div>
        <div>
          <dt className={adminLabel}>Stock</dt>
          <dd className="mt-1 text-gray-900">{values.stock} in total</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-gray-600">
        This product has options: its variants set its prices and stock (see Variants below).
      </p>
    </div>
  );
}

export function ProductForm({
  product,
  categories,
  errors = {},
  typed,
  submitLabel,
  variantsSet = null,
}: {
  product: ProductFormProduct | null;
  categories: Array<{ id: number; name: string; is_active: boolean }>;
  errors?: Errors;
  typed?: Record<string, string>;
  submitLabel: string;
  /** For a product with options: the lowest unit price of its variants, in cents (its figures are theirs). */
  variantsSet?: { fromCents: number } | null;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const values = startingValues(product, typed);
  const images = (values.images ?? "").split("\n").filter(Boolean);
  const text = (
    name: string,
    label: string,
    extra: { hint?: string; inputMode?: "decimal" | "numeric"; required?: boolean } = {},
  ) => (
    <Field name={name} label={label} hint={extra.hint} errors={errors}>
      {(props) => (
        <input
          type="text"
          {...props}
          inputMode={extra.inputMode}
          defaultValue={values[name] ?? ""}
          aria-required={extra.required || undefined}
        />
      )}
    </Field>
  );
  const checkbox = (name: "is_featured" | "is_addon", label: string) => (
    <>
      <label className="mt-4 flex items-center gap-2 text-sm text-gray-800">
        <input type="checkbox" name={name} value="1" defaultChecked={values[name] === "1" || values[name] === "on"} />{" "}
        {label}
      </label>
      <FieldError id={`${name}-error`} messages={errors[name]} />
    </>
  );
  const formErrors = errors._form;
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="mt-6 grid gap-6">
      <input type="hidden" name="intent" value="save" />
      {product ? <input type="hidden" name="version" value={values.version ?? String(product.version)} /> : null}
      {formErrors?.length ? <FieldError id="product-form-error" messages={formErrors} alert /> : null}

      <AdminCard id="product-details" title="Details">
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {text("name", "Name", { required: true })}
          {text("sku", "SKU", { required: true, hint: "Unique: no two products share one." })}
          {text("slug", "Slug", {
            hint: "The product's address, /product/{slug}. Leave it empty to make it from the name.",
          })}
          <Field name="category_id" label="Category" errors={errors}>
            {(props) => (
              <select {...props} defaultValue={values.category_id ?? ""}>
                <option value="">No category</option>
                {categories.map((category) => (
                  <option key={category.id} value={String(category.id)}>
                    {category.name}
                    {category.is_active ? "" : " (hidden)"}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="sm:col-span-2">
            <Field
              name="short_description"
              label="Short description"
              hint="One or two sentences for the product lists."
              errors={errors}
            >
              {(props) => <textarea {...props} rows={2} defaultValue={values.short_description ?? ""} />}
            </Field>
          </div>
          <div className="sm:col-span-2">
            <Field name="description" label="Description" errors={errors}>
              {(props) => <textarea {...props} rows={6} defaultValue={values.description ?? ""} />}
            </Field>
          </div>
        </div>
      </AdminCard>

      <AdminCard id="product-pricing" title="Price and stock">
        {variantsSet ? (
          <VariantFigures values={values} fromCents={variantsSet.fromCents} />
        ) : (
          <div className="mt-4 grid gap-4 sm:grid-cols-3">
            {text("price", "Price", {
              inputMode: "decimal",
              required: true,
              hint: "In the shop's currency, e.g. 24.99.",
            })}
            {text("sale_price", "Sale price", { inputMode: "decimal", hint: "Optional; must be below the price." })}
            {text("stock", "Stock", { inputMode: "numeric", hint: "Pieces on hand." })}
          </div>
        )}
        {checkbox("is_featured", "Featured (shown among the gift picks on the home page)")}
        {checkbox("is_addon", "Add-on (offered beside bouquets on the cart and checkout)")}
      </AdminCard>

      <AdminCard id="product-images" title="Images">
        <p className="mt-1 text-sm text-gray-600">
          The first image is the main image. Change the positions to reorder them.
        </p>
        {images.length ? (
          <ol className="mt-4 grid gap-3 sm:grid-cols-2">
            {images.map((url, index) => (
              <li key={url} className="flex items-center gap-3 rounded-xl border border-bloom-100 p-3">
                <img
                  src={url}
                  alt={`Position ${index + 1}`}
                  width={80}
                  height={80}
                  className="h-20 w-20 rounded-lg object-cover"
                />
                <input type="hidden" name="images" value={url} />
                <div className="grid gap-2 text-sm">
                  <div className="flex items-center gap-2">
                    <label htmlFor={`image-order-${index}`} className="text-gray-800">
                      Position
                    </label>
                    <input
                      id={`image-order-${index}`}
                      name="image_order"
                      type="number"
                      min={1}
                      defaultValue={index + 1}
                      className={`${adminInput} w-20`}
                    />
                    {index === 0 ? (
                      <span className="rounded-full bg-bloom-100 px-2 py-0.5 text-xs text-bloom-800">Main image</span>
                    ) : null}
                  </div>
                  <label className="flex items-center gap-2 text-gray-800">
                    <input type="checkbox" name="image_remove" value={url} /> Remove
                  </label>
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-3 text-sm text-gray-700">No images yet: the shop shows a placeholder.</p>
        )}
        <FieldError id="images-error" messages={errors.images} />
        <div className="mt-4">
          <label htmlFor="image_files" className={adminLabel}>
            Add images
          </label>
          <p id="image_files-hint" className="text-xs text-gray-600">
            JPEG, PNG or WebP, at most 5 MB each; several at once. They are added after the current images.
          </p>
          <input
            id="image_files"
            name="image_files"
            type="file"
            multiple
            accept={UPLOAD_TYPES.join(",")}
            aria-invalid={errors.image_files?.length ? true : undefined}
            aria-describedby={errors.image_files?.length ? "image_files-hint image_files-error" : "image_files-hint"}
            className="mt-1 block w-full text-sm text-gray-800 file:mr-3 file:rounded-full file:border-0 file:bg-bloom-100 file:px-4 file:py-2 file:text-bloom-800"
          />
          <FieldError id="image_files-error" messages={errors.image_files} />
        </div>
      </AdminCard>

      <AdminCard id="product-more" title="Shipping, colours and search">
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {text("weight", "Weight (grams)", { inputMode: "numeric" })}
          {text("dimensions", "Dimensions", { hint: "e.g. 38 x 24 x 20 cm" })}
          {text("colors", "Colours", { hint: "Separated by commas, e.g. pink, white." })}
          {text("meta_keywords", "Meta keywords", { hint: "Separated by commas, for search engines." })}
        </div>
      </AdminCard>

      <div>
        <button type="submit" className={primaryButton} disabled={saving} aria-busy={saving || undefined}>
          {saving ? "Saving…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}
