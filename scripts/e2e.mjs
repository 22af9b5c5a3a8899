// npm run test:e2e: the browser journeys in Debian's chromium against the real local server,
// every journey twice (JavaScript on and off).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { startOAuthStub } from "./lib/oauth-stub.mjs";
import { build, startSeededServer } from "./lib/server.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) {
  console.error(
    `Chromium is missing at ${CHROMIUM}. The browser tests use Debian's chromium:\n` +
      "  apt-get update && apt-get install -y chromium\n" +
      "(never `npx playwright install`: this machine cannot download browsers).",
  );
  process.exit(1);
}

if (process.env.SKIP_BUILD !== "1") build();
const port = Number(process.env.E2E_PORT || 8798);
const stateDir = `.wrangler/e2e-state-${port}`;
// Google, played by a local stand-in (docs/decisions/014): the e2e server gets fake keys for it and
// its origin, which a development Worker alone follows. X stays unconfigured.
const google = { clientId: "e2e-google-client.apps.googleusercontent.com", clientSecret: "e2e-google-client-secret" };
const stub = await startOAuthStub(google);
let server;
try {
  server = await startSeededServer({
    port,
    stateDir,
    vars: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      OAUTH_STUB_ORIGIN: stub.origin,
      // The origin of the links in the mails the daily jobs write (the return mails): this server's.
      SHOP_ORIGIN: `http://127.0.0.1:${port}`,
    },
  });
} catch (error) {
  await stub.stop();
  throw error;
}
let status = 1;
try {
  const reportDir = process.env.TEST_REPORT_DIR;
  const report = reportDir ? ["--reporter=default", "--reporter=json", `--outputFile.json=${reportDir}/e2e.json`] : [];
  // Not spawnSync: this process must keep answering as Google's stand-in while the journeys run.
  const vitest = spawn(
    "npx",
    ["vitest", "run", "--config", "vitest.e2e.config.ts", ...report, ...process.argv.slice(2)],
    {
      stdio: "inherit",
      env: { ...process.env, E2E_BASE_URL: server.url, E2E_STATE_DIR: stateDir, CHROMIUM_PATH: CHROMIUM },
    },
  );
  status = await new Promise((resolve) => {
    vitest.on("error", () => resolve(1));
    vitest.on("exit", (code) => resolve(code ?? 1));
  });
} finally {
  await server.stop();
  await stub.stop();
}
process.exit(status);
