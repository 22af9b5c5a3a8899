import type { MailContext } from "../services/mail/context";
import { siteConfigFromSettings } from "../services/settings.server";
import { cachedData } from "./cache-entries.server";
import type { AppContext } from "./context.server";
import { sign } from "./signature.server";
import { sealSecrets } from "../services/mail/sealed.server";

/**
 * What the services need to write a request's mails: its origin (every link in a mail starts with
 * it), the shop's settings (read through the cache, as the pages read them: no extra round trip
 * most of the time) and the signer of a guest's order confirmation link.
 */
export async function mailContext(app: Pick<AppContext, "env" | "cache">, request: Request): Promise<MailContext> {
  // Settings that cannot be read do not stop the change: the mails go out with the defaults.
  const settings = await app.cache.read(cachedData.publicSettings()).catch(() => ({}));
  const site = siteConfigFromSettings(settings);
  return {
    origin: new URL(request.url).origin,
    site,
    signOrder: (orderNumber) => sign(app.env, "order", orderNumber),
    seal: (secrets) => sealSecrets(app.env, secrets),
  };
}
