import { Link } from "@remix-run/react";

/**
 * The line under an auth card's heading: a word to the visitor and the link it leads to ("New here?
 * Create an account"). The link carries `redirectTo` on, when the visitor was going somewhere.
 */
export function AuthSubtitle({
  text,
  to,
  link,
  redirectTo = "/",
}: {
  text: string;
  to: string;
  link: string;
  redirectTo?: string;
}) {
  return (
    <>
      {text}{" "}
      <Link
        to={redirectTo === "/" ? to : `${to}?redirectTo=${encodeURIComponent(redirectTo)}`}
        className="font-medium text-bloom-700 underline hover:text-bloom-800"
      >
        {link}
      </Link>
    </>
  );
}
