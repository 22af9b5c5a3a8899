/**
 * The gift's parts the checkout page needs in the browser, apart from the schemas so the page
 * loads no schema library (docs/decisions/019): the recipient's fields and how the form names
 * them, and the card's length.
 */

/** The longest card message, in characters (gifting.md section 3). */
export const GIFT_MESSAGE_MAX = 300;

/** The recipient's fields, in the form's order: the checkout form's without the email and the notes. */
export const RECIPIENT_FIELDS = [
  "firstName",
  "lastName",
  "phone",
  "address",
  "city",
  "state",
  "zipCode",
  "country",
] as const;
export type RecipientField = (typeof RECIPIENT_FIELDS)[number];

/** The form's prefix of a recipient's field (`gift.recipient.firstName`): the API's error key for it too. */
export const RECIPIENT_PREFIX = "gift.recipient.";
export const recipientFieldName = (field: RecipientField) => `${RECIPIENT_PREFIX}${field}`;

/** A card message's length as the server counts it (characters, not UTF-16 units; newlines as one). */
export const messageLength = (text: string) => [...text.replace(/\r\n?/g, "\n")].length;
