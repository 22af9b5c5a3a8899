/**
 * Social login (Google and Twitter/X, OAuth 2.0 with PKCE): the providers, their names as the pages
 * show them, and the messages of a sign-in that did not end in a session. docs/decisions/014.
 */
export const SOCIAL_PROVIDERS = ["google", "twitter"] as const;

export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = { google: "Google", twitter: "Twitter" };

export function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === "string" && (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

/**
 * Where the browser goes after pressing a button: the shop answers the form post with a redirect to
 * the provider, and Chrome and Safari check every hop of a form's redirects against the page's
 * `form-action`. Twitter's authorization page moves on from twitter.com to x.com.
 */
export const SOCIAL_LOGIN_FORM_ORIGINS = [
  "https://accounts.google.com",
  "https://twitter.com",
  "https://x.com",
] as const;

/**
 * Why a social sign-in ended on the login page (`/login?error=<code>&provider=<provider>`). The
 * disabled-account message is the password login's own (the callback's loader supplies it).
 */
export const SOCIAL_LOGIN_ERRORS = [
  "denied",
  "failed",
  "state",
  "no_email",
  "disabled",
  "rate_limited",
  "link_required",
] as const;

export type SocialLoginError = (typeof SOCIAL_LOGIN_ERRORS)[number];

export function isSocialLoginError(value: unknown): value is SocialLoginError {
  return typeof value === "string" && (SOCIAL_LOGIN_ERRORS as readonly string[]).includes(value);
}

export const SOCIAL_LOGIN_MESSAGES: Record<Exclude<SocialLoginError, "disabled">, (provider: string) => string> = {
  denied: (provider) =>
    `You cancelled signing in with ${provider}. You can log in with your email and password instead.`,
  failed: (provider) => `We could not sign you in with ${provider}. Please try again.`,
  state: (provider) => `Your sign-in with ${provider} could not be verified or took too long. Please try again.`,
  no_email: (provider) =>
    `${provider} did not share a verified email address with us, so we cannot sign you in with it. Please log in or register with your email address.`,
  rate_limited: () => "Too many login attempts. Please try again later.",
  // The provider's address is an account's that has not proved it (docs/decisions/021): nothing is linked.
  link_required: (provider) =>
    `An account with this email address already exists. Log in with your password first, then link ${provider} from your profile. Forgot your password? Reset it by email.`,
};
