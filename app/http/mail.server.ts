import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import type { MailContext } from "../services/mail/context";
import { getPublicSettings, readStaffEmail, siteConfigFromSettings } from "../services/settings.server";
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
  const [settings, staffEmail] = await Promise.all([
    app.cache.read(cachedData.publicSettings()).catch(() => ({})),
    app.cache.read(cachedData.staffEmail()).catch(() => ""),
  ]);
  const site = siteConfigFromSettings(settings);
  return {
    origin: new URL(request.url).origin,
    site,
    staffEmail,
    signOrder: (orderNumber) => sign(app.env, "order", orderNumber),
    seal: (secrets) => sealSecrets(app.env, secrets),
  };
}

/**
 * The mail context of background work (the daily sweep), which has no request: links start with
 * `SHOP_ORIGIN` when the Worker has it, else with the origin of the newest order confirmation the
 * shop mailed (the address shoppers use); null when neither is known (then no mail is written).
 */
export async function backgroundMailContext(env: Env, db: Database): Promise<MailContext | null> {
  const [settings, staffEmail, latest] = await Promise.all([
    getPublicSettings(db).catch(() => ({})),
    readStaffEmail(db).catch(() => ""),
    env.SHOP_ORIGIN
      ? Promise.resolve([])
      : db
          .select({ text: mailOutbox.text })
          .from(mailOutbox)
          .where(eq(mailOutbox.template, "order_placed"))
          .orderBy(desc(mailOutbox.createdAt))
          .limit(1),
  ]);
  const found = latest[0]?.text.match(/https?:\/\/[^/\s]+/)?.[0];
  let origin: string | null = null;
  try {
    origin = env.SHOP_ORIGIN ? new URL(env.SHOP_ORIGIN).origin : found ? new URL(found).origin : null;
  } catch {
    origin = null;
  }
  if (!origin) return null;
  return {
    origin,
    site: siteConfigFromSettings(settings),
    staffEmail,
    signOrder: (orderNumber) => sign(env, "order", orderNumber),
    seal: (secrets) => sealSecrets(env, secrets),
  };
}
