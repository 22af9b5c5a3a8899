// npm test: the house style (Prettier, ESLint), the build, unit and service tests in Node, then the
// worker tests inside workerd. With TEST_REPORT_DIR set (CI), each run also writes a JSON report
// there (vitest's, and one of the same shape for the style checks).
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";

const reportDir = process.env.TEST_REPORT_DIR;
const report = (name) =>
  reportDir ? ["--reporter=default", "--reporter=json", `--outputFile.json=${reportDir}/${name}.json`] : [];
const extra = process.argv.slice(2);

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  return result.status ?? 1;
}

// The style checks run on the whole tree, only when no test files were named, with Redocly's lint of
// the API's OpenAPI document (docs/decisions/033-openapi-lint.md).
if (extra.length === 0) {
  const checks = [
    ["prettier", "npx", ["prettier", "--check", "--log-level", "warn", "."]],
    ["eslint", "npx", ["eslint", "--max-warnings", "0", "."]],
    ["redocly", "npm", ["run", "--silent", "lint:openapi"]],
  ];
  const failed = checks.filter(([name, command, args]) => {
    console.log(`== ${name}`);
    return run(command, args) !== 0;
  }).length;
  if (reportDir) {
    const result = { numTotalTests: checks.length, numPassedTests: checks.length - failed, numFailedTests: failed };
    writeFileSync(`${reportDir}/style.json`, JSON.stringify(result));
  }
  if (failed) {
    console.error("Style checks failed: `npx prettier --write .` fixes layout; ESLint and Redocly name the rest.");
    process.exit(1);
  }
}

// The build first: a unit test checks what the Worker's bundle holds (the framework's patch).
if (run("npm", ["run", "build", "--silent"]) !== 0) process.exit(1);
let status = run("npx", ["vitest", "run", ...report("node"), ...extra]);
status = run("npx", ["vitest", "run", "--config", "vitest.worker.config.ts", ...report("worker"), ...extra]) || status;
process.exit(status);
