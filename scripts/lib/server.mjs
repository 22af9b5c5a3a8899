// Starts the built Worker under `wrangler dev` on a fresh, migrated and seeded local D1 database
// kept in its own folder, so tests and benchmarks never touch the database `npm start` serves.
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";

// NODE_ENV=production makes wrangler bundle React's production build, as `wrangler deploy` does
// (`wrangler dev` would otherwise serve the development build, several times slower to render).
const env = { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false", NODE_ENV: "production" };

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: options.quiet ? "pipe" : "inherit", env });
  if (result.status !== 0) {
    if (options.quiet) process.stderr.write(result.stdout?.toString() + result.stderr?.toString());
    throw new Error(`${command} ${args.join(" ")} exited with ${result.status}`);
  }
}

export function build() {
  run("npm", ["run", "build"], { quiet: true });
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * `args`: more `wrangler dev` arguments (the profiler's `--inspector-port`); `vars`: more variables
 * for the Worker (the browser journeys' fake Google keys and its stand-in, `scripts/e2e.mjs` only).
 * @returns {Promise<{ url: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startSeededServer({ port, stateDir, args = [], vars = {} }) {
  rmSync(stateDir, { recursive: true, force: true });
  const persist = `--persist-to=${stateDir}`;
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", persist], { quiet: true });
  run("npx", ["tsx", "scripts/db.ts", "seed", persist], { quiet: true });
  return startServer({ port, stateDir, args, vars });
}

/** The built Worker on the database already in `stateDir` (kept as it is: the grown shop's, `npm run db:grow`). */
export async function startServer({ port, stateDir, args = [], vars = {} }) {
  const persist = `--persist-to=${stateDir}`;
  const server = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      persist,
      "--show-interactive-dev-session=false",
      "--var",
      "SESSION_SECRET:local-test-session-secret-0123456789",
      "--var",
      "JWT_SECRET:local-test-jwt-secret-0123456789",
      // A development server: delivered mail lands in the development mailbox (/dev/mail,
      // GET /api/dev/mail), where the browser journeys read their links (docs/decisions/020).
      // Nothing else differs from ENVIRONMENT=test (the secrets above are set; cookies are
      // Secure only in production or over HTTPS).
      "--var",
      "ENVIRONMENT:development",
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
      ...args,
    ],
    { stdio: ["ignore", "pipe", "pipe"], env, detached: true },
  );
  let output = "";
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/api/health`, 60_000);
  } catch (error) {
    process.stderr.write(output);
    process.kill(-server.pid, "SIGTERM");
    throw error;
  }
  return {
    url,
    /** `wrangler dev`'s pid, also its process group's (workerd among them). */
    pid: server.pid,
    output: () => output,
    stop: async () => {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    },
  };
}
