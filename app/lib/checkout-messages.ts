import { QUANTITY_MAX, QUANTITY_MIN } from "./constants";

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
  idempotencyReused: "This order was already placed with different items. Please reload the checkout page.",
} as const;
