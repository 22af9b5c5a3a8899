/**
 * The layers, checked by `npm test` (test/unit/layers.test.ts runs `depcruise`). Imports run down only:
 *
 *   functions/worker    wrangler's main: the server build (build/server) and nothing else of the app
 *        :
 *   app/routes, app/root, app/entry.*   functions/handler, functions/api     (the two faces)
 *        |            \                        |
 *        |        app/components (UI)          |
 *        v                                     v
 *   app/http/pages  (Remix-only plumbing: guards, toasts, forms, cart cookie)
 *        v
 *   app/http        (request plumbing of both faces: context, cookies, session, CSRF, signatures, edge cache)
 *        v
 *   app/services    (domain operations, `db` first)
 *        v
 *   db              (schema, client, seed)          app/lib (pure, isomorphic: any layer may use it)
 *
 * The Worker (functions/handler: /api to Hono, the rest to Remix; queue; cron) travels in the server
 * build, exported by app/entry.server, so that the app's code is bundled once: whatever the main
 * imported of the app would be a second copy beside the build's. entry.server -> functions/handler
 * and (for `remix vite:dev`) routes/api.$ -> functions/api are the only arrows from app/ to functions/.
 *
 * docs/decisions/008-layers-and-the-published-contract.md says why.
 */
const NOT_TYPE = { dependencyTypesNot: ["type-only"] };

module.exports = {
  forbidden: [
    {
      name: "lib-is-pure",
      comment: "app/lib runs in the browser too: it imports nothing of the app but app/lib.",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: "^(app/(?!lib/)|db/|functions/)" },
    },
    {
      name: "lib-no-server-packages",
      comment: "app/lib stays free of server and framework packages.",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: "node_modules/(@remix-run|hono|drizzle-orm|@libsql|jose|remix-toast)/" },
    },
    {
      name: "db-below-the-app",
      comment:
        "db/ is the bottom layer, its seed too: it may use app/lib (schemas, constants, password hashing), nothing above.",
      severity: "error",
      from: { path: "^db/" },
      to: { path: "^(app/(?!lib/)|functions/)" },
    },
    {
      name: "services-are-domain",
      comment: "Domain services take `db` first; they know nothing of requests, pages or the API.",
      severity: "error",
      from: { path: "^app/services/" },
      to: { path: "^(app/(http|routes|components)/|app/root|app/entry|functions/)" },
    },
    {
      name: "serializers-below-the-services",
      comment:
        "Serializers (the wire's schemas, columns and row mappers) are the bottom of the services: services use them, they use no service, not even a type (sql.ts and images.server.ts are helpers, not services).",
      severity: "error",
      from: { path: "^app/services/serializers/" },
      to: { path: "^app/services/(?!serializers/|sql\\.ts$|images\\.server\\.ts$)" },
    },
    {
      name: "services-no-frameworks",
      comment: "Domain services do not depend on Remix or Hono.",
      severity: "error",
      from: { path: "^app/services/" },
      to: { path: "node_modules/(@remix-run|hono|remix-toast)/" },
    },
    {
      name: "http-below-the-faces",
      comment: "Request plumbing serves pages and API alike: it never imports either face or the UI.",
      severity: "error",
      from: { path: "^app/http/" },
      to: { path: "^(app/(routes|components)/|app/root|app/entry|functions/)" },
    },
    {
      name: "http-is-framework-neutral",
      comment: "app/http (outside app/http/pages) is shared with the Hono API: no Remix in it.",
      severity: "error",
      from: { path: "^app/http/(?!pages/)" },
      to: { path: "(^app/http/pages/|node_modules/(@remix-run|remix-toast|hono)/)" },
    },
    {
      name: "components-are-ui",
      comment: "Components get their data as props: no data access, no request plumbing (types may be named).",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: "^(app/(services|http|routes)/|db/|functions/)", ...NOT_TYPE },
    },
    {
      name: "nothing-imports-the-root",
      comment:
        "root.tsx is the top of the page tree: what the root's data looks like is read through useRootData (app/components), typed by the loader in app/http/pages.",
      severity: "error",
      from: { path: "^app/(?!root)" },
      to: { path: "^app/root" },
    },
    {
      name: "no-route-imports-a-route",
      comment: "What two routes share lives in app/components, app/lib or a layer below.",
      severity: "error",
      from: { path: "^app/routes/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "pages-do-not-import-the-api",
      comment:
        "Pages call services, not the JSON API's handlers (api.$ only hands /api/* to Hono under `remix vite:dev`; entry.server carries the Worker).",
      severity: "error",
      from: { path: "^app/", pathNot: "^app/(routes/api\\.\\$\\.ts|entry\\.server\\.tsx)$" },
      to: { path: "^functions/" },
    },
    {
      name: "two-doors-from-app-to-functions",
      comment:
        "entry.server imports the Worker (functions/handler.ts) and api.$ the Hono app (functions/api/index.ts), nothing else of functions/.",
      severity: "error",
      from: { path: "^app/(routes/api\\.\\$\\.ts|entry\\.server\\.tsx)$" },
      to: { path: "^functions/(?!(handler|api/index)\\.ts$)" },
    },
    {
      name: "worker-is-below-the-entry",
      comment:
        "The Worker is carried by entry.server: nothing in functions/ imports the entry, a route, the UI or wrangler's main (the Worker may fill kept pages through app/http/pages).",
      severity: "error",
      from: { path: "^functions/" },
      to: { path: "(^app/(routes|components)/|^app/root|^app/entry|^functions/worker\\.ts$)" },
    },
    {
      name: "worker-main-is-the-build-only",
      comment:
        "Wrangler's main imports the server build (and cloudflare:* modules) only: anything of the app or a package imported here is bundled a second time beside the build's copy.",
      severity: "error",
      from: { path: "^functions/worker\\.ts$" },
      to: { path: "(^(app|db|functions)/|node_modules/)", ...NOT_TYPE },
    },
    {
      name: "api-has-no-remix",
      comment: "The Hono API never loads Remix, its pages or their plumbing.",
      severity: "error",
      from: { path: "^functions/api/" },
      to: { path: "(^app/(routes|components|http/pages)/|^app/root|node_modules/(@remix-run|remix-toast)/)" },
    },
    {
      name: "no-circular",
      severity: "error",
      from: {},
      to: { circular: true, ...NOT_TYPE },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|node_modules|\\.wrangler)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".d.ts"],
    },
    combinedDependencies: true,
  },
};
