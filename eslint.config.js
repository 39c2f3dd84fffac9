import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "data/", ".react-router/", "node_modules/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // A const or let read before its declaration, even from a callback, is a ReferenceError when the
      // callback runs first (vi.waitFor calls it at once); TypeScript reports it only outside functions.
      // Function declarations are hoisted whole; types and classes read from functions are safe.
      "@typescript-eslint/no-use-before-define": ["error", { functions: false, classes: false, variables: true, typedefs: false, ignoreTypeReferences: true }],
    },
  },
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // DESIGN.md § Layout: app/ reaches server code only through the page services of its router
    // context (app/page-request.server.ts), never by importing it: types alone, so that neither the
    // browser bundle nor the page build holds a copy of server code (docs/decisions/043-pages-reach-the-server-through-their-router.md).
    // zod's value comes through common/zod.ts, which makes it jitless in the browser before any schema
    // exists (the pages' CSP allows no eval); types may come from "zod" itself.
    files: ["app/**/*.{ts,tsx}", "common/**/*.ts"],
    ignores: ["common/zod.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", allowTypeImports: true, message: "Import z from common/zod.ts (jitless in the browser), not from zod." }],
          patterns: [
            {
              regex: "^(\\.\\./)+server/",
              allowTypeImports: true,
              message: "app/ imports only types from server/: call the server through servicesOf(context) (app/page-request.server.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["common/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(\\.\\./)+(app|server)/", message: "common/ is pure: it imports nothing from app/ or server/." }] },
      ],
    },
  },
  {
    // Migrations are frozen in time and typed against an unknown schema, as Kysely's docs advise.
    files: ["server/db/migrations/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
