import {
  ArcticFetchError,
  CodeChallengeMethod,
  decodeIdToken,
  generateCodeVerifier,
  generateState,
  Google,
  OAuth2Client,
  OAuth2RequestError,
  Twitter,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
  type OAuth2Tokens,
} from "arctic";
import { safeRedirect } from "../lib/redirect";
import {
  isSocialProvider,
  SOCIAL_LOGIN_MESSAGES,
  SOCIAL_PROVIDER_NAMES,
  SOCIAL_PROVIDERS,
  type SocialLoginError,
  type SocialProvider,
} from "../lib/social-login";
import { ACCOUNT_DISABLED_MESSAGE } from "../services/auth.server";
import { timingSafeEqual } from "../lib/password";
import { normalizeProviderEmail, type ProviderIdentity } from "../services/social-login.server";
import type { AppContext } from "./context.server";
import { clearCookie, readCookie, setCookie } from "./cookies.server";
import { isFeatureOn } from "./features.server";
import { oauthStubOrigin } from "./oauth-stub.server";
import { sign, verifySignature } from "./signature.server";

/**
 * The providers' side of social login (docs/decisions/014): which providers are usable, the signed
 * cookie that carries a sign-in's state and PKCE code verifier from the start to the callback, and
 * the token exchange and identity lookup through arctic.
 */

// ---------------------------------------------------------------- configuration

export interface ProviderCredentials {
  clientId: string;
  clientSecret: string;
}

const CREDENTIAL_NAMES: Record<SocialProvider, readonly [keyof Env, keyof Env]> = {
  google: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
  twitter: ["TWITTER_CLIENT_ID", "TWITTER_CLIENT_SECRET"],
};

const secretOf = (env: Env, name: keyof Env): string => {
  const value = env[name];
  return typeof value === "string" ? value.trim() : "";
};

