import { featureFlags, type Feature, type FeatureFlags } from "../lib/features";
import { cachedData } from "./cache-entries.server";
import type { AppContext } from "./context.server";

/** The feature flags as the settings stand (read through the edge cache, like the layout's settings). */
export async function featuresOf(app: Pick<AppContext, "cache">): Promise<FeatureFlags> {
  const settings = await app.cache.read(cachedData.publicSettings());
  return featureFlags(settings.features);
}

export async function isFeatureOn(app: Pick<AppContext, "cache">, feature: Feature): Promise<boolean> {
  return (await featuresOf(app))[feature];
}
