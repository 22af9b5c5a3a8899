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
  },
});
