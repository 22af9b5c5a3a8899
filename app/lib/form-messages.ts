import { QUANTITY_MAX, QUANTITY_MIN } from "./constants";
import { OCCASION_NAME_MAX, OCCASION_YEARS_AHEAD, OCCASIONS_MAX } from "./occasions";

/**
 * The forms' words: apart from their zod schemas (app/lib/schemas), so that a page can show them
 * without loading the schema library; its live checks import the schema when first needed
 * (docs/decisions/019). The schema modules re-export them.
 */

/** The account forms' messages: the spec's (section 5), word for word, for the pages and the API. */
export const ACCOUNT_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  confirmationRequired: "Password confirmation is required",
  passwordsMismatch: "Passwords do not match",
  terms: "You must agree to the terms and conditions",
  currentPasswordRequired: "Current password is required",
  formErrors: "Please fix the errors in the form",
  passwordFormErrors: "Please fix the errors in the password form",
  loginFailed: "Invalid email or password. Please try again.",
  registerFailed: "Registration failed. Please try again.",
  emailTaken: "This email address is already registered",
  currentPasswordWrong: "Failed to update password. Please check your current password.",
  passwordUpdateError: "An error occurred while updating your password.",
  profileFailed: "Failed to update profile. Please try again.",
  profileError: "An error occurred while updating your profile.",
} as const;

/** The password reset's words (the contract's "Mail" section), for the pages, the API and the service. */
export const RESET_MESSAGES = {
  /** The one answer to a forgot-password request, whether or not the address has an account. */
  requested: "If an account exists for that email, we have sent a link to reset its password.",
  done: "Your password has been reset. Please log in.",
  invalid: "This reset link is invalid or has expired.",
} as const;

/** The contact form's texts: the spec's (sections 2, 8 and 9) and our own where it gives none. */
export const CONTACT_MESSAGES = {
  sent: "Thank you for your message! We'll get back to you within 24 hours.",
  failed: "There was an error sending your message. Please try again.",
  formErrors: ACCOUNT_MESSAGES.formErrors,
  replyHint: "We reply to every message within 24 hours.",
  phoneHours: "Monday to Friday, 9AM to 6PM EST",
} as const;

/** The spec's checkout and coupon messages (sections 5 and 8), and ours where it has none. */
export const CHECKOUT_MESSAGES = {
  couponEmpty: "Please enter a coupon code",
  couponInvalid: "Invalid coupon code",
  couponError: "Error validating coupon code",
  orderFailed: "There was an error processing your order. Please try again.",
  formErrors: "Please fix the errors in the form",
  emptyCart: "Your cart is empty",
  shippingMethod: "Please choose a shipping method we offer for your country",
  paymentMethod: "Only cash on delivery is accepted",
  quantityRange: `Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}.`,
  product: "Please choose a valid product.",
  variantGone: "This option is no longer available.",
  idempotencyReused: "This order was already placed with different items. Please reload the checkout page.",
} as const;

/** The newsletter's words: the sign-up's one answer, the confirm and unsubscribe pages'. */
export const NEWSLETTER_MESSAGES = {
  /**
   * The one answer to a sign-up, for a new, pending, subscribed or unsubscribed address alike (no
   * one learns from it whether an address is on the list), and true for each of them.
   */
  requested:
    "Almost done! If this address is not on our list yet, we have emailed it a link to confirm your subscription.",
  formErrors: ACCOUNT_MESSAGES.formErrors,
  limited: (wait: string) => `Too many sign-up attempts. Please try again in ${wait}.`,
  confirmed: "You are subscribed.",
  invalidConfirmation: "This confirmation link is invalid or has expired.",
  unsubscribed: "You are unsubscribed. You will not receive our newsletter any more.",
  alreadyUnsubscribed: "You were already unsubscribed. You will not receive our newsletter.",
  invalidUnsubscribe: "This unsubscribe link is invalid.",
  failed: "We could not sign you up just now. Please try again.",
} as const;

/** The return mails' one-click unsubscribe page (/mail/unsubscribe), per topic's label ("back-in-stock emails"). */
export const RETENTION_MESSAGES = {
  unsubscribed: (label: string) => `You are unsubscribed. You will not receive ${label} any more.`,
  alreadyUnsubscribed: (label: string) => `You were already unsubscribed. You will not receive ${label}.`,
  invalidUnsubscribe: "This unsubscribe link is invalid.",
} as const;

/** The hidden field the one-click unsubscribe POST carries (RFC 8058): `List-Unsubscribe=One-Click`. */
export const ONE_CLICK_FIELD = "List-Unsubscribe";
export const ONE_CLICK_VALUE = "One-Click";

/** The left-cart reminder's restore page (/cart/restore). */
export const CART_RESTORE_MESSAGES = {
  invalid: "This link is invalid. Use the link in our latest email.",
  changed: "Your cart has changed since we wrote to you. This is what it holds now.",
  gone: "There is no saved cart to restore: it was emptied or ordered since.",
  restored: "Your cart is restored.",
} as const;

/** The occasions on the profile and in the API (app/lib/occasions.ts), and their reminders' removal page. */
export const OCCASION_MESSAGES = {
  formErrors: "Please fix the errors in the occasion",
  name: "Please name the occasion.",
  nameLong: `The name may not be greater than ${OCCASION_NAME_MAX} characters.`,
  month: "Please choose a month.",
  day: "Please choose a day.",
  noSuchDay: "That month has no such day.",
  repeats: "Please choose every year or once.",
  year: "Please give the year of a one-time occasion.",
  past: "A one-time occasion must be after today.",
  tooFar: `Please choose a date within the next ${OCCASION_YEARS_AHEAD} years.`,
  tooMany: `You can save up to ${OCCASIONS_MAX} occasions. Remove one to add another.`,
  notFound: "That occasion is not saved.",
  saved: "Occasion saved. We will remind you before it.",
  updated: "Occasion updated.",
  removed: "Occasion removed.",
  failed: "We could not save the occasion just now. Please try again.",
  removedByLink: (name: string) => `The reminder of ${name} is removed for good.`,
  alreadyRemoved: "This reminder is removed: we will not remind you of it again.",
  invalidLink: "This link is invalid.",
} as const;

/**
 * "Email me when it's back" (a sold-out product's page, `POST /api/products/{slug}/stock-alerts`),
 * double opt-in as the newsletter: one answer for every address, true for each of them.
 */
export const STOCK_ALERT_MESSAGES = {
  /** The one answer to a request, whether the address is new, pending, waiting already or unsubscribed. */
  requested:
    "Almost done! If this address is not waiting for it yet, we have emailed it a link to confirm. Then we will email it once when this is back in stock.",
  formErrors: ACCOUNT_MESSAGES.formErrors,
  inStock: "This is in stock: you can order it now.",
  notSold: "This option is not for sale.",
  chooseOption: "Please choose the option you are waiting for.",
  productNotFound: "Product Not Found",
  limited: (wait: string) => `Too many requests. Please try again in ${wait}.`,
  confirmed: "Done! We will email you once when it is back in stock.",
  invalidConfirmation: "This confirmation link is invalid or has expired.",
  failed: "We could not take your request just now. Please try again.",
} as const;
