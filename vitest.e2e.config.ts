import { defineConfig } from "vitest/config";

/** Browser journeys: playwright-core driving Debian's chromium against the server scripts/e2e.mjs starts. */
export default defineConfig({
  test: {
    name: "e2e",
    include: ["test/e2e/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // A console.error, in this process or in a page of the browser (test/e2e/browser.ts), fails the journey.
    setupFiles: ["./test/console-guard.ts", "./test/e2e/fresh-limits.ts"],
  },
});
