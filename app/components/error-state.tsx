import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { createContext, useContext, useState, type ReactNode } from "react";

/** What a page shows instead of itself: a heading, a sentence, one way on. */
export interface ErrorScreen {
  /** The page's h1. */
  title: string;
  message?: string;
  /** Where the button leads; "retry" loads the same address again (a full load, so the loader runs afresh). */
  link: { to: string; label: string } | "retry";
  /** Shown instead of the h1, when the page keeps its own heading (it must hold the h1). */
  heading?: ReactNode;
}

/** The way on from a page that is gone or failed and has no nearer place to send the visitor. */
export const HOME_LINK = { to: "/", label: "Go Back Home" };

const buttonClass =
  "mt-8 inline-block rounded-full bg-bloom-600 px-6 py-3 font-medium text-white hover:bg-bloom-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-bloom-600";

/**
 * The request's id (its `X-Request-Id`, the one its log lines name): the server renders it
 * (app/entry.server.tsx provides it), and a failure's screen shows it as a reference to quote.
 */
export const RequestIdContext = createContext<string | null>(null);

const REFERENCE_ID = "error-reference";

/**
 * The reference of the request that failed: the server's; in the browser, the one the server
 * rendered into this page (so hydration matches). A failure after a navigation in the browser has
 * none to show: its request's id is in its answer's header, which the page does not see.
 */
function useReference(): string | null {
  const fromServer = useContext(RequestIdContext);
  const [reference] = useState(
    () =>
      fromServer ??
      (typeof document === "undefined" ? null : document.getElementById(REFERENCE_ID)?.textContent) ??
      null,
  );
  return reference;
}

/** A failure's reference, for a shopper to quote when they write to the shop. */
function Reference() {
  const reference = useReference();
  if (!reference) return null;
  return (
    <p className="mt-4 text-sm text-gray-500">
      If this keeps happening, contact us and quote reference{" "}
      <code id={REFERENCE_ID} className="font-mono">
        {reference}
      </code>
      .
    </p>
  );
}

/** The one error (and not-found) screen. `alert` announces the message at once (a failure, not a missing page). */
export function ErrorState({ title, message, link, heading, alert = false }: ErrorScreen & { alert?: boolean }) {
  const location = useLocation();
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      {heading ?? <h1 className="font-display text-3xl font-bold text-bloom-700 sm:text-4xl">{title}</h1>}
      {message ? (
        <p role={alert ? "alert" : undefined} className="mt-4 text-gray-600">
          {message}
        </p>
      ) : null}
      {alert ? <Reference /> : null}
      {link === "retry" ? (
        <Link to={`${location.pathname}${location.search}`} reloadDocument className={buttonClass}>
          Try Again
        </Link>
      ) : (
        <Link to={link.to} className={buttonClass}>
          {link.label}
        </Link>
      )}
    </section>
  );
}

/**
 * A route's ErrorBoundary: `notFound` for a 404 (when the page has its own), `failed` for
 * anything else. It logs nothing: the server's errors are logged once by entry.server's
 * `handleError` (before Remix hides them behind "Unexpected Server Error"), and React logs an error
 * thrown while rendering in the browser.
 */
export function errorBoundary({ notFound, failed }: { notFound?: ErrorScreen; failed: ErrorScreen }) {
  return function ErrorBoundary() {
    const error = useRouteError();
    const missing = isRouteErrorResponse(error) && error.status === 404;
    if (missing && notFound) return <ErrorState {...notFound} />;
    return <ErrorState {...failed} alert />;
  };
}
