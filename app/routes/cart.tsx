import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ReactNode } from "react";
import { EmptyCart } from "~/components/empty-cart";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { AddonsChecklist } from "~/components/addons-checklist";
import { PostForm, ShopLink } from "~/components/shop-link";
import { PlacedImg, type ImgPlace } from "~/components/img";
import { Price } from "~/components/price";
import { SummaryPanel } from "~/components/section";
import { CART_TAX, tickedAddons } from "~/lib/cart";
import { taxLabel } from "~/lib/checkout";
import { QUANTITY_MAX } from "~/lib/constants";
import { CartIntentSchema } from "~/lib/schemas/cart";
import { fieldErrors } from "~/lib/schemas/query";
import { refererPath, safeRedirect } from "~/lib/redirect";
import { pageMeta } from "~/lib/seo";
import { optionsLabel } from "~/lib/variants";
import { cachedData } from "~/http/cache-entries.server";
import { changeCart, type Cart, type CartItem } from "~/services/cart.server";
import { readCartLines } from "~/http/pages/cart-cookie.server";
import { shopAnswer } from "~/http/pages/shop-answer.server";
import { getSession } from "~/http/session.server";
import { useRootData } from "~/components/use-root-data";

const CART_LINE_IMAGE: ImgPlace = { width: 96, height: 96, className: "h-24 w-24 rounded-xl bg-bloom-50 object-cover" };

export const meta = pageMeta({ title: "Shopping Cart", path: "/cart", noindex: true });

/** The add-ons the page offers; the cart itself comes with the root loader's data. */
export async function loader({ context }: LoaderFunctionArgs) {
  return { addons: await context.app.cache.read(cachedData.addons()) };
}

/**
 * Every cart change is a form post here with an `intent` (add, update, remove, the add-ons, clear); it answers
 * with a redirect back (post/redirect/get) and a toast, so the cart works without JavaScript.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo") ?? refererPath(request), "/cart");
  // A fetcher (JavaScript on) adds respond=data and stays on its page: it gets data, and Remix then
  // reloads the cart and the toast through the root loader. A plain form post is redirected back.
  const answer = shopAnswer(app, request, { fromFetcher: form.get("respond") === "data", back });
  const fields = Object.fromEntries(form);
  const parsed = CartIntentSchema.safeParse({ ...fields, ticked: tickedAddons(fields) });
  if (!parsed.success) {
    return answer.fail(Object.values(fieldErrors(parsed.error)).flat()[0] ?? "Something went wrong with your cart.");
  }
  // The session (a signed-in shopper's cart is saved with the change) is read beside the cart's change.
  const [lines] = await Promise.all([readCartLines(app.env, request), getSession(app, request)]);
  return answer.cartChanged(await changeCart(app.db, lines, parsed.data));
}

/** A form of one cart line (its quantity buttons, its Remove): a post to /cart that comes back here. */
function CartLineForm({
  item,
  intent,
  quantity,
  children,
}: {
  item: CartItem;
  intent: "update" | "remove";
  quantity?: number;
  children: ReactNode;
}) {
  return (
    <PostForm action="/cart" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="product_id" value={item.product_id} />
      <input type="hidden" name="variant_id" value={item.variant_id ?? ""} />
      {quantity === undefined ? null : <input type="hidden" name="quantity" value={quantity} />}
      <input type="hidden" name="redirectTo" value="/cart" />
      {children}
    </PostForm>
  );
}

function QuantityButton({
  item,
  quantity,
  label,
  children,
}: {
  item: CartItem;
  quantity: number;
  label: string;
  children: string;
}) {
  return (
    <CartLineForm item={item} intent="update" quantity={quantity}>
      <button
        type="submit"
        aria-label={label}
        disabled={quantity > QUANTITY_MAX || (item.product !== null && quantity > item.product.stock)}
        className="flex h-9 w-9 items-center justify-center rounded-full border border-gray-300 text-lg font-semibold text-gray-700 hover:border-bloom-500 hover:text-bloom-700 disabled:cursor-not-allowed disabled:opacity-40"
      >
        {children}
      </button>
    </CartLineForm>
  );
}

