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
