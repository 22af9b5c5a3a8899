import { useLocation, useNavigate, useSubmit } from "@remix-run/react";
import {
  createContext,
  useContext,
  useMemo,
  type AnchorHTMLAttributes,
  type FormEvent,
  type FormHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from "react";

/**
 * Links and post forms to the shop's own absolute paths, for the parts every rendered page repeats
 * (the header, the mobile menu, the footer, the cart's rows): docs/decisions/019.
 *
 * Remix's <Link> resolves its path three times a render (its href, the router's link, the click
 * handler), each time serialising the matched routes; a page's thirty layout links cost as much as
 * the rest of its render. A path that starts with "/" needs none of it: it is its own href. These
 * render the same markup (`<a href>`, `<form method="post" action>`), so the page works the same
 * without JavaScript; with it, a plain click or a submit goes through the same client router, from
 * one `useNavigate` and one `useSubmit` made once for the page (`ShopRouting`).
 */
type Path = `/${string}`;

interface Routing {
  navigate: ReturnType<typeof useNavigate>;
  submit: ReturnType<typeof useSubmit>;
}

const RoutingContext = createContext<Routing | null>(null);

/** Gives the page's links and forms the client router's navigate and submit, made once. */
export function ShopRouting({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const submit = useSubmit();
  const routing = useMemo(() => ({ navigate, submit }), [navigate, submit]);
  return <RoutingContext.Provider value={routing}>{children}</RoutingContext.Provider>;
}

const markupOnly = () => {
  throw new Error("A part rendered alone for a kept page is markup only: its links route in the browser.");
};

/**
 * For a visitor's part of a kept page rendered alone by the Worker (docs/decisions/017): its links
 * and forms render their markup; in the browser, the page's own ShopRouting routes them.
 */
export function MarkupRouting({ children }: { children: ReactNode }) {
  return <RoutingContext.Provider value={MARKUP_ONLY}>{children}</RoutingContext.Provider>;
}
const MARKUP_ONLY: Routing = { navigate: markupOnly, submit: markupOnly };

function useRouting(): Routing {
  const routing = useContext(RoutingContext);
  if (!routing) throw new Error("ShopLink and PostForm need ShopRouting above them (the root layout gives it).");
  return routing;
}

/** A click the browser should keep: not the main button, a modifier (new tab, download), another target. */
function browserKeeps(event: MouseEvent<HTMLElement>, anchor: HTMLAnchorElement): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (anchor.target !== "" && anchor.target !== "_self") ||
    anchor.hasAttribute("download")
  );
}

/** Follows a click on a link to `to` through the client router (replacing the entry when it is the page shown). */
function routeClick(event: MouseEvent<HTMLAnchorElement>, to: string, navigate: Routing["navigate"]) {
  if (browserKeeps(event, event.currentTarget)) return;
  event.preventDefault();
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  navigate(to, { replace: here === to });
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">;

/** `<Link to="/...">` for one of the shop's paths. */
export function ShopLink({ to, onClick, children, ...props }: AnchorProps & { to: Path }) {
  const { navigate } = useRouting();
  return (
    <a
      {...props}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        routeClick(event, to, navigate);
      }}
    >
      {children}
    </a>
  );
}

/** Whether `to` is the page shown, as <NavLink> judges it: the same path, or one under it unless `end`; case-insensitive. */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (here === target) return true;
  if (end || target === "/") return false;
  return here.startsWith(target.endsWith("/") ? target : `${target}/`);
}

/** `<NavLink to="/...">`: marked `aria-current="page"` and styled by `className` while its page is shown. */
export function ShopNavLink({
  to,
  end,
  className,
  ...props
}: Omit<AnchorProps, "className"> & {
  to: Path;
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
}) {
  const { pathname } = useLocation();
  const isActive = isActivePath(pathname, to, end);
  return (
    <ShopLink {...props} to={to} className={className({ isActive })} aria-current={isActive ? "page" : undefined} />
  );
}

/**
 * `<Form method="post" action="/...">`: a plain form post without JavaScript; with it, submitted
 * through the client router as Remix's <Form> does (the button pressed goes with it, so a form with
 * several named buttons says which one), and the page's navigation state shows it (`useNavigation`).
 */
export function PostForm({
  action,
  onSubmit,
  preventScrollReset,
  ...props
}: Omit<FormHTMLAttributes<HTMLFormElement>, "action" | "method"> & {
  action: Path;
  /** Stay where the page is scrolled when the answer comes (as Remix's <Form preventScrollReset>). */
  preventScrollReset?: boolean;
}) {
  const { submit } = useRouting();
  return (
    <form
      {...props}
      method="post"
      action={action}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        onSubmit?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | HTMLInputElement | null;
        submit(submitter ?? event.currentTarget, {
          method: "post",
          action: submitter?.getAttribute("formaction") ?? action,
          preventScrollReset,
        });
      }}
    />
  );
}
