import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage, adminPageError, adminPageMeta } from "~/components/admin/admin-page";
import { BookmarkNotice } from "~/components/admin/bookmark";
import {
  AdminTable,
  adminInput,
  adminLabel,
  cell,
  EmptyRow,
  primaryButton,
  secondaryButton,
} from "~/components/admin/ui";
import { FieldError } from "~/components/field-error";
import { Price } from "~/components/price";
import { filterValues } from "~/lib/admin-list";
import { PRODUCT_FILTERS } from "~/lib/schemas/admin-products";
import {
  BULK_PRICE_FIELDS,
  BULK_PRICE_LIMITS,
  BULK_PRICE_MESSAGES,
  BulkPriceSchema,
  type BulkPriceTarget,
} from "~/lib/schemas/bulk-price";
import { fieldErrors, queryRecord } from "~/lib/schemas/query";
import { currentBookmark } from "~/http/d1-bookmark.server";
import { adminAction, privateJson } from "~/http/pages/admin-pages.server";
import { readForm } from "~/http/pages/forms.server";
import { requireAdmin } from "~/http/pages/guards.server";
import {
  applyBulkPrice,
  bulkPriceOutcome,
  previewBulkPrice,
  type BulkPriceResult,
} from "~/services/admin/bulk-price.server";
import { ValidationError } from "~/services/errors";

export const meta = adminPageMeta("Change prices", "/admin/products/bulk-price");

/** The change's fields from an address or a form, as typed (the form shows them again). */
const valuesOf = (params: URLSearchParams) => filterValues(params, BULK_PRICE_FIELDS);
const addressOf = (path: string, values: Record<string, string>) => {
  const query = new URLSearchParams(Object.entries(values).filter(([, value]) => value !== "")).toString();
  return query ? `${path}?${query}` : path;
};

/**
 * GET /admin/products/bulk-price?{the list's filters}&target=&change=&value=&round_99=: the change's
 * form for the products the filters select; with a change asked, its preview (every variant's old
 * and new price, the refused ones with why; nothing written) and the database's bookmark.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  await requireAdmin(app, request);
  const params = new URL(request.url).searchParams;
  const values = valuesOf(params);
  const asked = params.has("target") || params.has("change") || params.has("value");
  const base = { values, errors: {} as Record<string, string[]>, preview: null, bookmark: null };
  if (!asked) return privateJson(base);
  const parsed = BulkPriceSchema.safeParse(queryRecord(params));
  if (!parsed.success) return privateJson({ ...base, errors: fieldErrors(parsed.error) });
  try {
    const preview = await previewBulkPrice(app.db, parsed.data);
    return privateJson({ ...base, preview, bookmark: await currentBookmark(app.env) });
  } catch (error) {
    if (error instanceof ValidationError) return privateJson({ ...base, errors: error.errors });
    throw error;
  }
}

/**
 * "Apply": the change worked out again from the same filters (never the preview's numbers) and
 * written in batches, audited; then back to the list as it was filtered, with how it went.
 */
export async function action(args: ActionFunctionArgs) {
  const { app, actor, toast } = await adminAction(args);
  const form = await readForm(args.request);
  const values = Object.fromEntries(BULK_PRICE_FIELDS.map((name) => [name, form[name] ?? ""]));
  const again = addressOf("/admin/products/bulk-price", values);
  const parsed = BulkPriceSchema.safeParse(form);
  if (!parsed.success) return toast.redirectWithError(again, Object.values(fieldErrors(parsed.error)).flat()[0]!);
  let result: BulkPriceResult;
  try {
    result = await applyBulkPrice(app.db, actor, parsed.data);
  } catch (error) {
    if (error instanceof ValidationError) return toast.redirectWithError(again, error.message);
    throw error;
  }
  if (result.variants === 0 && result.failed.length === 0)
    return toast.redirectWithError(again, BULK_PRICE_MESSAGES.nothing);
  const list = addressOf("/admin/products", filterValues(new URLSearchParams(values), PRODUCT_FILTERS));
  return result.failed.length
    ? toast.redirectWithError(list, bulkPriceOutcome(result))
    : toast.redirectWithSuccess(list, bulkPriceOutcome(result));
}

const TARGETS: Array<{ value: BulkPriceTarget; label: string }> = [
  { value: "price", label: "Price" },
  { value: "sale_price", label: "Sale price" },
];
const CHANGES = [
  { value: "percent", label: "By a percent" },
  { value: "amount", label: "By an amount" },
];

