/// <reference types="@remix-run/cloudflare" />
/// <reference types="vite/client" />

interface Env {
  DB: D1Database;
  ASSETS?: Fetcher;
  ENVIRONMENT?: string;
  SESSION_SECRET?: string;
  JWT_SECRET?: string;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
}

declare module "virtual:public-images" {
  /** Every file under public/images, as a URL path ("/images/products/x-1.svg"). */
  const images: Set<string>;
  export default images;
}
