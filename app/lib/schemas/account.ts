import { z } from "zod";
import { COUNTRIES, PASSWORD_MIN_LENGTH } from "../constants";
import { ACCOUNT_MESSAGES, RESET_MESSAGES } from "../form-messages";

/**
 * The spec's validation rules (section 5) with its exact messages: one source for the pages'
 * forms (on the server, and live in the browser) and the API's bodies.
 */
export { ACCOUNT_MESSAGES, RESET_MESSAGES };

const EMAIL_MAX = 254;
const PASSWORD_MAX = 128;
const TEXT_MAX = 100;
const ADDRESS_MAX = 255;

/** Form values arrive as strings, JSON values as anything: absent and null read as empty. */
const text = (trim = true) =>
  z
    .unknown()
    .optional()
    .transform((value) => {
      if (value === undefined || value === null) return "";
      const string = typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
      return trim ? string.trim() : string;
    })
    // For the API's published document only: what a client sends.
    .meta({ type: "string" });

export function requiredText(label: string, { min = 1, max = TEXT_MAX } = {}) {
  return text().superRefine((value, ctx) => {
    if (!value) ctx.addIssue({ code: "custom", message: `${label} is required` });
    else if (value.length < min)
      ctx.addIssue({ code: "custom", message: `${label} must be at least ${min} characters long` });
    else if (value.length > max)
      ctx.addIssue({ code: "custom", message: `${label} may not be longer than ${max} characters` });
  });
}

/** A person's name: required, at least 2 characters, letters (of any alphabet) and spaces only. */
export function nameField(label: string) {
  return requiredText(label, { min: 2 }).superRefine((value, ctx) => {
    if (value.length >= 2 && !/^[\p{L}\p{M} ]+$/u.test(value)) {
      ctx.addIssue({ code: "custom", message: `${label} may only contain letters and spaces` });
    }
  });
}

export const emailField = text()
  .transform((value) => value.toLowerCase())
  .superRefine((value, ctx) => {
    if (!value) ctx.addIssue({ code: "custom", message: ACCOUNT_MESSAGES.emailRequired });
    else if (value.length > EMAIL_MAX || !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value)) {
      ctx.addIssue({ code: "custom", message: ACCOUNT_MESSAGES.emailInvalid });
    }
  });

/** The password rules: required, at least 8 characters, a lowercase and an uppercase letter and a number. */
export function passwordField(label: string, { strength = true } = {}) {
  return text(false).superRefine((value, ctx) => {
    if (!value) return ctx.addIssue({ code: "custom", message: `${label} is required` });
    if (value.length < PASSWORD_MIN_LENGTH) {
      return ctx.addIssue({
        code: "custom",
        message: `${label} must be at least ${PASSWORD_MIN_LENGTH} characters long`,
      });
    }
    if (value.length > PASSWORD_MAX) {
      return ctx.addIssue({ code: "custom", message: `${label} may not be longer than ${PASSWORD_MAX} characters` });
    }
    if (!strength) return;
    if (!/[a-z]/.test(value))
      ctx.addIssue({ code: "custom", message: `${label} must contain at least one lowercase letter` });
    if (!/[A-Z]/.test(value))
      ctx.addIssue({ code: "custom", message: `${label} must contain at least one uppercase letter` });
    if (!/\d/.test(value)) ctx.addIssue({ code: "custom", message: `${label} must contain at least one number` });
  });
}

const confirmationField = text(false).superRefine((value, ctx) => {
  if (!value) ctx.addIssue({ code: "custom", message: ACCOUNT_MESSAGES.confirmationRequired });
});

/** An optional field: empty means none (null); a value must pass `check`. */
function optionalField(check: (value: string) => string | null, max = TEXT_MAX) {
  return text().transform((value, ctx) => {
    if (!value) return null;
    const message = value.length > max ? `This field may not be longer than ${max} characters` : check(value);
    if (message) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return value;
  });
}

export const phoneField = optionalField((value) => {
  // Optional separators (spaces, hyphens, dots, brackets), an optional leading plus, then 1 to 16 digits, the first not 0.
  const compact = value.replace(/[\s\-.()]/g, "");
  return /^\+?[1-9]\d{0,15}$/.test(compact) ? null : ACCOUNT_MESSAGES.phone;
}, 30);

export const addressField = optionalField(
  (value) => (value.length >= 5 ? null : "Address must be at least 5 characters long"),
  ADDRESS_MAX,
);

