import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise, type IReporterOutput } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { afterAll, describe, expect, it } from "vitest";

// The layer rules of .dependency-cruiser.cjs (docs/decisions/008): imports run down only.
const config = createRequire(import.meta.url)("../../.dependency-cruiser.cjs") as {
  forbidden: unknown[];
  options: Record<string, unknown>;
};
const root = path.resolve(__dirname, "../..");

type Violation = { rule: { name: string }; from: string; to: string };

async function violations(baseDir: string, folders: string[], tsConfig?: string): Promise<Violation[]> {
  const { options } = config;
  const result = (await cruise(
    folders,
    {
      ...options,
      baseDir,
      validate: true,
      ruleSet: { forbidden: config.forbidden } as never,
      tsConfig: tsConfig ? { fileName: tsConfig } : undefined,
    },
    undefined,
    tsConfig ? { tsConfig: extractTSConfig(path.join(baseDir, tsConfig)) } : undefined,
  )) as IReporterOutput;
  const output = result.output as { summary: { violations: Violation[] } };
  return output.summary.violations;
}

const planted: string[] = [];
function plant(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "layers-"));
  planted.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
afterAll(() => {
  for (const dir of planted) rmSync(dir, { recursive: true, force: true });
});

describe("layers", () => {
  it("the tree has no import that runs up a layer", async () => {
    const found = await violations(root, ["app", "functions", "db"], "tsconfig.json");
    expect(found.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  }, 30_000);

  it("holds wrangler's main to the server build only", () => {
    const main = /^main = "(.+)"$/m.exec(readFileSync(path.join(root, "wrangler.toml"), "utf8"))?.[1];
    const rule = config.forbidden.find((r) => (r as { name: string }).name === "worker-main-is-the-build-only") as {
      from: { path: string };
    };
    expect(main).toMatch(new RegExp(rule.from.path));
  });

  it.each([
    [
      "a domain service importing request plumbing",
      "app/services/orders.server.ts",
      "../http/session.server",
      "services-are-domain",
    ],
    ["pure lib importing a service", "app/lib/money.ts", "../services/orders.server", "lib-is-pure"],
    ["a route importing another route", "app/routes/blog.$slug.tsx", "./blog._index", "no-route-imports-a-route"],
    [
      "shared plumbing importing Remix-only plumbing",
      "app/http/session.server.ts",
      "./pages/toast.server",
      "http-is-framework-neutral",
    ],
    [
      "the API importing a page helper",
      "functions/api/orders.ts",
      "../../app/http/pages/guards.server",
      "api-has-no-remix",
    ],
    ["a component reading data", "app/components/card.tsx", "../services/orders.server", "components-are-ui"],
    ["the schema importing a service", "db/schema.ts", "../app/services/orders.server", "db-below-the-app"],
    [
      "wrangler's main importing the app beside the server build",
      "functions/worker.ts",
      "../app/services/orders.server",
      "worker-main-is-the-build-only",
    ],
    ["a page importing the Worker", "app/root.tsx", "../functions/handler", "pages-do-not-import-the-api"],
    [
      "the server build's root importing more of functions/ than the Worker",
      "app/entry.server.tsx",
      "../functions/context",
      "two-doors-from-app-to-functions",
    ],
    ["the Worker importing a route", "functions/handler.ts", "../app/routes/blog._index", "worker-is-below-the-entry"],
    [
      "a serializer importing a service",
      "app/services/serializers/order.ts",
      "../orders.server",
      "serializers-below-the-services",
    ],
    ["a component importing the root", "app/components/card.tsx", "../root", "nothing-imports-the-root"],
    ["the seed importing a service", "db/seed/index.ts", "../../app/services/orders.server", "db-below-the-app"],
  ])("fails on a planted backward import: %s", async (_what, from, specifier, rule) => {
    const dir = plant({
      "app/services/orders.server.ts": "export const orders = 1;\n",
      "app/http/session.server.ts": "export const session = 1;\n",
      "app/http/pages/toast.server.ts": "export const toast = 1;\n",
      "app/http/pages/guards.server.ts": "export const guard = 1;\n",
      "app/routes/blog._index.tsx": "export const list = 1;\n",
      "functions/handler.ts": "export const worker = 1;\n",
      "functions/context.ts": "export const context = 1;\n",
      "app/root.tsx": "export const root = 1;\n",
      [from]: `import * as planted from "${specifier}";\nexport const uses = planted;\n`,
    });
    const found = await violations(
      dir,
      ["app", "functions", "db"].filter((folder) => from.startsWith(folder) || folder === "app"),
    );
    expect(found.map((v) => v.rule.name)).toContain(rule);
  });
});