/** The provider's client id and secret, when BOTH are set; otherwise null (the provider does not exist). */
export function providerCredentials(env: Env, provider: SocialProvider): ProviderCredentials | null {
  const [idName, secretName] = CREDENTIAL_NAMES[provider];
  const clientId = secretOf(env, idName);
  const clientSecret = secretOf(env, secretName);
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

export const configuredProviders = (env: Env): SocialProvider[] =>
  SOCIAL_PROVIDERS.filter((provider) => providerCredentials(env, provider) !== null);

/** The buttons a login or register page shows: none while the setting is off, else the configured providers. */
export async function socialLoginProviders(app: Pick<AppContext, "env" | "cache">): Promise<SocialProvider[]> {
  const configured = configuredProviders(app.env);
  if (configured.length === 0) return [];
  return (await isFeatureOn(app, "socialLogin")) ? configured : [];
}

export interface UsableProvider {
  provider: SocialProvider;
  credentials: ProviderCredentials;
}

/** The provider a path names, when it is one of ours, configured, and the setting is on; else null (the page answers 404). */
export async function usableProvider(
  app: Pick<AppContext, "env" | "cache">,
  name: string | undefined,
): Promise<UsableProvider | null> {
  if (!isSocialProvider(name)) return null;
  const credentials = providerCredentials(app.env, name);
  if (!credentials || !(await isFeatureOn(app, "socialLogin"))) return null;
  return { provider: name, credentials };
}

/** Where the provider sends the browser back: `<origin>/auth/<provider>/callback`, registered with the provider. */
export const callbackUrl = (request: Request, provider: SocialProvider) =>
  `${new URL(request.url).origin}/auth/${provider}/callback`;

export const GOOGLE_SCOPES = ["openid", "email", "profile"];
/** `users.email` lets `GET /2/users/me?user.fields=confirmed_email` answer the account's confirmed address. */
export const TWITTER_SCOPES = ["users.read", "tweet.read", "users.email"];
export const TWITTER_ME_URL = "https://api.x.com/2/users/me";

/** What the flow asks of a provider's client: arctic's Google and Twitter both are one. */
interface ProviderClient {
  createAuthorizationURL(state: string, codeVerifier: string, scopes: string[]): URL;
  validateAuthorizationCode(code: string, codeVerifier: string): Promise<OAuth2Tokens>;
}

function client(env: Env, request: Request, { provider, credentials }: UsableProvider): ProviderClient {
  const redirect = callbackUrl(request, provider);
  const stub = provider === "google" ? oauthStubOrigin(env) : null;
  if (stub) return stubClient(stub, credentials, redirect);
  return provider === "google"
    ? new Google(credentials.clientId, credentials.clientSecret, redirect)
    : new Twitter(credentials.clientId, credentials.clientSecret, redirect);
}

/**
 * Google's development stand-in (oauth-stub.server.ts; never outside ENVIRONMENT=development): the
 * very requests arctic's Google client makes (its OAuth 2.0 client, PKCE S256, the secret by HTTP
 * Basic), sent to the stand-in's authorization and token endpoints instead of Google's. Everything
 * after (the ID token's checks, the account) is the real path's.
 */
function stubClient(origin: string, credentials: ProviderCredentials, redirect: string): ProviderClient {
  const oauth = new OAuth2Client(credentials.clientId, credentials.clientSecret, redirect);
  return {
    createAuthorizationURL: (state, codeVerifier, scopes) =>
      oauth.createAuthorizationURLWithPKCE(
        `${origin}/google/authorize`,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        scopes,
      ),
    validateAuthorizationCode: (code, codeVerifier) =>
      oauth.validateAuthorizationCode(`${origin}/google/token`, code, codeVerifier),
  };
}

// ---------------------------------------------------------------- the state cookie

/** The cookie that ties a callback to the browser that started the sign-in (HttpOnly, SameSite=Lax, signed). */
export const OAUTH_COOKIE = "oauth_state";
export const OAUTH_COOKIE_SECONDS = 10 * 60;
const SIGNING_PURPOSE = "oauth-state";

interface OAuthState {
  provider: SocialProvider;
  state: string;
  verifier: string;
  redirectTo: string;
  /** Unix seconds: the cookie's Max-Age also ends it, this holds even if a browser kept it longer. */
  expires: number;
  /** Set when a signed-in shopper started it from the profile to link the provider: their user id (docs/decisions/021). */
  link?: number;
}

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

async function stateCookie(env: Env, request: Request, data: OAuthState): Promise<string> {
  const payload = toBase64Url(JSON.stringify(data));
  const signature = await sign(env, SIGNING_PURPOSE, payload);
  return setCookie(env, request, OAUTH_COOKIE, `${payload}.${signature}`, { maxAge: OAUTH_COOKIE_SECONDS });
}

export const clearOAuthCookie = (env: Env, request: Request) => clearCookie(env, request, OAUTH_COOKIE);

/** The cookie's content when its signature holds, it has not expired and it is of the right shape; else null. */
async function readStateCookie(env: Env, request: Request): Promise<OAuthState | null> {
  const value = readCookie(env, request, OAUTH_COOKIE);
  if (!value || value.length > 4096) return null;
  const dot = value.indexOf(".");
  if (dot < 1) return null;
  const payload = value.slice(0, dot);
  if (!(await verifySignature(env, SIGNING_PURPOSE, payload, value.slice(dot + 1)))) return null;
  try {
    const data = JSON.parse(fromBase64Url(payload)) as Partial<OAuthState>;
    if (!isSocialProvider(data.provider) || typeof data.state !== "string" || typeof data.verifier !== "string")
      return null;
    if (typeof data.expires !== "number" || data.expires < Math.floor(Date.now() / 1000)) return null;
    const link =
      typeof data.link === "number" && Number.isSafeInteger(data.link) && data.link > 0 ? data.link : undefined;
    return {
      provider: data.provider,
      state: data.state,
      verifier: data.verifier,
      redirectTo: safeRedirect(data.redirectTo, "/"),
      expires: data.expires,
      ...(link ? { link } : {}),
    };
  } catch {
    return null;
  }
}

const encoder = new TextEncoder();
const sameSecret = (a: string, b: string) => timingSafeEqual(encoder.encode(a), encoder.encode(b));

// ---------------------------------------------------------------- start

/** A new sign-in: the provider's authorization URL (state, S256 code challenge, scopes) and the cookie to set. */
export async function beginSocialLogin(
  env: Env,
  request: Request,
  usable: UsableProvider,
  redirectTo: string,
  link?: number,
): Promise<{ url: string; cookie: string }> {
  const state = generateState();
  const verifier = generateCodeVerifier();
  const scopes = usable.provider === "google" ? GOOGLE_SCOPES : TWITTER_SCOPES;
  const url = client(env, request, usable).createAuthorizationURL(state, verifier, scopes);
  const expires = Math.floor(Date.now() / 1000) + OAUTH_COOKIE_SECONDS;
  const cookie = await stateCookie(env, request, {
    provider: usable.provider,
    state,
    verifier,
    redirectTo: safeRedirect(redirectTo, "/"),
    expires,
    ...(link ? { link } : {}),
  });
  return { url: url.toString(), cookie };
}

// ---------------------------------------------------------------- callback

/** A callback that cannot sign anyone in; `redirectTo` is the started sign-in's, when its cookie was good. */
export class SocialLoginFailure extends Error {
  constructor(
    readonly code: Exclude<SocialLoginError, "disabled" | "no_email" | "rate_limited">,
    readonly redirectTo: string,
    detail: string,
  ) {
    super(detail);
    this.name = "SocialLoginFailure";
  }
}

/**
 * Checks the callback against the cookie (signature, expiry, provider, the state in constant time),
 * then exchanges the code with the verifier and reads who signed in. Throws SocialLoginFailure for
 * every way it can go wrong outside the shop: a forged or stale state, consent refused, a bad code,
 * the provider answering an error or not at all.
 */
export async function completeSocialLogin(
  env: Env,
  request: Request,
  usable: UsableProvider,
): Promise<{ identity: ProviderIdentity; redirectTo: string; link?: number }> {
  const params = new URL(request.url).searchParams;
  const saved = await readStateCookie(env, request);
  if (!saved || saved.provider !== usable.provider)
    throw new SocialLoginFailure("state", "/", "no valid state cookie for this provider");
  const { redirectTo } = saved;
  const state = params.get("state");
  if (!state || !sameSecret(state, saved.state))
    throw new SocialLoginFailure("state", redirectTo, "the state does not match the cookie's");
  const error = params.get("error");
  if (error)
    throw new SocialLoginFailure(
      error === "access_denied" ? "denied" : "failed",
      redirectTo,
      `the provider answered ${error.slice(0, 100)}`,
    );
  const code = params.get("code");
  if (!code || code.length > 2048) throw new SocialLoginFailure("failed", redirectTo, "no authorization code");
  try {
    const tokens = await client(env, request, usable).validateAuthorizationCode(code, saved.verifier);
    const identity =
      usable.provider === "google" ? googleIdentity(tokens, usable.credentials) : await twitterIdentity(tokens);
    return { identity, redirectTo, ...(saved.link ? { link: saved.link } : {}) };
  } catch (error) {
    throw new SocialLoginFailure("failed", redirectTo, providerErrorDetail(error));
  }
}

/** What the logs say of a provider's failure: never a token or a secret. */
function providerErrorDetail(error: unknown): string {
  if (error instanceof OAuth2RequestError) return `the token endpoint refused the code: ${error.code}`;
  if (error instanceof ArcticFetchError) return "the token endpoint could not be reached";
  if (error instanceof UnexpectedResponseError || error instanceof UnexpectedErrorResponseBodyError)
    return `the token endpoint answered ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}

class IdentityError extends Error {}

/**
 * Google's OpenID Connect ID token, received straight from its token endpoint over TLS (so its
 * signature need not be checked again, OpenID Connect Core 3.1.3.7): its audience must be our client.
 */
function googleIdentity(tokens: OAuth2Tokens, credentials: ProviderCredentials): ProviderIdentity {
  let claims: Record<string, unknown>;
  try {
    claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
  } catch {
    throw new IdentityError("Google answered no readable ID token");
  }
  const audience = claims.aud;
  const ours =
    audience === credentials.clientId || (Array.isArray(audience) && audience.includes(credentials.clientId));
  const issuer = claims.iss === "https://accounts.google.com" || claims.iss === "accounts.google.com";
  if (!ours || !issuer) throw new IdentityError("Google's ID token is not for this client");
  if (typeof claims.sub !== "string" || !claims.sub || claims.sub.length > 255)
    throw new IdentityError("Google's ID token names no subject");
  const verified = claims.email_verified === true || claims.email_verified === "true";
  return {
    provider: "google",
    providerUserId: claims.sub,
    email: verified ? normalizeProviderEmail(claims.email) : null,
    name: typeof claims.name === "string" ? claims.name : null,
  };
}

interface TwitterMe {
  data?: { id?: unknown; name?: unknown; username?: unknown; confirmed_email?: unknown };
}

async function readMe(accessToken: string, fields: string | null): Promise<TwitterMe | null> {
  const url = fields ? `${TWITTER_ME_URL}?user.fields=${fields}` : TWITTER_ME_URL;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new IdentityError("X's user lookup could not be reached");
  }
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  try {
    return (await response.json()) as TwitterMe;
  } catch {
    return null;
  }
}

/**
 * X's `GET /2/users/me`, asking for the confirmed email (the `users.email` scope). An app X has not
 * allowed to read addresses is refused that field: the identity is then read without it, and only a
 * linked account can sign in with it.
 */
async function twitterIdentity(tokens: OAuth2Tokens): Promise<ProviderIdentity> {
  const accessToken = tokens.accessToken();
  const me = (await readMe(accessToken, "confirmed_email")) ?? (await readMe(accessToken, null));
  const id = me?.data?.id;
  if (typeof id !== "string" || !/^[0-9]{1,32}$/.test(id)) throw new IdentityError("X's user lookup named no user");
  const name = me?.data?.name;
  const username = me?.data?.username;
  return {
    provider: "twitter",
    providerUserId: id,
    email: normalizeProviderEmail(me?.data?.confirmed_email),
    name: typeof name === "string" && name.trim() ? name : typeof username === "string" ? username : null,
  };
}

// ---------------------------------------------------------------- messages

/** The message of a failed social sign-in, for `/login?error=<code>&provider=<provider>`. */
export function socialLoginMessage(code: SocialLoginError, provider: string | null): string {
  const name = isSocialProvider(provider) ? SOCIAL_PROVIDER_NAMES[provider] : "that provider";
  return code === "disabled" ? ACCOUNT_DISABLED_MESSAGE : SOCIAL_LOGIN_MESSAGES[code](name);
}
