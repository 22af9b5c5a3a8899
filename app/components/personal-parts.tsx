import type { ReactElement } from "react";
import type { PartData, PartName, PartProps } from "~/lib/personal";
import { AccountLinks } from "./account-links";
import { CartCount, CartPanel } from "./cart-dropdown";
import { LikeForm } from "./like-form";
import { ReviewWriter } from "./reviews/reviews-section";
import { StockAlertForm } from "./stock-alert-form";
import { HeartForm } from "./wishlist-button";

/** The CSRF token a signed-in visitor's scripts send with their posts. */
export function CsrfMeta({ csrf }: { csrf: string | null }) {
  return csrf ? <meta name="csrf-token" content={csrf} /> : null;
}

/**
 * Each visitor's part of a page as the page renders it (`<Personal>` in the components), from the
 * props the kept page marked and what the part shows of the visitor (`PART_DATA`): the Worker
 * renders these alone into a kept page's places (app/kept-fill.server.tsx, docs/decisions/017).
 */
export const PERSONAL_PARTS: { [N in PartName]: (props: PartProps[N], data: PartData<N>) => ReactElement | null } = {
  csrf: (_props, csrf) => <CsrfMeta csrf={csrf} />,
  accountLinks: (props, viewer) => <AccountLinks {...props} viewer={viewer} />,
  cartCount: (_props, count) => <CartCount count={count} />,
  cartPanel: (props, cart) => <CartPanel {...props} cart={cart} />,
  heart: (props, saved) => <HeartForm {...props} saved={saved} />,
  like: (props, liked) => <LikeForm {...props} liked={liked} />,
  reviewWriter: (props, writer) => <ReviewWriter {...props} writer={writer} />,
  stockAlert: (props, email) => <StockAlertForm {...props} email={email} />,
};
