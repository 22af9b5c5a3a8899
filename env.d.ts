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
  /** The sender, e.g. `Twistbloom <shop@example.com>`. */
  MAIL_FROM?: string;
  SESSION_SECRET?: string;
  JWT_SECRET?: string;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
}

