import { optionsLabel, type OptionValues } from "~/lib/variants";
import { PlacedImg, type ImgPlace } from "./img";
import { Price } from "./price";

const ORDER_LINE_IMAGE: ImgPlace = {
  width: 64,
  height: 64,
  className: "h-16 w-16 rounded-lg bg-bloom-50 object-cover",
};

interface OrderItem {
  id: number;
  image: string;
  product_name: string;
  product_sku: string;
  options: OptionValues;
  quantity: number;
  price_cents: number;
  total_cents: number;
}

/** An order's lines: picture, name, option values and SKU as sold, quantity × price, line total. */
export function OrderItemList({ items, className }: { items: readonly OrderItem[]; className: string }) {
  return (
    <ul className={`divide-y divide-bloom-50 ${className}`}>
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-4 py-3 text-sm">
          <PlacedImg place={ORDER_LINE_IMAGE} src={item.image} />
          <div className="flex-1">
            <p className="font-medium text-gray-900">{item.product_name}</p>
            {Object.keys(item.options).length > 0 ? (
              <p className="text-gray-700">{optionsLabel(item.options)}</p>
            ) : null}
            <p className="text-gray-600">SKU: {item.product_sku}</p>
          </div>
          <p className="text-gray-700">
            {item.quantity} × <Price cents={item.price_cents} />
          </p>
          <p className="w-24 text-right font-semibold">
            <Price cents={item.total_cents} />
          </p>
        </li>
      ))}
    </ul>
  );
}

const CELL = "border-b border-gray-300 py-1.5 align-top";
const NUMBER_CELL = `${CELL} text-right whitespace-nowrap`;

/**
 * An order's lines on paper (the invoice, the packing slip): name, option values and SKU, quantity,
 * and the unit price and line total unless `prices` is off (a gift's packing slip).
 */
export function OrderItemTable({ items, prices }: { items: readonly OrderItem[]; prices: boolean }) {
  return (
    <table className="mt-2 w-full border-collapse text-sm">
      <thead>
        <tr className="text-left text-gray-700">
          <th scope="col" className={CELL}>
            Item
          </th>
          <th scope="col" className={NUMBER_CELL}>
            Qty
          </th>
          {prices ? (
            <>
              <th scope="col" className={NUMBER_CELL}>
                Unit price
              </th>
              <th scope="col" className={NUMBER_CELL}>
                Total
              </th>
            </>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            <td className={CELL}>
              <span className="font-medium text-gray-900">{item.product_name}</span>
              {Object.keys(item.options).length > 0 ? (
                <span className="block text-gray-700">{optionsLabel(item.options)}</span>
              ) : null}
              <span className="block text-gray-600">SKU: {item.product_sku}</span>
            </td>
            <td className={NUMBER_CELL}>{item.quantity}</td>
            {prices ? (
              <>
                <td className={NUMBER_CELL}>
                  <Price cents={item.price_cents} />
                </td>
                <td className={NUMBER_CELL}>
                  <Price cents={item.total_cents} />
                </td>
              </>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
