import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The one patch of the framework (patches/@remix-run+router+1.23.3.patch, docs/decisions/019): the
 * server's route matcher keeps its ranked routes and compiled paths. `patch-package --error-on-fail`
 * stops `npm install` when it no longer applies; this checks it reaches the Worker wrangler uploads
 * (the CommonJS build it patches is the one the Worker bundles).
 */
describe("the patched route matcher", () => {
  const out = mkdtempSync(join(tmpdir(), "twistbloom-bundle-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("is installed", () => {
    const router = readFileSync("node_modules/@remix-run/router/dist/router.cjs.js", "utf8");
    expect(router).toContain("function compilePathUncached(");
    expect(router).toContain("rankedBranches.get(routes)");
  });

  it("is in the Worker's production bundle", { timeout: 120_000 }, () => {
    expect(existsSync("build/server/index.js"), "run `npm run build` first (npm test does)").toBe(true);
    execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", out], {
      stdio: "pipe",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    });
    const worker = readFileSync(join(out, "worker.js"), "utf8");
    // Minified, but wrangler keeps function names (keep_names), so the patched function is named.
    expect(worker).toContain('"compilePathUncached"');
  });
});
