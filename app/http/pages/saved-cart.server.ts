import type { CartLine } from "../../lib/cart";
import { saveCartStatement } from "../../services/saved-carts.server";
import type { AppContext } from "../context.server";
import { getSession } from "../session.server";
import { readCartLines } from "./cart-cookie.server";

/** Saves a signed-in user's cart as it now is (one statement); an anonymous visitor's is not kept. */
export async function saveCartOfViewer(app: AppContext, request: Request, lines: CartLine[]): Promise<void> {
  const { viewer } = await getSession(app, request);
  if (viewer) await saveCartStatement(app.db, viewer.user.id, lines);
}

/**
 * Signing in with a cart in the cookie saves it for the user who signed in (one statement); an
 * empty cookie keeps what was saved (from another browser).
 */
export async function saveCartOnSignIn(app: AppContext, request: Request, userId: number): Promise<void> {
  const lines = await readCartLines(app.env, request);
  if (lines.length) await saveCartStatement(app.db, userId, lines);
}