function CartLineRow({ item }: { item: CartItem }) {
  const product = item.product;
  const name = product?.name ?? item.name ?? "This product";
  return (
    <li className="flex gap-4 py-6">
      {product ? (
        <ShopLink to={`/product/${product.slug}`} className="shrink-0">
          <PlacedImg place={CART_LINE_IMAGE} src={product.image} alt={product.name} />
        </ShopLink>
      ) : (
        <div className="h-24 w-24 shrink-0 rounded-xl bg-gray-100" aria-hidden="true" />
      )}
      <div className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="font-medium text-gray-900">
            {product ? (
              <ShopLink to={`/product/${product.slug}`} className="hover:text-bloom-700">
                {product.name}
              </ShopLink>
            ) : (
              (item.name ?? "No longer available")
            )}
          </h2>
          {product && Object.keys(product.options).length > 0 ? (
            <p className="text-sm text-gray-700">{optionsLabel(product.options)}</p>
          ) : null}
          {product ? <p className="text-sm text-gray-500">SKU: {product.sku}</p> : null}
          {product ? (
            <Price
              cents={product.unit_price_cents}
              originalCents={product.is_on_sale ? product.price_cents : null}
              className="text-sm"
            />
          ) : null}
          {item.status === "out_of_stock" ? (
            <p className="text-sm font-medium text-red-700">Out of stock: remove it to check out</p>
          ) : null}
          {item.status === "unavailable" && item.reason && item.slug ? (
            <p className="text-sm font-medium text-red-700">
              {item.reason}{" "}
              <ShopLink to={`/product/${item.slug}`} className="underline">
                Choose on the product page
              </ShopLink>
            </p>
          ) : item.status === "unavailable" ? (
            <p className="text-sm font-medium text-red-700">No longer available: remove it to check out</p>
          ) : null}
          {item.status === "reduced" ? (
            <p className="text-sm font-medium text-amber-800">Only {item.quantity} left in stock</p>
          ) : null}
        </div>
        <div className="flex items-center gap-4">
          {item.status === "ok" || item.status === "reduced" ? (
            <div className="flex items-center gap-2" role="group" aria-label={`Quantity of ${name}`}>
              <QuantityButton item={item} quantity={item.quantity - 1} label={`Decrease quantity of ${name}`}>
                −
              </QuantityButton>
              <span className="w-8 text-center font-medium" aria-live="polite">
                {item.quantity}
              </span>
              <QuantityButton item={item} quantity={item.quantity + 1} label={`Increase quantity of ${name}`}>
                +
              </QuantityButton>
            </div>
          ) : null}
          <p className="w-24 text-right font-semibold text-gray-900">
            <Price cents={item.line_total_cents} />
          </p>
          <CartLineForm item={item} intent="remove">
            <button
              type="submit"
              className="text-sm font-medium text-gray-600 underline hover:text-red-700"
              aria-label={`Remove ${name} from cart`}
            >
              Remove
            </button>
          </CartLineForm>
        </div>
      </div>
    </li>
  );
}

function OrderSummary({ cart }: { cart: Cart }) {
  return (
    <SummaryPanel>
      <dl className="mt-4 grid gap-2 text-sm">
        <div className="flex justify-between">
          <dt>
            Subtotal ({cart.item_count} {cart.item_count === 1 ? "item" : "items"})
          </dt>
          <dd>
            <Price cents={cart.subtotal_cents} />
          </dd>
        </div>
        <div className="flex justify-between">
          <dt>{taxLabel(CART_TAX)}</dt>
          <dd>
            <Price cents={cart.tax_cents} />
          </dd>
        </div>
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd className="font-semibold text-leaf-600">Free</dd>
        </div>
        <div className="mt-2 flex justify-between border-t border-bloom-200 pt-3 text-base">
          <dt className="font-semibold">Total</dt>
          <dd>
            <Price cents={cart.total_cents} />
          </dd>
        </div>
      </dl>
      {cart.can_checkout ? (
        <ShopLink
          to="/checkout"
          className="mt-6 block rounded-full bg-bloom-600 px-6 py-3 text-center font-medium text-white hover:bg-bloom-700"
        >
          Proceed to Checkout
        </ShopLink>
      ) : (
        <p
          className="mt-6 rounded-full bg-gray-200 px-6 py-3 text-center font-medium text-gray-600"
          aria-disabled="true"
        >
          Proceed to Checkout
        </p>
      )}
      <ShopLink
        to="/products"
        className="mt-3 block rounded-full border border-bloom-300 px-6 py-3 text-center font-medium text-bloom-700 hover:bg-white"
      >
        Continue Shopping
      </ShopLink>
      <ul className="mt-6 grid gap-1 text-sm text-gray-700">
        <li>Free shipping on orders over $50</li>
        <li>30-day return policy</li>
        <li>Delivery in 3-5 business days</li>
      </ul>
    </SummaryPanel>
  );
}

export default function CartPage() {
  const root = useRootData();
  const { addons } = useLoaderData<typeof loader>();
  const cart = root?.cart;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/cart";
  if (!cart || cart.items.length === 0) {
    return <EmptyCart title="Shopping Cart" link="Browse Products" />;
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-display text-3xl font-bold text-gray-900">Shopping Cart</h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_22rem]">
        <section aria-label="Items in your cart" aria-busy={busy}>
          <ul className="divide-y divide-bloom-100 border-y border-bloom-100">
            {cart.items.map((item) => (
              <CartLineRow key={`${item.product_id}.${item.variant_id}`} item={item} />
            ))}
          </ul>
          <PostForm action="/cart" noValidate className="mt-4">
            <input type="hidden" name="intent" value="clear" />
            <input type="hidden" name="redirectTo" value="/cart" />
            <button type="submit" className="text-sm font-medium text-gray-600 underline hover:text-red-700">
              Clear Cart
            </button>
          </PostForm>
          <PostForm
            action="/cart"
            noValidate
            className="mt-8"
            // With JavaScript a tick is posted at once; without it, the button below posts the boxes.
            onChange={(event) => event.currentTarget.requestSubmit()}
          >
            <input type="hidden" name="intent" value="addons" />
            <input type="hidden" name="redirectTo" value="/cart" />
            <AddonsChecklist addons={addons} chosen={cart.items.map((item) => item.product_id)}>
              <button
                type="submit"
                className="no-js-only mt-4 rounded-full border border-bloom-300 px-5 py-2 text-sm font-medium text-bloom-700 hover:bg-bloom-50"
              >
                Update add-ons
              </button>
            </AddonsChecklist>
          </PostForm>
        </section>
        <OrderSummary cart={cart} />
      </div>
    </div>
  );
}
