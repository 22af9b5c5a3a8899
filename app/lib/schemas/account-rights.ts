import { z } from "zod";

/**
 * The shopper's data rights (docs/decisions/025): download what the account holds, delete the
 * account. The words the pages, the API and the service share.
 */
export const RIGHTS_MESSAGES = {
  passwordRequired: "Password is required",
  passwordWrong: "The password is incorrect",
  reviewsChoice: "Please choose whether your reviews stay or go",
  failed: "Your account was not deleted. Please check the form.",
  openOrders:
    "You have orders that are not delivered or cancelled yet. You can delete your account once they are; until then, write to us from the contact page.",
  staff: "A staff account cannot be deleted here. Ask a super-admin to revoke your staff roles first.",
  deleted: "Your account has been deleted. Thank you for shopping with us.",
  linkSent: "We have emailed you a link to delete your account. It works once, for one hour.",
  linkInvalid: "This link to delete an account is invalid or has expired.",
  tooMany: (wait: string) => `Too many attempts to delete this account. Please try again in ${wait}.`,
  tooManyLinks: (wait: string) => `Too many links asked for. Please try again in ${wait}.`,
} as const;

/** What the shopper chooses for their reviews: kept under "Former customer", or removed. */
export const REVIEW_CHOICES = ["keep", "delete"] as const;
export type ReviewChoice = (typeof REVIEW_CHOICES)[number];

/** The name a deleted account's kept reviews and past orders show. */
export const FORMER_CUSTOMER = "Former customer";

const reviewsField = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    if (value === "keep" || value === "delete") return value as ReviewChoice;
    ctx.addIssue({ code: "custom", message: RIGHTS_MESSAGES.reviewsChoice });
    return z.NEVER;
  })
  .meta({
    type: "string",
    enum: [...REVIEW_CHOICES],
    description: "keep: the reviews stay, shown as by a former customer; delete: they are removed.",
  });

/** DELETE /api/v1/auth/account and the page's form: the password, and the reviews' fate. */
export const DeleteAccountSchema = z.object({
  password: z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const text = typeof value === "string" ? value : "";
      if (!text) {
        ctx.addIssue({ code: "custom", message: RIGHTS_MESSAGES.passwordRequired });
        return z.NEVER;
      }
      return text.slice(0, 1024);
    })
    .meta({ type: "string" }),
  reviews: reviewsField,
});
export type DeleteAccountInput = z.output<typeof DeleteAccountSchema>;

/** The mailed link's confirmation: the token and the reviews' fate. */
export const DeleteWithLinkSchema = z.object({
  token: z
    .unknown()
    .optional()
    .transform((value) => (typeof value === "string" ? value : ""))
    .meta({ type: "string" }),
  reviews: reviewsField,
});