function Choice({
  name,
  legend,
  options,
  value,
  errors,
}: {
  name: string;
  legend: string;
  options: Array<{ value: string; label: string }>;
  value: string;
  errors?: string[];
}) {
  return (
    <fieldset aria-describedby={errors?.length ? `${name}-error` : undefined}>
      <legend className={adminLabel}>{legend}</legend>
      <div className="mt-2 flex gap-4">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm text-gray-800">
            <input type="radio" name={name} value={option.value} defaultChecked={value === option.value} />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} messages={errors} alert />
    </fieldset>
  );
}

/** Fields the form carries as they were typed (the list's filters; Apply's whole change). */
function HiddenFields({ names, values }: { names: readonly string[]; values: Record<string, string> }) {
  return names.map((name) =>
    values[name] ? <input key={name} type="hidden" name={name} value={values[name]} /> : null,
  );
}

export default function BulkPrice() {
  const { values, errors, preview, bookmark } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  const filters = PRODUCT_FILTERS.filter((name) => values[name]).map(
    (name) => `${name.replace("_", " ")}: ${values[name]}`,
  );
  const back = addressOf("/admin/products", filterValues(new URLSearchParams(values), PRODUCT_FILTERS));
  return (
    <AdminPage
      back={{ to: back, label: "Back to products" }}
      title="Change prices"
      description={`Every variant of the products the list's filters select (${filters.length ? filters.join(", ") : "all products"}), at most ${BULK_PRICE_LIMITS.variants.toLocaleString("en-US")} variants. Nothing is saved until you apply.`}
    >
      <Form method="get" noValidate className="mt-6 max-w-3xl space-y-4">
        <HiddenFields names={PRODUCT_FILTERS} values={values} />
        <FieldError id="filters-error" messages={errors.filters} alert />
        <Choice name="target" legend="Change" options={TARGETS} value={values.target} errors={errors.target} />
        <Choice name="change" legend="How" options={CHANGES} value={values.change} errors={errors.change} />
        <div>
          <label htmlFor="value" className={adminLabel}>
            Percent or amount (- to lower)
          </label>
          <input
            id="value"
            name="value"
            inputMode="decimal"
            defaultValue={values.value}
            className={`${adminInput} mt-1 max-w-40`}
            aria-describedby={errors.value?.length ? "value-error" : undefined}
          />
          <FieldError id="value-error" messages={errors.value} alert />
        </div>
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input type="checkbox" name="round_99" value="1" defaultChecked={values.round_99 === "1"} />
          End each new price in .99 (the nearest)
        </label>
        <button type="submit" className={secondaryButton}>
          Preview
        </button>
      </Form>
      {preview ? (
        <>
          <p className="mt-8 text-sm text-gray-800" data-summary>
            {`${preview.change}: ${preview.variants} variants of ${preview.products} products change, ${preview.refused} refused (left out), ${preview.unchanged} unchanged.`}
          </p>
          <AdminTable
            caption="Every variant whose price changes"
            head={["Product", "SKU", "Options", "Now", "New", "Problems"]}
          >
            {preview.rows.length === 0 ? (
              <EmptyRow columns={6}>No variant&apos;s price changes.</EmptyRow>
            ) : (
              preview.rows.map((row) => (
                <tr key={row.id} data-variant={row.sku}>
                  <td className={cell}>{row.product}</td>
                  <td className={`${cell} whitespace-nowrap`}>{row.sku}</td>
                  <td className={cell}>{row.options || "—"}</td>
                  <td className={`${cell} whitespace-nowrap`}>
                    <Price cents={row.old_cents} />
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {row.new_cents < 0 ? `-${(-row.new_cents / 100).toFixed(2)}` : <Price cents={row.new_cents} />}
                  </td>
                  <td className={cell}>
                    {row.error ? (
                      <span className="text-red-700">{row.error}</span>
                    ) : (
                      <span className="text-green-800">Ready</span>
                    )}
                  </td>
                </tr>
              ))
            )}
          </AdminTable>
          <BookmarkNotice bookmark={bookmark} what="price change" verb="apply" />
          {preview.variants > 0 ? (
            <Form method="post" noValidate className="mt-6">
              <HiddenFields names={BULK_PRICE_FIELDS} values={values} />
              <p className="mb-3 text-sm text-gray-700">
                {`Applied in batches of whole products, up to ${BULK_PRICE_LIMITS.batch} variants each: each batch is all or nothing. The prices are worked out again when you apply, from the same filters.`}
              </p>
              <button type="submit" className={primaryButton} disabled={busy}>
                {`Apply to ${preview.variants} ${preview.variants === 1 ? "variant" : "variants"}`}
              </button>
            </Form>
          ) : null}
        </>
      ) : null}
    </AdminPage>
  );
}

export const ErrorBoundary = adminPageError("Could not load the price change");
