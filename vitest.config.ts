import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

/** Unit (pure app/lib code) and service (app/services against a real libSQL database) tests, in Node. */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Every project: a console.error (or a React warning) during a test fails it (test/console-guard.ts).
    setupFiles: ["./test/console-guard.ts"],
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["test/unit/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: { name: "service", include: ["test/service/**/*.test.ts"], environment: "node", testTimeout: 30_000 },
      },
    ],
  },
});
