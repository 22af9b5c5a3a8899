import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PlacedImg, type ImgPlace } from "~/components/img";
import { parseId } from "~/lib/ids";
import { safeRedirect } from "~/lib/redirect";
import { WISHLIST_MESSAGES } from "~/lib/schemas/wishlist";
import { pageMeta } from "~/lib/seo";
import { savableProduct } from "~/services/wishlist.server";
import { privatePageHeaders, requireFeature, requireViewer } from "~/http/pages/guards.server";
import { toasts } from "~/http/pages/toast.server";
import { readPendingProduct } from "~/http/pages/wishlist-pending.server";

const WISHLIST_SAVE_IMAGE: ImgPlace = {
  frame: "mx-auto mt-8 w-48 overflow-hidden rounded-2xl border border-bloom-100 bg-bloom-50",
  width: 400,
  height: 400,
  className: "aspect-square w-full object-cover",
  loading: "eager",
};

export const meta = pageMeta({ title: "Save to Wishlist", path: "/wishlist/add", noindex: true });

export const headers = privatePageHeaders;

/**
 * Where a guest who pressed a heart lands after logging in (`?product_id=&back=`). A GET changes
 * nothing: the page shows the product with a "Save to wishlist" button (a form post to /wishlist,
 * which saves it and goes back). With JavaScript it submits that form by itself, but only when the
 * heart's own signed cookie names this product, so a link from elsewhere saves nothing unasked.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  await requireFeature(app, "wishlist");
  const viewer = await requireViewer(app, request);
  const url = new URL(request.url);
  const back = safeRedirect(url.searchParams.get("back"), "/wishlist");
  const productId = parseId(url.searchParams.get("product_id"));
  const product = productId === null ? null : await savableProduct(app.db, viewer.user.id, productId);
  const toast = toasts(app.env, request);
  if (!product) throw await toast.redirectWithError(back, "This product is no longer available.");
  if (product.saved) throw await toast.redirectWithSuccess(back, WISHLIST_MESSAGES.saved);
  const pending = await readPendingProduct(app.env, request);
  return json(
    { product, back, autoSave: pending === product.id },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const saveButtonClass =
  "rounded-full bg-bloom-600 px-6 py-3 font-medium text-white hover:bg-bloom-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600 disabled:opacity-60";

export default function WishlistAddPage() {
  const { product, back, autoSave } = useLoaderData<typeof loader>();
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const navigation = useNavigation();
  const sent = useRef(false);
  useEffect(() => {
    if (!autoSave || sent.current || !formRef.current) return;
    sent.current = true;
    submit(formRef.current, { replace: true });
  }, [autoSave, submit]);
  const busy = navigation.state !== "idle";
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="font-display text-3xl font-bold text-gray-900">Save to your wishlist</h1>
      <PlacedImg place={WISHLIST_SAVE_IMAGE} src={product.image} />
      <p className="mt-4 text-lg font-medium text-gray-900">{product.name}</p>
      <Form ref={formRef} method="post" action="/wishlist" noValidate className="mt-6">
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="product_id" value={product.id} />
        <input type="hidden" name="redirectTo" value={back} />
        <button type="submit" disabled={busy} className={saveButtonClass}>
          {busy ? "Saving…" : "Save to wishlist"}
        </button>
      </Form>
      <p className="mt-4">
        <Link to={back} className="text-sm font-medium text-gray-700 underline hover:text-bloom-700">
          No thanks, go back
        </Link>
      </p>
    </section>
  );
}
