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
import { Price } from "~/components/price";
import { Toaster } from "~/components/toaster";
import { parseId } from "~/lib/ids";
import { toUnits } from "~/lib/money";
import { ShippingMethodCreateSchema, ShippingMethodUpdateSchema } from "~/lib/schemas/admin-catalogue";
import { rootSeo, seoMeta } from "~/lib/seo";
import { actorOf } from "~/services/admin/audit.server";
import {
  createShippingMethod,
  deleteShippingMethod,
  getShippingMethod,
  listShippingMethods,
  updateShippingMethod,
  type AdminShippingMethod,
} from "~/services/admin/checkout-tables.server";
import { checkoutTableAction } from "~/http/pages/admin-catalogue.server";
import type { FormFailure } from "~/http/pages/forms.server";
import { privatePageHeaders, requireAdmin } from "~/http/pages/guards.server";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), { title: "Shipping", path: "/admin/shipping", noindex: true });

export const headers = privatePageHeaders;

/** Every shipping method in the checkout's order; `?edit={id}` opens one in the edit form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const editId = parseId(new URL(request.url).searchParams.get("edit"));
  const [methods, editing] = await Promise.all([
    listShippingMethods(context.app.db),
    editId ? getShippingMethod(context.app.db, editId) : null,
  ]);
  return json({ methods, editing }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const actor = actorOf(await requireAdmin(app, request));
  return checkoutTableAction(request, app, actor, {
    list: "/admin/shipping",
    noun: "Shipping method",
    checkboxes: ["is_active"],
    conflictField: "code",
    createSchema: ShippingMethodCreateSchema,
    updateSchema: ShippingMethodUpdateSchema,
    create: (input) => createShippingMethod(app.db, actor, input),
    update: (id, input) => updateShippingMethod(app.db, actor, id, input),
    remove: (id) => deleteShippingMethod(app.db, actor, id),
    label: (method) => method.name,
    deleted: (removed) =>
      `Shipping method ${(removed as { name: string }).name} deleted. Orders sent with it keep its name.`,
  });
}

function formValues(method: AdminShippingMethod | null): Record<string, string> {
  if (!method)
    return {
      code: "",
      name: "",
      description: "",
      cost: "",
      free_shipping_threshold: "",
      delivery_days_min: "",
      delivery_days_max: "",
      countries: "",
      sort_order: "0",
      is_active: "on",
    };
  return {
    code: method.code,
    name: method.name,
    description: method.description,
    cost: String(toUnits(method.cost_cents)),
    free_shipping_threshold:
      method.free_shipping_threshold_cents === null ? "" : String(toUnits(method.free_shipping_threshold_cents)),
    delivery_days_min: String(method.delivery_days_min),
    delivery_days_max: String(method.delivery_days_max),
    countries: method.countries?.join(", ") ?? "",
    sort_order: String(method.sort_order),
    is_active: method.is_active ? "on" : "",
  };
}

function ShippingForm({
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
          name="code"
          label="Code (lowercase, for the system)"
          maxLength={50}
          defaultValue={values.code}
          {...field}
        />
        <TextField name="name" label="Name (shown at checkout)" maxLength={100} defaultValue={values.name} {...field} />
        <TextField
          name="description"
          label="Description"
          maxLength={255}
          defaultValue={values.description}
          className="sm:col-span-2"
          {...field}
        />
        <TextField
          name="cost"
          label="Cost"
          type="number"
          step="0.01"
          min={0}
          inputMode="decimal"
          defaultValue={values.cost}
          {...field}
        />
        <TextField
          name="free_shipping_threshold"
          label="Free from a subtotal of (empty: never free)"
          type="number"
          step="0.01"
          min={0}
          inputMode="decimal"
          defaultValue={values.free_shipping_threshold}
          {...field}
        />
        <TextField
          name="delivery_days_min"
          label="Delivery days, at least"
          type="number"
          min={0}
          inputMode="numeric"
          defaultValue={values.delivery_days_min}
          {...field}
        />
        <TextField
          name="delivery_days_max"
          label="Delivery days, at most"
          type="number"
          min={0}
          inputMode="numeric"
          defaultValue={values.delivery_days_max}
          {...field}
        />
        <TextField
          name="countries"
          label="Countries (ISO codes, comma-separated; empty for all)"
          maxLength={800}
          placeholder="LK, IN"
          defaultValue={values.countries}
          {...field}
        />
        <TextField
          name="sort_order"
          label="Order at checkout (lowest first; the first is the default)"
          type="number"
          min={0}
          inputMode="numeric"
          defaultValue={values.sort_order}
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
        Active (offered at checkout)
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={busy}>
          {submitLabel}
        </button>
        {id ? (
          <Link to="/admin/shipping" className={secondaryButton}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export default function AdminShipping() {
  const { methods, editing } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const failedEdit = failure?.values.intent === "update" ? failure : undefined;
  const failedCreate = failure?.values.intent === "create" ? failure : undefined;
  return (
    <section aria-labelledby="admin-title">
      <Toaster toast={failure?.toast ?? null} listen={false} />
      <AdminHeader
        title="Shipping"
        description="The shipping methods the checkout offers, by country. A change applies to the next checkout at once."
      />

      {editing ? (
        <AdminCard id="edit-shipping-heading" title={`Edit ${editing.name}`} className="mt-6">
          <ShippingForm
            prefix="edit-"
            id={editing.id}
            values={failedEdit?.values ?? formValues(editing)}
            errors={failedEdit?.errors}
            submitLabel="Save shipping method"
            action={`/admin/shipping?edit=${editing.id}`}
          />
        </AdminCard>
      ) : null}

      <AdminTable
        caption="Shipping methods in the checkout's order"
        head={["Method", "Cost", "Free from", "Delivery", "Countries", "Status", "Actions"]}
      >
        {methods.length === 0 ? (
          <EmptyRow columns={7}>No shipping methods: the checkout cannot take orders until one is added.</EmptyRow>
        ) : (
          methods.map((method) => (
            <tr key={method.id}>
              <td className={cell}>
                <span className="font-medium text-gray-900">{method.name}</span>
                <span className="block text-xs text-gray-600">{method.code}</span>
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                <Price cents={method.cost_cents} />
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                {method.free_shipping_threshold_cents === null ? (
                  "Never"
                ) : (
                  <Price cents={method.free_shipping_threshold_cents} />
                )}
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                {method.delivery_days_min}-{method.delivery_days_max} days
              </td>
              <td className={cell}>{method.countries ? method.countries.join(", ") : "All"}</td>
              <td className={cell}>
                {method.is_active ? (
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
                    to={`/admin/shipping?edit=${method.id}`}
                    className={secondaryButton}
                    aria-label={`Edit ${method.name}`}
                  >
                    Edit
                  </Link>
                  <Form method="post" action="/admin/shipping" noValidate>
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={method.id} />
                    <button type="submit" className={dangerButton} disabled={busy} aria-label={`Delete ${method.name}`}>
                      Delete
                    </button>
                  </Form>
                </div>
              </td>
            </tr>
          ))
        )}
      </AdminTable>
      <p className="mt-2 text-sm text-gray-600">Deleting a method keeps its name on the orders sent with it.</p>

      <AdminCard id="new-shipping-heading" title="New shipping method" className="mt-8">
        <ShippingForm
          prefix="new-"
          values={failedCreate?.values ?? formValues(null)}
          errors={failedCreate?.errors}
          submitLabel="Create shipping method"
          action="/admin/shipping"
        />
      </AdminCard>
    </section>
  );
}

export const ErrorBoundary = errorBoundary({
  failed: { title: "Could not load the shipping methods", message: "Please try again in a moment.", link: "retry" },
});
