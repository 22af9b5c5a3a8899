import { Price } from "~/components/price";
import { ratePercent, taxPlace } from "~/lib/checkout";
import { COUNTRIES } from "~/lib/constants";
import type { AdminCoupon, AdminShippingMethod, AdminTaxRate } from "~/services/admin/checkout-tables.server";
import type { TablePage } from "./checkout-table";
import { dateTime } from "./ui";

/** The pages of the checkout's tables: what each shows of its rows and what its texts say. */

const period = (coupon: AdminCoupon) => {
  if (!coupon.starts_at && !coupon.expires_at) return "Always";
  return `${coupon.starts_at ? `from ${dateTime(coupon.starts_at)}` : ""}${coupon.starts_at && coupon.expires_at ? " " : ""}${coupon.expires_at ? `until ${dateTime(coupon.expires_at)}` : ""}`;
};

export const couponsPage: TablePage<AdminCoupon, { code: string; orders: number }> = {
  path: "/admin/coupons",
  title: "Coupons",
  description: "The checkout's discount codes. A change applies to the next checkout at once.",
  ids: "coupon",
  caption: "Coupons, newest first",
  columns: [
    { head: "Code", className: "font-medium text-gray-900", cell: (coupon) => coupon.code },
    { head: "Name", cell: (coupon) => coupon.name },
    {
      head: "Value",
      className: "whitespace-nowrap",
      cell: (coupon) => (
        <>
          {coupon.type === "percentage" ? `${coupon.value}%` : <Price cents={coupon.value} />}
          {coupon.max_discount_cents !== null ? (
            <span className="block text-xs text-gray-600">
              at most <Price cents={coupon.max_discount_cents} />
            </span>
          ) : null}
        </>
      ),
    },
    {
      head: "Minimum",
      className: "whitespace-nowrap",
      cell: (coupon) => (coupon.min_subtotal_cents ? <Price cents={coupon.min_subtotal_cents} /> : "None"),
    },
    { head: "Valid", className: "text-gray-700", cell: period },
    {
      head: "Uses",
      className: "whitespace-nowrap",
      cell: (coupon) => (
        <>
          {coupon.usage_count} / {coupon.usage_limit ?? "∞"}
        </>
      ),
    },
  ],
  empty: "No coupons yet.",
  label: (coupon) => coupon.code,
  editTitle: (coupon) => `Edit coupon ${coupon.code}`,
  toastName: (coupon) => coupon.code,
  deleted: ({ code, orders }) =>
    orders
      ? `Coupon ${code} deleted. The ${orders} ${orders === 1 ? "order" : "orders"} placed with it keep its code.`
      : `Coupon ${code} deleted.`,
  rowNote: ({ orders_count: n }) =>
    n ? (
      <p className="mt-1 text-xs text-gray-600">
        {n} {n === 1 ? "order" : "orders"} used it: deleting it keeps the code on{" "}
        {n === 1 ? "that order" : "those orders"}. To stop it, untick Active instead.
      </p>
    ) : null,
  failed: "Could not load the coupons",
};

export const shippingPage: TablePage<AdminShippingMethod, { name: string }> = {
  path: "/admin/shipping",
  title: "Shipping",
  description: "The shipping methods the checkout offers, by country. A change applies to the next checkout at once.",
  ids: "shipping",
  caption: "Shipping methods in the checkout's order",
  columns: [
    {
      head: "Method",
      cell: (method) => (
        <>
          <span className="font-medium text-gray-900">{method.name}</span>
          <span className="block text-xs text-gray-600">{method.code}</span>
        </>
      ),
    },
    { head: "Cost", className: "whitespace-nowrap", cell: (method) => <Price cents={method.cost_cents} /> },
    {
      head: "Free from",
      className: "whitespace-nowrap",
      cell: (method) =>
        method.free_shipping_threshold_cents === null ? (
          "Never"
        ) : (
          <Price cents={method.free_shipping_threshold_cents} />
        ),
    },
    {
      head: "Delivery",
      className: "whitespace-nowrap",
      cell: (method) => (
        <>
          {method.delivery_days_min}-{method.delivery_days_max} days
        </>
      ),
    },
    { head: "Countries", cell: (method) => (method.countries ? method.countries.join(", ") : "All") },
  ],
  empty: "No shipping methods: the checkout cannot take orders until one is added.",
  label: (method) => method.name,
  toastName: (method) => method.name,
  deleted: ({ name }) => `Shipping method ${name} deleted. Orders sent with it keep its name.`,
  note: "Deleting a method keeps its name on the orders sent with it.",
  failed: "Could not load the shipping methods",
};

const countryName = (code: string) => COUNTRIES.find((country) => country.code === code)?.name ?? code;

export const taxPage: TablePage<AdminTaxRate, { name: string }> = {
  path: "/admin/tax",
  title: "Tax",
  description:
    "The checkout charges a country's rates, plus a state's own rates when the shopper gives that state. A change applies to the next checkout at once.",
  ids: "tax",
  caption: "Tax rates by country and state",
  columns: [
    {
      head: "Country",
      cell: (rate) => (
        <>
          {countryName(rate.country_code)} <span className="text-xs text-gray-600">({rate.country_code})</span>
        </>
      ),
    },
    { head: "State", cell: (rate) => rate.state_code || "Whole country" },
    { head: "Name", cell: (rate) => rate.name },
    { head: "Rate", cell: (rate) => ratePercent(rate.rate_bps) },
  ],
  empty: "No tax rates: the checkout charges no tax.",
  label: (rate) => `${rate.name} (${taxPlace(rate)})`,
  toastName: (rate) => rate.name,
  deleted: ({ name }) => `Tax rate ${name} deleted. Orders already placed keep the tax they were charged.`,
  note: "Orders already placed keep the tax they were charged.",
  failed: "Could not load the tax rates",
};
