// ESLint (flat config): typescript-eslint, React, hooks and jsx-a11y over the app, the Worker,
// the database code, scripts and tests. `npm test` runs it; Prettier owns the layout.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".wrangler/**",
      ".cache/**",
      "public/**",
      "bench/**/*.html",
      "bench/lighthouse/**",
      "node_modules/**",
      // openapi-typescript's output (`npm run openapi:types`), kept as it writes it.
      "test/generated/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    languageOptions: {
      globals: { ...globals.node, ...globals.browser, ...globals.serviceworker },
    },
    rules: {
      // A leading underscore names what is left out on purpose (a rest sibling, an unused argument).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // Input checks match control characters on purpose, to refuse them.
      "no-control-regex": "off",
    },
  },
  {
    files: ["test/**"],
    rules: {
      // Tests read untyped JSON answers and poke at the shapes they assert.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    settings: { react: { version: "detect" } },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A choice's label wraps its input and its text, two spans deep.
      "jsx-a11y/label-has-associated-control": ["error", { depth: 4 }],
    },
  },
  {
    // The markup every rendered page repeats (the layout, the account links, the cart's rows, the
    // review form of a kept page) links and posts with app/components/shop-link.tsx, which skips the
    // path resolving Remix's <Link> and <Form> do on every render (docs/decisions/019).
    files: [
      "app/root.tsx",
      "app/components/account-links.tsx",
      "app/components/cart-dropdown.tsx",
      "app/components/reviews/review-form.tsx",
      "app/routes/cart.tsx",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@remix-run/react",
              importNames: ["Link", "NavLink", "Form"],
              message: "Use ShopLink, ShopNavLink or PostForm (app/components/shop-link.tsx, decision 019).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
  },
);
