/**
 * The shop's two policies: where each lives and its name, which is the page's title and the
 * footer link's label, and what search engines show of it. Revised together on `POLICIES_UPDATED`.
 */
export const POLICIES = {
  privacy: {
    path: "/privacy",
    title: "Privacy Policy",
    description:
      "What Twistbloom keeps about you (your account and your orders), why, for how long, which cookies the shop uses (cart, session, messages) and how to see or delete your data.",
  },
  terms: {
    path: "/terms",
    title: "Terms of Service",
    description:
      "The terms for buying Twistbloom bouquets: cash on delivery, delivery in 3-5 business days to ten countries, free shipping over $50 and 30-day returns.",
  },
} as const;

export type PolicyName = keyof typeof POLICIES;

/** When the privacy policy and the terms of service were last revised (together). */
export const POLICIES_UPDATED = "November 20, 2026";
