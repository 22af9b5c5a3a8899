import { log } from "../../services/log.server";
import { json, type LoaderFunctionArgs, type SerializeFrom } from "@remix-run/cloudflare";
import { makeToast, type Toast } from "../../lib/toast";
import { siteConfigFromSettings, type SettingsByGroup } from "../../lib/site";
import { cachedData } from "../cache-entries.server";
import { hasCookie, TOAST_COOKIE } from "../cookies.server";
import { rootPersonal } from "./personal.server";
import { toasts } from "./toast.server";

export const SETTINGS_ERROR = "Failed to load site settings";

/**
 * The root loader: public settings, read once per request through the edge cache (the spec's 3600 s
 * lifetime), the toast to show, and the visitor's own parts (cart, account, CSRF token, hearts): the
 * same the Worker fills into a page the edge keeps whole (docs/decisions/017).
 */
export async function loadRootData({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  let settings: SettingsByGroup = {};
  let settingsError: string | null = null;
  try {
    settings = await app.cache.read(cachedData.publicSettings());
  } catch (error) {
    log.error("settings could not be read", error);
    settingsError = SETTINGS_ERROR;
  }
  const { toast: flash, headers } = await toasts(app.env, request).getToast(request);
  // Only a request that brought a toast cookie needs it cleared: the others get no Set-Cookie.
  if (!hasCookie(app.env, request, TOAST_COOKIE)) headers.delete("Set-Cookie");
  const toast: Toast | null = flash
    ? makeToast(flash.message, flash.type, { description: flash.description, duration: flash.duration })
    : null;
  const { cart, viewer, csrf, wishlist, setCookies } = await rootPersonal(app, request, settings);
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  // Nothing above could be read without the settings: a page showing their error is never kept.
  if (settingsError) app.cache.doNotKeepPage();
  return json(
    {
      site: siteConfigFromSettings(settings),
      settingsError,
      origin: new URL(request.url).origin,
      toast,
      cart,
      viewer,
      csrf,
      /** The ids of the products the viewer saved (none for a guest, or with the wishlist off). */
      wishlist,
    },
    { headers },
  );
}

/** What every page's components read of the root loader (`useRootData`). */
export type RootData = SerializeFrom<typeof loadRootData>;
