/// <reference types="@remix-run/cloudflare" />
/// <reference types="vite/client" />

interface Env {
  DB: D1Database;
  ASSETS?: Fetcher;
  /** Staff-uploaded images (R2), served at /uploads/{key}. */
  UPLOADS?: R2Bucket;
  ENVIRONMENT?: string;
  /** The outbox's delivery queue (producer); the same Worker consumes it. */
  MAIL_QUEUE?: Queue<{ id: string }>;
  /** Resend's API key: with MAIL_FROM, mail leaves through Resend's REST API. */
  RESEND_API_KEY?: string;
  /** Cloudflare Email Routing's binding (`[[send_email]]` in wrangler.toml), used when Resend is not configured. */
  SEND_EMAIL?: SendEmail;
  /** The sender, e.g. `Twistbloom <shop@example.com>`. */
  MAIL_FROM?: string;
  /** Social login (docs/decisions/014): a provider's button shows only when both its id and secret are set, and the setting is on. */
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  TWITTER_CLIENT_ID?: string;
  TWITTER_CLIENT_SECRET?: string;
  /** Development only (docs/decisions/014): the loopback origin of the stand-in for Google the browser journeys start. Ignored unless ENVIRONMENT=development. */
  OAUTH_STUB_ORIGIN?: string;
  /** The shop's address (https://shop.example), for links in mails written without a request (the daily sweep). */
  SHOP_ORIGIN?: string;
  SESSION_SECRET?: string;
  JWT_SECRET?: string;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
}
