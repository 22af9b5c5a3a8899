import { z } from "zod";
import { parseId } from "../ids";

/** What the wishlist says, on the pages and in the API. */
export const WISHLIST_MESSAGES = {
  product: "Please choose a valid product.",
  notFound: "Product not found",
  saved: "Saved to your wishlist.",
  alreadySaved: "Already in your wishlist.",
  removed: "Removed from your wishlist.",
  notSaved: "That product is not in your wishlist.",
  loginToSave: "Please log in to save it to your wishlist.",
  intent: "Unknown wishlist action.",
  failed: "Something went wrong with your wishlist. Please try again.",
} as const;

/** A product id from JSON (a number) or a form (a string): 1 to 9 digits, above zero. */
const productId = z.unknown().transform((value, ctx) => {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : "";
  const id = parseId(text);
  if (id === null) {
    ctx.addIssue({ code: "custom", message: WISHLIST_MESSAGES.product });
    return z.NEVER;
  }
  return id;
});

/** `POST /api/v1/wishlist`. */
export const WishlistAddSchema = z.object({ product_id: productId });

/** Its declared shape in the OpenAPI document (what the transform above accepts). */
export const WishlistAddBodySchema = z.object({
  product_id: z
    .number()
    .int()
    .positive()
    .meta({ description: "The product to save (a number, or its digits as a string)." }),
});

/**
 * One form post to /wishlist: save or remove (the hearts), move to cart or remove (the wishlist
 * page). `redirectTo` is where a post without JavaScript comes back to.
 */
export const WishlistIntentSchema = z.object(
  {
    intent: z.enum(["add", "remove", "move"], { error: WISHLIST_MESSAGES.intent }),
    product_id: productId,
  },
  { error: WISHLIST_MESSAGES.intent },
);
export type WishlistIntent = z.output<typeof WishlistIntentSchema>;

/** The return step after logging in (`/wishlist/add?product_id=&back=`). */
export const WISHLIST_ADD_PATH = "/wishlist/add";

export function wishlistAddHref(productId: number, back: string): string {
  return `${WISHLIST_ADD_PATH}?${new URLSearchParams({ product_id: String(productId), back })}`;
}