export const PLACE_PATTERN = /^[\p{L}\p{M} \-'.]+$/u;

export function placeField(label: string) {
  return optionalField((value) => {
    if (value.length < 2) return `${label} must be at least 2 characters long`;
    return PLACE_PATTERN.test(value)
      ? null
      : `${label} may only contain letters, spaces, hyphens, apostrophes and periods`;
  });
}

export const zipCodeField = optionalField((value) =>
  /^[A-Za-z0-9 -]{3,10}$/.test(value)
    ? null
    : "Please enter a valid postal code (3 to 10 letters, digits, spaces or hyphens)",
);

const COUNTRY_CODES = new Set<string>(COUNTRIES.map((country) => country.code));

/** Orders are delivered (and quoted) only to the shop's list of countries. */
export const DELIVERY_COUNTRY_MESSAGE = "Please choose a country we deliver to";
export const isDeliveredCountry = (code: string) => COUNTRY_CODES.has(code);

/** A country from the shop's list, as its ISO code (a name from the list is accepted too). */
export const countryField = optionalField((value) => {
  if (value.length < 2) return "Country must be at least 2 characters long";
  return isDeliveredCountry(countryCode(value)) ? null : DELIVERY_COUNTRY_MESSAGE;
}).transform((value) => (value === null ? null : countryCode(value)));

function countryCode(value: string): string {
  const upper = value.toUpperCase();
  if (COUNTRY_CODES.has(upper)) return upper;
  return COUNTRIES.find((country) => country.name.toLowerCase() === value.toLowerCase())?.code ?? upper;
}

/** A checkbox: "on" (a form), true, "true" or "1" (JSON) mean ticked. */
const checkbox = z
  .unknown()
  .optional()
  .transform((value) => value === true || value === "on" || value === "true" || value === "1" || value === 1)
  .meta({ type: ["boolean", "string"], description: 'true, "on", "true" or "1" mean ticked.' });

// ---------------------------------------------------------------- the forms and bodies

export const LoginSchema = z.object({
  email: emailField,
  // Logging in checks the password's presence and length only; the strength rules are for new passwords.
  password: passwordField("Password", { strength: false }),
  remember: checkbox,
});
export type LoginInput = z.output<typeof LoginSchema>;

function confirm<T extends z.ZodType<Record<string, unknown>>>(schema: T, password: string, confirmation: string) {
  // Checked even when another field failed, so every message shows at once.
  return schema.refine(
    (value) => {
      const a = value?.[password];
      const b = value?.[confirmation];
      return !(typeof a === "string" && typeof b === "string" && b && a !== b);
    },
    { path: [confirmation], message: ACCOUNT_MESSAGES.passwordsMismatch, when: () => true },
  );
}

/** The register page: first and last name, email, password twice, the terms box. */
export const RegisterFormSchema = confirm(
  z.object({
    firstName: nameField("First name"),
    lastName: nameField("Last name"),
    email: emailField,
    password: passwordField("Password"),
    confirmPassword: confirmationField,
    terms: checkbox.refine((agreed) => agreed, ACCOUNT_MESSAGES.terms),
  }),
  "password",
  "confirmPassword",
);

/** The API's register body: {name, email, password, password_confirmation}. */
export const RegisterApiSchema = confirm(
  z.object({
    name: nameField("Name"),
    email: emailField,
    password: passwordField("Password"),
    password_confirmation: confirmationField,
  }),
  "password",
  "password_confirmation",
);

export const ProfileSchema = z.object({
  name: nameField("Name"),
  email: emailField,
  phone: phoneField,
  address: addressField,
  city: placeField("City"),
  state: placeField("State"),
  zip_code: zipCodeField,
  country: countryField,
  /** Needed only to change the email (docs/decisions/021): the same email as now saves without it. */
  current_password: text(false)
    .transform((value) => value || undefined)
    .meta({
      type: "string",
      description: "The current password: required only when `email` differs from the account's.",
    }),
});
export type ProfileInput = z.output<typeof ProfileSchema>;

export const PasswordChangeSchema = confirm(
  z.object({
    current_password: text(false).superRefine((value, ctx) => {
      if (!value) ctx.addIssue({ code: "custom", message: ACCOUNT_MESSAGES.currentPasswordRequired });
    }),
    new_password: passwordField("New password"),
    new_password_confirmation: confirmationField,
  }),
  "new_password",
  "new_password_confirmation",
);
export type PasswordChangeInput = z.output<typeof PasswordChangeSchema>;

// ---------------------------------------------------------------- password reset

/** What the forgot-password form and POST /api/auth/forgot-password take: the account's email. */
export const ForgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.output<typeof ForgotPasswordSchema>;

/**
 * The reset-password form and POST /api/auth/reset-password: the emailed token, the new password
 * (the spec's rules) and its confirmation. The token's validity is the service's to judge.
 */
export const ResetPasswordSchema = confirm(
  z.object({
    token: text(),
    password: passwordField("Password"),
    password_confirmation: confirmationField,
  }),
  "password",
  "password_confirmation",
);
export type ResetPasswordInput = z.output<typeof ResetPasswordSchema>;

// ---------------------------------------------------------------- mailed account links (docs/decisions/021)

/** POST /api/auth/verify-email and /api/auth/confirm-email: the token of the mailed link. Its validity is the service's to judge. */
export const AccountTokenSchema = z.object({ token: text() });
export type AccountTokenInput = z.output<typeof AccountTokenSchema>;
