/**
 * The words of verified addresses, email changes and sign-in methods (docs/decisions/021), for the
 * pages, the API and the services. None of them tells anyone whether an address has an account.
 */
export const ACCOUNT_EMAIL_MESSAGES = {
  verificationSent: "We have sent a link to verify your email address. Please check your inbox.",
  alreadyVerified: "Your email address is already verified.",
  verified: "Thank you! Your email address is verified.",
  verifyInvalid: "This verification link is invalid or has expired.",
  resendLimited: (wait: string) => `Too many verification emails. Please try again in ${wait}.`,
  unverifiedBanner: "Please verify your email address: we sent you a link when you registered.",
  changeRequested: (email: string) =>
    `We have sent a link to ${email}. Your email address changes when you open it; until then it stays as it is.`,
  changeLimited: (wait: string) => `Too many email change requests. Please try again in ${wait}.`,
  currentPasswordRequired: "Current password is required to change your email address",
  currentPasswordWrong: "The current password is incorrect",
  noPasswordYet:
    'Your account has no password yet. Set one with "Forgot password?" on the login page, then change your email address.',
  changed: "Your email address has been changed.",
  changeInvalid: "This confirmation link is invalid or has expired.",
  changeTaken: "This email address is already used by another account, so it cannot be used for yours.",
  profileSaved: "Profile updated successfully",
} as const;

export const SIGN_IN_METHOD_MESSAGES = {
  linked: (provider: string) => `${provider} is now linked to your account. Your other devices have been logged out.`,
  alreadyLinked: (provider: string) => `${provider} is already linked to your account.`,
  linkedElsewhere: (provider: string) => `This ${provider} account is already linked to another account.`,
  unlinked: (provider: string) => `${provider} has been unlinked from your account.`,
  notLinked: (provider: string) => `${provider} is not linked to your account.`,
  lastMethod: (provider: string) =>
    `${provider} is the only way to sign in to your account, so it cannot be unlinked. Set a password first (with "Forgot password?" on the login page) or link another provider.`,
} as const;
