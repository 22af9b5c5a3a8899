/**
 * The three pieces of Sentry's SDK the shop uses, named so that the bundler keeps only them and what
 * they need (the SDK's whole module is half a megabyte). Imported only by error-report.server's
 * `import()`, so its code runs on first use, never at start-up (docs/decisions/032).
 */
export { captureException, linkedErrorsIntegration, withSentry } from "@sentry/cloudflare";
