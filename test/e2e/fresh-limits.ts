import { spawnSync } from "node:child_process";
import { beforeAll } from "vitest";

/**
 * Every journey's browser is the same client (127.0.0.1) for the whole run, and the shop counts
 * registrations, guest orders and sign-in attempts per client per hour (docs/decisions/022): more
 * journeys than one person makes in an hour. Each test file starts with the counters cleared, as a
 * new visitor would; the limits themselves are proved by the worker and service tests.
 */
beforeAll(() => {
  const stateDir = process.env.E2E_STATE_DIR;
  if (!stateDir) return;
  const result = spawnSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", `--persist-to=${stateDir}`, "--command", "DELETE FROM rate_limits"],
    {
      env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
      encoding: "utf8",
    },
  );
  if (result.status !== 0) throw new Error(`could not clear the rate limits: ${result.stderr}`);
});
