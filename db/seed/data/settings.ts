import type { SeedSetting } from "../types";

/** Public settings are read by the app (grouped by group, then key); store settings stay server-side. */
export const settings: SeedSetting[] = [
  // general
  {
    key: "site_name",
    value: "Twistbloom",
    type: "string",
    group: "general",
    is_public: true,
    description: "Shop name shown in the header, page titles and emails.",
  },
  {
    key: "site_description",
    value:
      "Handmade pipe-cleaner flower bouquets that never wilt, plus step-by-step crafting tutorials for makers of every age.",
    type: "string",
    group: "general",
    is_public: true,
    description: "One-line description of the shop used in the header and footer.",
  },
  {
    key: "site_logo",
    value: "/images/logo.svg",
    type: "string",
    group: "general",
    is_public: true,
    description: "Path of the logo image.",
  },
  {
    key: "footer_text",
    value:
      "Every Twistbloom bouquet is twisted, shaped and wrapped by hand in small batches. Flowers that stay as bright as the day you gave them.",
    type: "string",
    group: "general",
    is_public: true,
    description: "Short paragraph shown in the site footer.",
  },

  // contact
  {
    key: "contact_email",
    value: "hello@twistbloom.com",
    type: "string",
    group: "contact",
    is_public: true,
    description: "Customer service email address.",
  },
  {
    key: "contact_phone",
    value: "+1 (802) 555-0147",
    type: "string",
    group: "contact",
    is_public: true,
    description: "Customer service phone number.",
  },
  {
    key: "contact_address",
    value: "118 Maple Street, Studio 4, Burlington, VT 05401, United States",
    type: "string",
    group: "contact",
    is_public: true,
    description: "Studio postal address.",
  },
  {
    key: "contact_hours",
    value: "Monday to Friday, 9AM to 6PM EST",
    type: "string",
    group: "contact",
    is_public: true,
    description: "Hours when the phone line is staffed.",
  },
  {
    key: "contact_response_time",
    value: "We reply to every message within 24 hours",
    type: "string",
    group: "contact",
    is_public: true,
    description: "Promise shown next to the contact form.",
  },

  // social
  {
    key: "social_facebook",
    value: "https://www.facebook.com/twistbloom",
    type: "string",
    group: "social",
    is_public: true,
    description: "Facebook page URL.",
  },
  {
    key: "social_instagram",
    value: "https://www.instagram.com/twistbloom",
    type: "string",
    group: "social",
    is_public: true,
    description: "Instagram profile URL.",
  },
  {
    key: "social_pinterest",
    value: "https://www.pinterest.com/twistbloom",
    type: "string",
    group: "social",
    is_public: true,
    description: "Pinterest profile URL.",
  },
  {
    key: "social_twitter",
    value: "https://twitter.com/twistbloom",
    type: "string",
    group: "social",
    is_public: true,
    description: "Twitter (X) profile URL.",
  },

  // seo
  {
    key: "seo_meta_title",
    value: "Twistbloom | Handmade Pipe-Cleaner Flower Bouquets",
    type: "string",
    group: "seo",
    is_public: true,
    description: "Default page title for search engines.",
  },
  {
    key: "seo_meta_description",
    value:
      "Shop handmade pipe-cleaner flower bouquets for birthdays, weddings, anniversaries and every occasion in between. Everlasting blooms, free shipping over $50, and crafting tutorials on our blog.",
    type: "string",
    group: "seo",
    is_public: true,
    description: "Default meta description for search engines.",
  },
  {
    key: "seo_meta_keywords",
    value:
      "pipe cleaner flowers, chenille stem bouquet, handmade bouquet, everlasting flowers, craft flowers, fuzzy flowers, gift bouquet",
    type: "string",
    group: "seo",
    is_public: true,
    description: "Default meta keywords.",
  },
  {
    key: "seo_og_image",
    value: "/images/home/og-default.svg",
    type: "string",
    group: "seo",
    is_public: true,
    description: "Default image for social sharing previews.",
  },

  // currency
  {
    key: "currency_code",
    value: "USD",
    type: "string",
    group: "currency",
    is_public: true,
    description: "ISO 4217 code of the shop currency.",
  },
  {
    key: "currency_symbol",
    value: "$",
    type: "string",
    group: "currency",
    is_public: true,
    description: "Symbol shown next to prices.",
  },
  {
    key: "currency_position",
    value: "left",
    type: "string",
    group: "currency",
    is_public: true,
    description: "Whether the symbol goes left or right of the amount.",
  },
  {
    key: "currency_decimal_places",
    value: "2",
    type: "number",
    group: "currency",
    is_public: true,
    description: "Number of decimal places shown in prices.",
  },

  // features
  {
    key: "feature_reviews",
    value: "true",
    type: "boolean",
    group: "features",
    is_public: true,
    description: "Show product reviews and ratings.",
  },
  {
    key: "feature_wishlist",
    value: "true",
    type: "boolean",
    group: "features",
    is_public: true,
    description: "Let shoppers save products to a wishlist.",
  },
  {
    key: "feature_social_login",
    value: "true",
    type: "boolean",
    group: "features",
    is_public: true,
    description: "Show social sign-in buttons on the login and register pages.",
  },
  {
    key: "feature_newsletter",
    value: "true",
    type: "boolean",
    group: "features",
    is_public: true,
    description: "Show the newsletter sign-up form.",
  },
  {
    key: "feature_back_in_stock",
    value: "true",
    type: "boolean",
    group: "features",
    is_public: true,
    description: "Shoppers may ask on a sold-out product's page to be emailed once when it is back in stock.",
  },

  // delivery (gifting.md section 4): public, so the checkout's calendar reads them through the cache
  {
    key: "delivery_time_zone",
    value: "Asia/Colombo",
    type: "string",
    group: "delivery",
    is_public: true,
    description:
      "The shop's time zone (an IANA name such as Asia/Colombo): today, the cutoff and every delivery date are counted in it.",
  },
  {
    key: "delivery_lead_days",
    value: "2",
    type: "number",
    group: "delivery",
    is_public: true,
    description: "The earliest delivery date is today plus this many days (0: same day).",
  },
  {
    key: "delivery_cutoff",
    value: "",
    type: "string",
    group: "delivery",
    is_public: true,
    description: "An order placed at or after this time of day (such as 13:00) counts from tomorrow. Empty: no cutoff.",
  },
  {
    key: "delivery_closed_weekdays",
    value: '["Sunday"]',
    type: "json",
    group: "delivery",
    is_public: true,
    description: "The days of the week we do not deliver.",
  },
  {
    key: "delivery_closed_dates",
    value: "[]",
    type: "json",
    group: "delivery",
    is_public: true,
    description: "Dates we do not deliver (holidays), one per line as YYYY-MM-DD.",
  },
  {
    key: "delivery_max_per_day",
    value: "40",
    type: "number",
    group: "delivery",
    is_public: true,
    description: "Orders (not cancelled) a day can take; a day with that many is full. 0: no cap.",
  },
  {
    key: "delivery_horizon_days",
    value: "60",
    type: "number",
    group: "delivery",
    is_public: true,
    description: "The latest delivery date is today plus this many days, included.",
  },

  // security (server-side only)
  {
    key: "staff_2fa_required",
    value: "false",
    type: "boolean",
    group: "security",
    is_public: false,
    description:
      "Every admin and super-admin must sign in with a code from an authenticator app (a second factor). On for a live shop; off for local development.",
  },

  // store (server-side only)
  {
    key: "admin_email",
    value: "orders@twistbloom.com",
    type: "string",
    group: "store",
    is_public: false,
    description: "Address that receives new-order and contact notifications.",
  },
  {
    key: "order_number_prefix",
    value: "TB",
    type: "string",
    group: "store",
    is_public: false,
    description: "Prefix of generated order numbers.",
  },
  {
    key: "low_stock_threshold",
    value: "5",
    type: "number",
    group: "store",
    is_public: false,
    description: "Stock level at or below which a product counts as low in stock.",
  },
  {
    key: "low_stock_digest",
    value: "true",
    type: "boolean",
    group: "store",
    is_public: false,
    description:
      "Each morning, one email to the notifications email (else the contact email) lists the products and variants at or under the low stock threshold (none when nothing is low).",
  },
  {
    key: "cart_reminder_mail",
    value: "true",
    type: "boolean",
    group: "store",
    is_public: false,
    description:
      "A signed-in shopper who leaves a cart gets one reminder 24 hours after it last changed, unless they ordered since.",
  },
  {
    key: "occasion_reminder_mail",
    value: "true",
    type: "boolean",
    group: "store",
    is_public: false,
    description: "Shoppers may save occasions on their profile and get a reminder before each.",
  },
  {
    key: "occasion_reminder_days",
    value: "7",
    type: "number",
    group: "store",
    is_public: false,
    description: "How many days before an occasion its reminder is emailed.",
  },
  {
    key: "unconfirmed_order_expiry_days",
    value: "7",
    type: "number",
    group: "store",
    is_public: false,
    description:
      "Cash-on-delivery orders still pending (not confirmed by staff) after this many days are cancelled each night, their stock put back and the customer told. 0: never.",
  },
  {
    key: "mail_body_retention_days",
    value: "30",
    type: "number",
    group: "store",
    is_public: false,
    description:
      "A sent email's body (its text, HTML, headers and links) is removed this many days after it was sent; its address, subject, template, status and dates stay. Failed and waiting emails keep theirs.",
  },
];

/**
 * What a production seed (`npm run db:seed -- --remote`, or a libSQL database) writes instead of the
 * local development value: a live shop's staff sign in with a second factor.
 */
export const PRODUCTION_SETTING_VALUES: Readonly<Record<string, string>> = { staff_2fa_required: "true" };
