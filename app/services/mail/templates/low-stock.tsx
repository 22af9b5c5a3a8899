import { absolute, type MailShop } from "../context";
import { Button, composeMail, Heading, Paragraph, type RenderedMail } from "./layout";

/** One variant sold and running low: its product, its options ("" for a product without), what is left. */
export interface LowStockItem {
  productId: number;
  product: string;
  /** "Size: Grand · Colour: Pink", empty for a product without options. */
  options: string;
  sku: string;
  stock: number;
}

export interface LowStockMailData {
  shop: MailShop;
  threshold: number;
  /** The items listed (the lowest first). */
  items: LowStockItem[];
  /** How many are low in all (more than listed when the list was cut short). */
  total: number;
}

const itemName = (item: LowStockItem) => (item.options ? `${item.product} (${item.options})` : item.product);
const left = (stock: number) => (stock === 0 ? "none left" : `${stock} left`);

/**
 * To the shop's contact address, once a day when something is low: every product and variant on sale
 * at or under the low stock threshold, the lowest first, each linked to its page in the back office.
 */
export function lowStockMail({ shop, threshold, items, total }: LowStockMailData): RenderedMail {
  const listLink = absolute(shop, "/admin/products?low_stock=1");
  const more = total - items.length;
  const what = `${total} item${total === 1 ? "" : "s"} at or under ${threshold} in stock`;
  return composeMail(shop, {
    subject: `Low stock: ${what}`,
    preheader: `${what}, the lowest first.`,
    text: [
      `Low stock: ${what}.`,
      "",
      ...items.map((item) => `- ${itemName(item)}, SKU ${item.sku}: ${left(item.stock)}`),
      ...(more > 0 ? [`...and ${more} more.`] : []),
      "",
      `See them in the back office: ${listLink}`,
    ],
    body: (
      <>
        <Heading>Low stock</Heading>
        <Paragraph>{what}, the lowest first.</Paragraph>
        <ul style={{ margin: "0 0 14px", paddingLeft: "20px" }}>
          {items.map((item) => (
            <li key={item.sku}>
              <a href={absolute(shop, `/admin/products/${item.productId}`)}>{itemName(item)}</a>, SKU {item.sku}:{" "}
              <strong>{left(item.stock)}</strong>
            </li>
          ))}
        </ul>
        {more > 0 ? <Paragraph>...and {more} more.</Paragraph> : null}
        <Button href={listLink}>See the low stock</Button>
      </>
    ),
  });
}
