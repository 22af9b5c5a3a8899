import { accountShown, type AccountMark } from "~/lib/personal";
import { isActivePath, PostForm, ShopLink } from "./shop-link";

/** A header or menu link's look, marked while its page is shown. */
export const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-1 ${isActive ? "text-bloom-700" : "text-gray-700 hover:text-bloom-700"}`;

/** The account links: Login and Register for guests; Profile, My Orders (and Admin) once logged in. */
const ACCOUNT_LINKS: Array<{ to: `/${string}`; label: string; mark: AccountMark }> = [
  { to: "/login", label: "Login", mark: "guest" },
  { to: "/register", label: "Register", mark: "guest" },
  { to: "/profile", label: "Profile", mark: "member" },
  { to: "/orders", label: "My Orders", mark: "member" },
  { to: "/admin", label: "Admin", mark: "admin" },
];

const LOGOUT_CLASS = {
  header: "rounded-md px-2 py-1 text-gray-700 hover:text-bloom-700",
  mobile: "w-full rounded-md px-2 py-1 text-left text-gray-700 hover:text-bloom-700",
};

/**
 * The account entries of a menu (`header` or `mobile`), as list items: the links this viewer sees,
 * and, for a signed-in viewer, logging out, a form post (never a GET), so it works without
 * JavaScript and cannot be forged by a link. A visitor's part of the page (docs/decisions/017):
 * `viewer` is all it knows of them.
 */
export function AccountLinks({
  viewer,
  pathname,
  menu,
}: {
  viewer: { isAdmin: boolean } | null;
  pathname: string;
  menu: "header" | "mobile";
}) {
  return (
    <>
      {ACCOUNT_LINKS.filter((item) => accountShown(item.mark, viewer)).map((item) => {
        const isActive = isActivePath(pathname, item.to);
        return (
          <li key={item.to} data-account={item.mark}>
            <ShopLink to={item.to} className={navClass({ isActive })} aria-current={isActive ? "page" : undefined}>
              {item.label}
            </ShopLink>
          </li>
        );
      })}
      {viewer ? (
        <li data-account="member">
          <PostForm action="/logout" noValidate>
            <button type="submit" className={LOGOUT_CLASS[menu]}>
              Log out
            </button>
          </PostForm>
        </li>
      ) : null}
    </>
  );
}
