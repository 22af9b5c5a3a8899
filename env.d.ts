/// <reference types="@remix-run/cloudflare" />
/// <reference types="vite/client" />

interface Env {
  DB: D1Database;
  ASSETS?: Fetcher;
  /** Staff-uploaded images (R2), served at /uploads/{key}. */
  UPLOADS?: R2Bucket;
  ENVIRONMENT?: string;
  SESSION_SECRET?: string;
  JWT_SECRET?: string;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
}

