// npm start: build, migrate and seed the local D1 database, then serve the shop with wrangler.
import { spawnSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";

const port = process.env.PORT || "8787";
// NODE_ENV=production: wrangler bundles React's production build, as `wrangler deploy` does.
const env = {
  ...process.env,
  CI: "true",
  WRANGLER_SEND_METRICS: "false",
  NODE_ENV: process.env.NODE_ENV || "production",
};

function run(command, args) {
  console.log(`\n> ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(".dev.vars")) {
  // Local secrets for this machine only; production secrets are set with `wrangler secret put`.
  const secret = () => randomBytes(32).toString("hex");
  writeFileSync(".dev.vars", `ENVIRONMENT=development\nSESSION_SECRET=${secret()}\nJWT_SECRET=${secret()}\n`);
  console.log("Created .dev.vars with random local secrets");
}

if (process.env.SKIP_BUILD !== "1") run("npm", ["run", "build"]);
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local"]);
// The seed, then the demo shop's two years of orders (once; scripts/grow.ts --history).
run("npx", ["tsx", "scripts/db.ts", "seed", "--history"]);

console.log(`\nServing Twistbloom at http://localhost:${port}`);
const server = spawn(
  "npx",
  ["wrangler", "dev", "--port", port, "--ip", "0.0.0.0", "--show-interactive-dev-session=false"],
  {
    stdio: "inherit",
    env,
  },
);
const stop = () => server.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => process.exit(code ?? 0));
