import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  AdminCard,
  AdminHeader,
  AdminTable,
  cell,
  dangerButton,
  dateTime,
  EmptyRow,
  primaryButton,
  secondaryButton,
} from "~/components/admin/ui";
import { errorBoundary } from "~/components/error-state";
import { SelectField, TextField, type FieldErrors } from "~/components/form";
import { Price } from "~/components/price";
import { Toaster } from "~/components/toaster";
import { parseId } from "~/lib/ids";
import { toUnits } from "~/lib/money";
import { CouponCreateSchema, CouponUpdateSchema } from "~/lib/schemas/admin-catalogue";
import { rootSeo, seoMeta } from "~/lib/seo";
import { actorOf } from "~/services/admin/audit.server";
import {
  createCoupon,
  deleteCoupon,
  getCoupon,
  listCoupons,
  updateCoupon,
  type AdminCoupon,
} from "~/services/admin/checkout-tables.server";
import { checkoutTableAction } from "~/http/pages/admin-catalogue.server";
import type { FormFailure } from "~/http/pages/forms.server";
import { privatePageHeaders, requireAdmin } from "~/http/pages/guards.server";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), { title: "Coupons", path: "/admin/coupons", noindex: true });

export const headers = privatePageHeaders;

/** Every coupon with its uses; `?edit={id}` opens one in the edit form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const editId = parseId(new URL(request.url).searchParams.get("edit"));
  const [coupons, editing] = await Promise.all([
    listCoupons(context.app.db),
    editId ? getCoupon(context.app.db, editId) : null,
  ]);
  return json({ coupons, editing }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const actor = actorOf(await requireAdmin(app, request));
  return checkoutTableAction(request, app, actor, {
    list: "/admin/coupons",
    noun: "Coupon",
    checkboxes: ["is_active"],
    conflictField: "code",
    createSchema: CouponCreateSchema,
    updateSchema: CouponUpdateSchema,
    create: (input) => createCoupon(app.db, actor, input),
    update: (id, input) => updateCoupon(app.db, actor, id, input),
    remove: (id) => deleteCoupon(app.db, actor, id),
    label: (coupon) => coupon.code,
    deleted: (removed) => {
      const { code, orders } = removed as { code: string; orders: number };
      return orders
        ? `Coupon ${code} deleted. The ${orders} ${orders === 1 ? "order" : "orders"} placed with it keep its code.`
        : `Coupon ${code} deleted.`;
    },
  });
}

const TYPES = [
  { value: "percentage", label: "Percentage of the subtotal" },
  { value: "fixed", label: "Fixed amount" },
];

/** A coupon as its form shows it: money in currency units, dates as days. */
function formValues(coupon: AdminCoupon | null): Record<string, string> {
  if (!coupon)
    return {
      code: "",
      name: "",
      type: "percentage",
      value: "",
      min_subtotal: "0",
      max_discount: "",
      starts_at: "",
      expires_at: "",
      usage_limit: "",
      is_active: "on",
    };
  return {
    code: coupon.code,
    name: coupon.name,
    type: coupon.type,
    value: String(coupon.type === "percentage" ? coupon.value : toUnits(coupon.value)),
    min_subtotal: String(toUnits(coupon.min_subtotal_cents)),
    max_discount: coupon.max_discount_cents === null ? "" : String(toUnits(coupon.max_discount_cents)),
    starts_at: coupon.starts_at?.slice(0, 10) ?? "",
    expires_at: coupon.expires_at?.slice(0, 10) ?? "",
    usage_limit: coupon.usage_limit === null ? "" : String(coupon.usage_limit),
    is_active: coupon.is_active ? "on" : "",
  };
}

