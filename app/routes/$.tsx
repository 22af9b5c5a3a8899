import { json } from "@remix-run/cloudflare";

/** Any path no other route claims: the not-found screen, with a real 404 status. */
export function loader() {
  throw json(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
