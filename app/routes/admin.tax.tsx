import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  AdminCard,
  AdminHeader,
  AdminTable,
  cell,
  dangerButton,
  EmptyRow,
  primaryButton,
  secondaryButton,
} from "~/components/admin/ui";
import { errorBoundary } from "~/components/error-state";
import { TextField, type FieldErrors } from "~/components/form";
import { Toaster } from "~/components/toaster";
import { ratePercent } from "~/lib/checkout";
import { COUNTRIES } from "~/lib/constants";
import { parseId } from "~/lib/ids";
import { TaxRateCreateSchema, TaxRateUpdateSchema } from "~/lib/schemas/admin-catalogue";
import { rootSeo, seoMeta } from "~/lib/seo";
import { actorOf } from "~/services/admin/audit.server";
import {
  createTaxRate,
  deleteTaxRate,
  getTaxRate,
  listTaxRatesForStaff,
  updateTaxRate,
  type AdminTaxRate,
} from "~/services/admin/checkout-tables.server";
import { checkoutTableAction } from "~/http/pages/admin-catalogue.server";
import type { FormFailure } from "~/http/pages/forms.server";
import { privatePageHeaders, requireAdmin } from "~/http/pages/guards.server";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), { title: "Tax", path: "/admin/tax", noindex: true });

export const headers = privatePageHeaders;

