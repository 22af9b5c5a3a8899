import type { ReactNode } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { PlacedImg, squareProductImage } from "~/components/img";
import { Price } from "~/components/price";
import { refererPath, safeRedirect } from "~/lib/redirect";
import { WISHLIST_MESSAGES, WishlistIntentSchema, wishlistAddHref } from "~/lib/schemas/wishlist";
import { fieldErrors } from "~/lib/schemas/query";
import { pageMeta } from "~/lib/seo";
import { NotFoundError } from "~/services/errors";
import {
  addToWishlist,
  listWishlist,
  moveToCart,
  removeFromWishlist,
  type WishlistItem,
} from "~/services/wishlist.server";
import { readCartLines } from "~/http/pages/cart-cookie.server";
import { privatePageHeaders, requireFeature, requireViewer } from "~/http/pages/guards.server";
import { shopAnswer } from "~/http/pages/shop-answer.server";
import {
  clearPendingProductCookie,
  pendingProductCookie,
  readPendingProduct,
} from "~/http/pages/wishlist-pending.server";
import { clearSessionCookie, getSession } from "~/http/session.server";

const WISHLIST_CARD_IMAGE = squareProductImage(600);

export const meta = pageMeta({ title: "My Wishlist", path: "/wishlist", noindex: true });

export const headers = privatePageHeaders;

/** A wishlist entry as the page shows it: the card's fields, no long texts. */
function toPageItem({ product, available }: WishlistItem) {
  const { id, name, slug, image, price_cents, unit_price_cents, price_max_cents, is_on_sale, stock } = product;
  const choose = product.options.length > 0;
  return {
    id,
    name,
    slug,
    image,
    price_cents,
    unit_price_cents,
    price_max_cents,
    is_on_sale,
    stock,
    available,
    choose,
  };
}
type PageItem = ReturnType<typeof toPageItem>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  await requireFeature(app, "wishlist");
  const viewer = await requireViewer(app, request);
  const items = await listWishlist(app.db, viewer.user.id);
  return json({ items: items.map(toPageItem) }, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * Every wishlist change is a form post here with an `intent`: `add` and `remove` (the hearts),
 * `move` (to the cart) and `remove` (this page). A plain post is redirected back with a toast; a
 * fetcher (JavaScript on, `respond=data`) gets data and the root loader brings the toast and the
 * hearts' new state. A guest pressing a heart is sent to log in, and comes back to /wishlist/add.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  await requireFeature(app, "wishlist");
  const form = await request.formData();
  const values = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const back = safeRedirect(values.redirectTo ?? refererPath(request), "/wishlist");
  const { toast, fail, succeed, cartChanged } = shopAnswer(app, request, {
    fromFetcher: values.respond === "data",
    back,
  });
  const parsed = WishlistIntentSchema.safeParse(values);
  if (!parsed.success) return fail(Object.values(fieldErrors(parsed.error)).flat()[0] ?? WISHLIST_MESSAGES.failed);
  const { intent, product_id: productId } = parsed.data;

  const { viewer, stale } = await getSession(app, request);
  if (!viewer) {
    // Also for a fetcher: the redirect makes the browser go to the login page.
    const headers = new Headers();
    if (stale) headers.append("Set-Cookie", clearSessionCookie(app.env, request));
    if (intent === "add") {
      headers.append("Set-Cookie", await pendingProductCookie(app.env, request, productId));
      const login = `/login?redirectTo=${encodeURIComponent(wishlistAddHref(productId, back))}`;
      return toast.redirectWithInfo(login, WISHLIST_MESSAGES.loginToSave, { headers });
    }
    return toast.redirectWithInfo(`/login?redirectTo=${encodeURIComponent(back)}`, "Please log in to continue.", {
      headers,
    });
  }

  const userId = viewer.user.id;
  switch (intent) {
    case "add": {
      try {
        await addToWishlist(app.db, userId, productId);
      } catch (error) {
        if (error instanceof NotFoundError) return fail("This product is no longer available.");
        throw error;
      }
      // The product a guest pressed the heart of is saved: the reminder goes.
      const headers = new Headers();
      if ((await readPendingProduct(app.env, request)) !== null)
        headers.append("Set-Cookie", await clearPendingProductCookie(app.env, request));
      return succeed(WISHLIST_MESSAGES.saved, { headers });
    }
    case "remove": {
      await removeFromWishlist(app.db, userId, productId);
      return succeed(WISHLIST_MESSAGES.removed);
    }
    case "move": {
      const lines = await readCartLines(app.env, request);
      return cartChanged(await moveToCart(app.db, userId, lines, productId));
    }
  }
}

