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
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
  },
);
