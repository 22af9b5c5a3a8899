import type { ReactNode } from "react";
import { addonField } from "~/lib/cart";
import { formatMoney } from "~/lib/money";
import { useCurrency } from "./price";

interface OfferedAddon {
  product_id: number;
  name: string;
  unit_price_cents: number;
}

/**
 * The add-ons checklist ("Add Glass Bud Vase +$12.00"), the cart's and the checkout's: one box an
 * add-on on offer, ticked when it is in the cart, posted with the form it sits in (`addons_shown`
 * says which boxes the form showed, so an unticked one leaves the cart). `children` is the button
 * that posts it without JavaScript.
 */
export function AddonsChecklist({
  addons,
  chosen,
  children,
}: {
  addons: readonly OfferedAddon[];
  /** The product ids of the add-ons in the cart. */
  chosen: readonly number[];
  children: ReactNode;
}) {
  const currency = useCurrency();
  if (addons.length === 0) return null;
  return (
    <fieldset className="rounded-2xl border border-bloom-100 bg-white p-6 shadow-sm">
      <legend className="px-1 text-lg font-semibold text-gray-900">Add a little extra</legend>
      <input type="hidden" name="addons_shown" value={addons.map((addon) => addon.product_id).join(",")} />
      <ul className="grid gap-2">
        {addons.map((addon) => {
          const checked = chosen.includes(addon.product_id);
          return (
            <li key={addon.product_id}>
              <label className="flex cursor-pointer items-center gap-3 text-sm text-gray-800">
                {/* Keyed by its state: a new answer's state replaces the box's, as the server says. */}
                <input
                  key={String(checked)}
                  type="checkbox"
                  name={addonField(addon.product_id)}
                  defaultChecked={checked}
                  className="h-4 w-4 accent-bloom-600"
                />
                <span>
                  Add {addon.name} +{formatMoney(addon.unit_price_cents, currency)}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {children}
    </fieldset>
  );
}