const buttonClass =
  "rounded-full px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600";

function StockNote({ item }: { item: PageItem }) {
  if (!item.available) return <p className="text-sm font-medium text-red-700">No longer available</p>;
  if (item.stock <= 0) return <p className="text-sm font-medium text-gray-700">Out of stock</p>;
  if (item.stock <= 5) return <p className="text-sm font-medium text-amber-800">{`Only ${item.stock} left`}</p>;
  return <p className="text-sm font-medium text-leaf-600">In stock</p>;
}

function ItemForm({
  item,
  intent,
  children,
  className,
}: {
  item: PageItem;
  intent: "move" | "remove";
  children: ReactNode;
  className: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("product_id") === String(item.id) &&
    navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" action="/wishlist" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="product_id" value={item.id} />
      <input type="hidden" name="redirectTo" value="/wishlist" />
      <button
        type="submit"
        disabled={busy || (intent === "move" && (!item.available || item.stock <= 0))}
        className={`${className} disabled:cursor-not-allowed disabled:opacity-50`}
      >
        {children}
        <span className="sr-only">: {item.name}</span>
      </button>
    </Form>
  );
}

function WishlistCard({ item }: { item: PageItem }) {
  const href = `/product/${item.slug}`;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-bloom-100 bg-white shadow-sm">
      <PlacedImg
        place={WISHLIST_CARD_IMAGE}
        src={item.image}
        className={item.available ? undefined : "opacity-50 grayscale"}
      />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h2 className="font-medium text-gray-900">
          {item.available ? (
            <Link to={href} className="hover:text-bloom-700">
              {item.name}
            </Link>
          ) : (
            item.name
          )}
        </h2>
        {item.available ? (
          <Price
            cents={item.unit_price_cents}
            originalCents={item.is_on_sale ? item.price_cents : null}
            maxCents={item.price_max_cents}
          />
        ) : null}
        <StockNote item={item} />
        <div className="mt-auto grid gap-2 pt-3">
          {item.available && item.choose ? (
            <Link
              to={`/product/${item.slug}`}
              className={`block w-full bg-bloom-600 text-center text-white hover:bg-bloom-700 ${buttonClass}`}
            >
              Choose options<span className="sr-only">: {item.name}</span>
            </Link>
          ) : item.available ? (
            <ItemForm
              item={item}
              intent="move"
              className={`w-full bg-bloom-600 text-white hover:bg-bloom-700 ${buttonClass}`}
            >
              Move to cart
            </ItemForm>
          ) : null}
          <ItemForm
            item={item}
            intent="remove"
            className={`w-full border border-gray-300 text-gray-800 hover:border-red-300 hover:text-red-700 ${buttonClass}`}
          >
            Remove
          </ItemForm>
        </div>
      </div>
    </article>
  );
}

export default function WishlistPage() {
  const { items } = useLoaderData<typeof loader>();
  if (items.length === 0) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="font-display text-3xl font-bold text-gray-900">My Wishlist</h1>
        <p className="mt-4 text-lg text-gray-700">Your wishlist is empty</p>
        <p className="mt-2 text-gray-600">Press the heart on a bouquet you love to save it here for later.</p>
        <Link
          to="/products"
          className="mt-8 inline-block rounded-full bg-bloom-600 px-6 py-3 font-medium text-white hover:bg-bloom-700"
        >
          Browse Products
        </Link>
      </section>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="font-display text-3xl font-bold text-gray-900">My Wishlist</h1>
        <p className="text-sm text-gray-700">{`${items.length} saved ${items.length === 1 ? "product" : "products"}`}</p>
      </div>
      <ul
        className="mt-8 grid grid-cols-1 gap-6 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4"
        aria-label="Saved products"
      >
        {items.map((item) => (
          <li key={item.id}>
            <WishlistCard item={item} />
          </li>
        ))}
      </ul>
      <p className="mt-8">
        <Link to="/products" className="font-medium text-bloom-700 underline hover:text-bloom-800">
          Continue Shopping
        </Link>
      </p>
    </div>
  );
}
