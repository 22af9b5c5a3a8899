import type { SettingValue } from "./site";

/**
 * The shoppers' extras the settings switch on (group `features`). A feature is on only when its
 * setting says `true`: a missing or unreadable setting leaves it off, never half-shown.
 */
export const FEATURE_SETTINGS = {
  reviews: "feature_reviews",
  wishlist: "feature_wishlist",
  socialLogin: "feature_social_login",
  newsletter: "feature_newsletter",
  backInStock: "feature_back_in_stock",
} as const;

export type Feature = keyof typeof FEATURE_SETTINGS;

export type FeatureFlags = Record<Feature, boolean>;

/** The flags from the settings' `features` group (as `SiteConfig.features` holds it). */
export function featureFlags(features: Record<string, SettingValue> | undefined): FeatureFlags {
  const on = (feature: Feature) => features?.[FEATURE_SETTINGS[feature]] === true;
  return {
    reviews: on("reviews"),
    wishlist: on("wishlist"),
    socialLogin: on("socialLogin"),
    newsletter: on("newsletter"),
    backInStock: on("backInStock"),
  };
}
