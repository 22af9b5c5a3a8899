import { z } from "zod";
import { parseId } from "../../app/lib/ids";
import { WISHLIST_MESSAGES, WishlistAddBodySchema, WishlistAddSchema } from "../../app/lib/schemas/wishlist";
import { ProductListItemSchema } from "../../app/services/serializers/product";
import { addToWishlist, listWishlist, removeFromWishlist } from "../../app/services/wishlist.server";
import { featureGate } from "./features";
import { ok, parseBody } from "./http";
import { apiApp, Done, errors, json, jsonOrForm, mount, SIGNED_IN_READ, SIGNED_IN_WRITE, success } from "./openapi";
import { authenticated } from "./session";

const tags = ["Wishlist"];

const WishlistItemSchema = z
  .object({
    product: ProductListItemSchema,
    available: z
      .boolean()
      .meta({ description: "False once the product is archived: it stays listed, no longer for sale." }),
    saved_at: z.string().meta({ description: "When it was saved (ISO 8601)." }),
  })
  .meta({ id: "WishlistItem" });

const saved = (description: string) => json(success(WishlistItemSchema, { message: z.string() }), description);

/**
 * GET, POST /api/v1/wishlist and DELETE /api/v1/wishlist/{product_id}: the caller's own wishlist.
 * A switched-off feature answers 404 before anything else; then a guest gets 401.
 */
export const wishlistApi = apiApp();
wishlistApi.use(featureGate("wishlist"), authenticated);

mount(
  wishlistApi,
  {
    method: "get",
    path: "/",
    tags,
    summary: "The caller's saved products, newest first",
    description: "An archived product stays listed with `available: false` until it is removed.",
    security: SIGNED_IN_READ,
    responses: {
      200: json(success(z.array(WishlistItemSchema)), "The wishlist."),
      ...errors(401, 404),
    },
  },
  async (c) => ok(c, await listWishlist(c.var.app.db, c.var.viewer.user.id)),
);

mount(
  wishlistApi,
  {
    method: "post",
    path: "/",
    tags,
    summary: "Save a product",
    description: "Saving a product already saved keeps the one entry (200) instead of adding another (201).",
    security: SIGNED_IN_WRITE,
    request: { body: jsonOrForm(WishlistAddBodySchema) },
    responses: {
      201: saved("Saved."),
      200: saved("Already saved: the wishlist is unchanged."),
      ...errors(401, 403, 404, 422),
    },
  },
  async (c) => {
    const { product_id } = await parseBody(c, WishlistAddSchema);
    const result = await addToWishlist(c.var.app.db, c.var.viewer.user.id, product_id);
    return c.json(
      {
        success: true,
        message: result.created ? WISHLIST_MESSAGES.saved : WISHLIST_MESSAGES.alreadySaved,
        data: result.item,
      },
      result.created ? 201 : 200,
    );
  },
);

mount(
  wishlistApi,
  {
    method: "delete",
    path: "/{product_id}",
    tags,
    summary: "Remove a product",
    description: "Removing a product that is not saved answers the same: it is not on the wishlist either way.",
    security: SIGNED_IN_WRITE,
    request: { params: z.object({ product_id: z.string() }) },
    responses: {
      200: json(Done, "Removed (or was not saved)."),
      ...errors(401, 403, 404),
    },
  },
  async (c) => {
    const productId = parseId(c.req.param("product_id"));
    if (productId === null) return c.json({ success: false, message: WISHLIST_MESSAGES.notFound }, 404);
    await removeFromWishlist(c.var.app.db, c.var.viewer.user.id, productId);
    return c.json({ success: true, message: WISHLIST_MESSAGES.removed });
  },
);
