import { safeRedirect } from "../../lib/redirect";
import type { AppContext } from "../context.server";
import { socialLoginProviders } from "../oauth.server";
import { redirectIfLoggedIn } from "./guards.server";

/**
 * What the login and register pages start from: a signed-in visitor goes home; otherwise where the
 * visitor was going (`?redirectTo=`, which each page's link to the other carries on) and the social
 * buttons the server can honour (docs/decisions/014).
 */
export async function signInPageData(app: AppContext, request: Request) {
  await redirectIfLoggedIn(app, request);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  return { redirectTo, providers: await socialLoginProviders(app) };
}
