// npm test: unit and service tests in Node, then the build, then the worker tests inside workerd.
// With TEST_REPORT_DIR set (CI), each run also writes a vitest JSON report there.
import { spawnSync } from "node:child_process";

const reportDir = process.env.TEST_REPORT_DIR;
const report = (name) =>
  reportDir ? ["--reporter=default", "--reporter=json", `--outputFile.json=${reportDir}/${name}.json`] : [];
const extra = process.argv.slice(2);

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  return result.status ?? 1;
}

let status = run("npx", ["vitest", "run", ...report("node"), ...extra]);
if (run("npm", ["run", "build", "--silent"]) !== 0) process.exit(1);
status = run("npx", ["vitest", "run", "--config", "vitest.worker.config.ts", ...report("worker"), ...extra]) || status;
process.exit(status);
