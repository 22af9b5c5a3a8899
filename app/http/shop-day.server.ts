import { deliveryRules, deliveryWindow } from "../lib/delivery";
import { cachedData } from "./cache-entries.server";
import type { AppContext } from "./context.server";

/** Today in the shop's time zone (the delivery settings, read through the cache): staff's "today" and "tomorrow". */
export async function shopToday(app: Pick<AppContext, "cache">, now = new Date()): Promise<string> {
  return deliveryWindow(deliveryRules(await app.cache.read(cachedData.publicSettings())), now).today;
}
