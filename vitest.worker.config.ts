import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

/** Worker tests: the built Worker inside workerd, with a real local D1 (migrations applied, seed loaded). */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      tsconfigPaths(),
      cloudflareTest({
        main: "./functions/worker.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            ENVIRONMENT: "test",
            SESSION_SECRET: "test-session-secret-0123456789abcdef",
            JWT_SECRET: "test-jwt-secret-0123456789abcdef",
            // Social login's providers are configured in every worker test (their endpoints are answered by the tests).
            GOOGLE_CLIENT_ID: "test-google-client.apps.googleusercontent.com",
            GOOGLE_CLIENT_SECRET: "test-google-client-secret",
            TWITTER_CLIENT_ID: "test-twitter-client-id",
            TWITTER_CLIENT_SECRET: "test-twitter-client-secret",
          },
        },
      }),
    ],
    test: {
      name: "worker",
      include: ["test/worker/**/*.test.ts"],
      setupFiles: ["./test/console-guard.ts", "./test/worker/setup.ts"],
      testTimeout: 30_000,
      // Two files at a time even on two cores: much of a worker test is waiting on workerd, and each
      // file has its own storage (on a 2-core machine, 162 s -> 126 s for eight files).
      maxWorkers: Math.max(2, availableParallelism() - 1),
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"] } } },
    },
  };
});