/** Every tax rate by country and state; `?edit={id}` opens one in the edit form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const editId = parseId(new URL(request.url).searchParams.get("edit"));
  const [rates, editing] = await Promise.all([
    listTaxRatesForStaff(context.app.db),
    editId ? getTaxRate(context.app.db, editId) : null,
  ]);
  return json({ rates, editing }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const actor = actorOf(await requireAdmin(app, request));
  return checkoutTableAction(request, app, actor, {
    list: "/admin/tax",
    noun: "Tax rate",
    checkboxes: ["is_active"],
    conflictField: "name",
    createSchema: TaxRateCreateSchema,
    updateSchema: TaxRateUpdateSchema,
    create: (input) => createTaxRate(app.db, actor, input),
    update: (id, input) => updateTaxRate(app.db, actor, id, input),
    remove: (id) => deleteTaxRate(app.db, actor, id),
    label: (rate) => rate.name,
    deleted: (removed) =>
      `Tax rate ${(removed as { name: string }).name} deleted. Orders already placed keep the tax they were charged.`,
  });
}

function formValues(rate: AdminTaxRate | null): Record<string, string> {
  if (!rate) return { country_code: "", state_code: "", name: "", rate: "", is_active: "on" };
  return {
    country_code: rate.country_code,
    state_code: rate.state_code,
    name: rate.name,
    rate: String(rate.rate_bps / 100),
    is_active: rate.is_active ? "on" : "",
  };
}

const countryName = (code: string) => COUNTRIES.find((country) => country.code === code)?.name ?? code;

function TaxForm({
  prefix,
  values,
  errors,
  id,
  submitLabel,
  action,
}: {
  prefix: string;
  values: Record<string, string>;
  errors?: FieldErrors;
  id?: number;
  submitLabel: string;
  action: string;
}) {
  const busy = useNavigation().state === "submitting";
  const field = { errors, idPrefix: prefix };
  return (
    <Form method="post" action={action} noValidate className="mt-4 grid gap-4" aria-label={submitLabel}>
      <input type="hidden" name="intent" value={id ? "update" : "create"} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="country_code"
          label="Country (ISO code: LK, US...)"
          maxLength={2}
          autoCapitalize="characters"
          defaultValue={values.country_code}
          {...field}
        />
        <TextField
          name="state_code"
          label="State (code; empty for the whole country)"
          maxLength={10}
          autoCapitalize="characters"
          defaultValue={values.state_code}
          {...field}
        />
        <TextField
          name="name"
          label="Name (shown in the tax breakdown)"
          maxLength={100}
          defaultValue={values.name}
          {...field}
        />
        <TextField
          name="rate"
          label="Rate (percent, up to 2 decimals)"
          type="number"
          step="0.01"
          min={0}
          max={100}
          inputMode="decimal"
          defaultValue={values.rate}
          {...field}
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-gray-900">
        <input
          type="checkbox"
          name="is_active"
          defaultChecked={values.is_active === "on"}
          className="h-4 w-4 rounded border-gray-300 accent-bloom-600"
        />
        Active (charged at checkout)
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={busy}>
          {submitLabel}
        </button>
        {id ? (
          <Link to="/admin/tax" className={secondaryButton}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export default function AdminTax() {
  const { rates, editing } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const failedEdit = failure?.values.intent === "update" ? failure : undefined;
  const failedCreate = failure?.values.intent === "create" ? failure : undefined;
  return (
    <section aria-labelledby="admin-title">
      <Toaster toast={failure?.toast ?? null} listen={false} />
      <AdminHeader
        title="Tax"
        description="The checkout charges a country's rates, plus a state's own rates when the shopper gives that state. A change applies to the next checkout at once."
      />

      {editing ? (
        <AdminCard
          id="edit-tax-heading"
          title={`Edit ${editing.name} (${editing.country_code}${editing.state_code ? `-${editing.state_code}` : ""})`}
          className="mt-6"
        >
          <TaxForm
            prefix="edit-"
            id={editing.id}
            values={failedEdit?.values ?? formValues(editing)}
            errors={failedEdit?.errors}
            submitLabel="Save tax rate"
            action={`/admin/tax?edit=${editing.id}`}
          />
        </AdminCard>
      ) : null}

      <AdminTable
        caption="Tax rates by country and state"
        head={["Country", "State", "Name", "Rate", "Status", "Actions"]}
      >
        {rates.length === 0 ? (
          <EmptyRow columns={6}>No tax rates: the checkout charges no tax.</EmptyRow>
        ) : (
          rates.map((rate) => (
            <tr key={rate.id}>
              <td className={cell}>
                {countryName(rate.country_code)} <span className="text-xs text-gray-600">({rate.country_code})</span>
              </td>
              <td className={cell}>{rate.state_code || "Whole country"}</td>
              <td className={cell}>{rate.name}</td>
              <td className={cell}>{ratePercent(rate.rate_bps)}</td>
              <td className={cell}>
                {rate.is_active ? (
                  <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
                    Active
                  </span>
                ) : (
                  <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800">
                    Inactive
                  </span>
                )}
              </td>
              <td className={cell}>
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={`/admin/tax?edit=${rate.id}`}
                    className={secondaryButton}
                    aria-label={`Edit ${rate.name} (${rate.country_code}${rate.state_code ? `-${rate.state_code}` : ""})`}
                  >
                    Edit
                  </Link>
                  <Form method="post" action="/admin/tax" noValidate>
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={rate.id} />
                    <button
                      type="submit"
                      className={dangerButton}
                      disabled={busy}
                      aria-label={`Delete ${rate.name} (${rate.country_code}${rate.state_code ? `-${rate.state_code}` : ""})`}
                    >
                      Delete
                    </button>
                  </Form>
                </div>
              </td>
            </tr>
          ))
        )}
      </AdminTable>
      <p className="mt-2 text-sm text-gray-600">Orders already placed keep the tax they were charged.</p>

      <AdminCard id="new-tax-heading" title="New tax rate" className="mt-8">
        <TaxForm
          prefix="new-"
          values={failedCreate?.values ?? formValues(null)}
          errors={failedCreate?.errors}
          submitLabel="Create tax rate"
          action="/admin/tax"
        />
      </AdminCard>
    </section>
  );
}

export const ErrorBoundary = errorBoundary({
  failed: { title: "Could not load the tax rates", message: "Please try again in a moment.", link: "retry" },
});
