import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./functions/context";

const SHARED_MODULES = new RegExp(
  "/app/(components/(error-state|section|field-error|use-hydrated|personal|price|shop-link|use-root-data|toaster|newsletter-signup)" +
    "|lib/(nav|features|constants|seo|money|personal|honeypot|site|paper))\\.tsx?$",
);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    cloudflareDevProxyVitePlugin({ getLoadContext }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tailwindcss(),
    tsconfigPaths(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
    },
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
  },
  build: {
    minify: true,
    // The server build's map lets the uploaded Worker's stack traces name the source files
    // (wrangler.toml upload_source_maps); the browser's files get none.
    sourcemap: isSsrBuild,
    rollupOptions: {
      output: {
        // The small pieces every page shares (the root layout's own imports: the error screen, the
        // nav list, section frames, the toaster, links, prices, the footer's sign-up, the personal
        // parts) travel as one file instead of one request each.
        manualChunks(id) {
          if (SHARED_MODULES.test(id)) return "shared";
        },
      },
    },
  },
}));