function CouponForm({
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
          label="Code (shoppers type it, in any case)"
          maxLength={50}
          autoCapitalize="characters"
          defaultValue={values.code}
          {...field}
        />
        <TextField
          name="name"
          label="Name (shown when it applies)"
          maxLength={100}
          defaultValue={values.name}
          {...field}
        />
        <SelectField name="type" label="Type" options={TYPES} defaultValue={values.type} {...field} />
        <TextField
          name="value"
          label="Value (percent, or an amount)"
          type="number"
          step="0.01"
          min={0}
          inputMode="decimal"
          defaultValue={values.value}
          {...field}
        />
        <TextField
          name="min_subtotal"
          label="Minimum subtotal (0 for none)"
          type="number"
          step="0.01"
          min={0}
          inputMode="decimal"
          defaultValue={values.min_subtotal}
          {...field}
        />
        <TextField
          name="max_discount"
          label="Maximum discount (empty for no cap)"
          type="number"
          step="0.01"
          min={0}
          inputMode="decimal"
          defaultValue={values.max_discount}
          {...field}
        />
        <TextField
          name="starts_at"
          label="Starts on (UTC, empty for now)"
          type="date"
          defaultValue={values.starts_at}
          {...field}
        />
        <TextField
          name="expires_at"
          label="Expires after (UTC, empty for never)"
          type="date"
          defaultValue={values.expires_at}
          {...field}
        />
        <TextField
          name="usage_limit"
          label="Usage limit (empty for no limit)"
          type="number"
          min={1}
          inputMode="numeric"
          defaultValue={values.usage_limit}
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
        Active (the checkout accepts it)
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={busy}>
          {submitLabel}
        </button>
        {id ? (
          <Link to="/admin/coupons" className={secondaryButton}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function valueText(coupon: AdminCoupon) {
  return coupon.type === "percentage" ? `${coupon.value}%` : <Price cents={coupon.value} />;
}

function period(coupon: AdminCoupon) {
  if (!coupon.starts_at && !coupon.expires_at) return "Always";
  return `${coupon.starts_at ? `from ${dateTime(coupon.starts_at)}` : ""}${coupon.starts_at && coupon.expires_at ? " " : ""}${coupon.expires_at ? `until ${dateTime(coupon.expires_at)}` : ""}`;
}

export default function AdminCoupons() {
  const { coupons, editing } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const failedEdit = failure?.values.intent === "update" ? failure : undefined;
  const failedCreate = failure?.values.intent === "create" ? failure : undefined;
  return (
    <section aria-labelledby="admin-title">
      <Toaster toast={failure?.toast ?? null} listen={false} />
      <AdminHeader
        title="Coupons"
        description="The checkout's discount codes. A change applies to the next checkout at once."
      />

      {editing ? (
        <AdminCard id="edit-coupon-heading" title={`Edit coupon ${editing.code}`} className="mt-6">
          <CouponForm
            prefix="edit-"
            id={editing.id}
            values={failedEdit?.values ?? formValues(editing)}
            errors={failedEdit?.errors}
            submitLabel="Save coupon"
            action={`/admin/coupons?edit=${editing.id}`}
          />
        </AdminCard>
      ) : null}

      <AdminTable
        caption="Coupons, newest first"
        head={["Code", "Name", "Value", "Minimum", "Valid", "Uses", "Status", "Actions"]}
      >
        {coupons.length === 0 ? (
          <EmptyRow columns={8}>No coupons yet.</EmptyRow>
        ) : (
          coupons.map((coupon) => (
            <tr key={coupon.id}>
              <td className={`${cell} font-medium text-gray-900`}>{coupon.code}</td>
              <td className={cell}>{coupon.name}</td>
              <td className={`${cell} whitespace-nowrap`}>
                {valueText(coupon)}
                {coupon.max_discount_cents !== null ? (
                  <span className="block text-xs text-gray-600">
                    at most <Price cents={coupon.max_discount_cents} />
                  </span>
                ) : null}
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                {coupon.min_subtotal_cents ? <Price cents={coupon.min_subtotal_cents} /> : "None"}
              </td>
              <td className={`${cell} text-gray-700`}>{period(coupon)}</td>
              <td className={`${cell} whitespace-nowrap`}>
                {coupon.usage_count} / {coupon.usage_limit ?? "∞"}
              </td>
              <td className={cell}>
                {coupon.is_active ? (
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
                    to={`/admin/coupons?edit=${coupon.id}`}
                    className={secondaryButton}
                    aria-label={`Edit ${coupon.code}`}
                  >
                    Edit
                  </Link>
                  <Form method="post" action="/admin/coupons" noValidate>
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={coupon.id} />
                    <button type="submit" className={dangerButton} disabled={busy} aria-label={`Delete ${coupon.code}`}>
                      Delete
                    </button>
                  </Form>
                </div>
                {coupon.orders_count ? (
                  <p className="mt-1 text-xs text-gray-600">
                    {coupon.orders_count} {coupon.orders_count === 1 ? "order" : "orders"} used it: deleting it keeps
                    the code on {coupon.orders_count === 1 ? "that order" : "those orders"}. To stop it, untick Active
                    instead.
                  </p>
                ) : null}
              </td>
            </tr>
          ))
        )}
      </AdminTable>

      <AdminCard id="new-coupon-heading" title="New coupon" className="mt-8">
        <CouponForm
          prefix="new-"
          values={failedCreate?.values ?? formValues(null)}
          errors={failedCreate?.errors}
          submitLabel="Create coupon"
          action="/admin/coupons"
        />
      </AdminCard>
    </section>
  );
}

export const ErrorBoundary = errorBoundary({
  failed: { title: "Could not load the coupons", message: "Please try again in a moment.", link: "retry" },
});
