import path from "node:path";
import js from "@eslint/js";
import eslintConfigPrettier from "eslint-config-prettier/flat";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The floors of server/, app/, app/admin/ and common/, lowest first (decisions 055 and 061, docs/decisions/):
 * a room (a folder, or a file at the top of server/, app/, app/admin/ or common/) imports only rooms on floors
 * below its own, types included, so no import runs back up and no two rooms import each other. Two files are
 * judged in the innermost of these that holds both: app/admin/ is one room of app/, and its folders are rooms
 * of their own. A new room is placed on a floor here before it lints (React Router's generated `+types` are
 * no room).
 */
const FLOORS = {
  server: [
    ["core", "db", "html", "work"],
    ["mail", "captcha", "http", "activity", "snapshots", "writes", "backups", "monitoring"],
    ["auth", "media"],
    ["revisions", "bookings"],
    ["trash"],
    ["catalogue", "users"],
    ["revision-restore", "leads", "seo", "seed", "spec-sheet", "search", "spreadsheets"],
    ["offers"],
    ["services.ts"],
    ["pages", "api"],
    ["app.ts"],
    ["process", "cli"],
  ],
  app: [
    ["lib", "styles", "admin", "company.ts", "build-info.ts", "page-request.server.ts"],
    ["i18n"],
    ["page-data"],
    ["components", "seo"],
    ["routes", "root.tsx", "routes.ts", "entry.server.tsx", "entry.client.tsx", "dictionary-scripts.d.ts"],
  ],
  "app/admin": [
    ["ui", "session"],
    ["api"],
    ["login", "editing", "translation", "passwords", "pictures"],
    ["specifications", "bookings", "security"],
    ["products", "banner", "leads", "revisions", "trash", "activity", "offers", "team"],
  ],
  common: [
    ["zod.ts", "cookies.ts", "text", "days"],
    ["language"],
    ["errors", "pages", "media", "pricing"],
    ["fields"],
    ["specifications"],
    ["catalogue"],
    ["schemas"],
    ["team"],
    ["bookings"],
    ["leads", "search", "activity", "trash", "revisions", "status"],
    ["offers"],
  ],
};

/** The room that holds `file` among the rooms of `top` (server/app.ts in "server" → "app.ts"), if `top` holds it. */
function roomIn(top, file) {
  const [room] = path.relative(path.join(import.meta.dirname, top), file).split(path.sep);
  return room && room !== ".." ? room : undefined;
}

/**
 * The file's room in the innermost top that holds it and `other` too (itself when `other` is left out):
 * app/admin/ui/texts.ts → { top: "app/admin", room: "ui" }; from app/routes/leads.tsx → { top: "app", room: "admin" }.
 */
function roomOf(file, other = file) {
  const top = Object.keys(FLOORS)
    .filter((top) => roomIn(top, file) && roomIn(top, other))
    .sort((a, b) => b.length - a.length)[0];
  return top ? { top, room: roomIn(top, file) } : undefined;
}

function floorOf({ top, room }) {
  return FLOORS[top].findIndex((rooms) => rooms.includes(room));
}

const floors = {
  rules: {
    "no-import-up": {
      meta: {
        type: "problem",
        schema: [],
        messages: {
          up: "{{from}} (floor {{fromFloor}}) may import only rooms on lower floors, not {{to}} (floor {{toFloor}}): see FLOORS in eslint.config.js.",
          unplaced: "{{room}} is on no floor: place it in FLOORS in eslint.config.js.",
        },
      },
      create(context) {
        const from = roomOf(context.filename);
        if (!from) return {};
        const fromFloor = floorOf(from);
        const check = (source) => {
          if (typeof source?.value !== "string" || !source.value.startsWith(".")) return;
          const target = path.resolve(path.dirname(context.filename), source.value);
          const to = roomOf(target, context.filename);
          if (!to) return;
          const here = roomOf(context.filename, target);
          if (to.room === here.room || to.room.startsWith("+")) return;
          const hereFloor = floorOf(here);
          const toFloor = floorOf(to);
          if (toFloor < 0)
            context.report({ node: source, messageId: "unplaced", data: { room: `${to.top}/${to.room}` } });
          else if (toFloor >= hereFloor) {
            context.report({
              node: source,
              messageId: "up",
              data: {
                from: `${here.top}/${here.room}`,
                fromFloor: hereFloor + 1,
                to: `${to.top}/${to.room}`,
                toFloor: toFloor + 1,
              },
            });
          }
        };
        return {
          Program: (node) => {
            if (fromFloor < 0)
              context.report({ node, messageId: "unplaced", data: { room: `${from.top}/${from.room}` } });
          },
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
        };
      },
    },
  },
};

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
      "@typescript-eslint/no-use-before-define": [
        "error",
        { functions: false, classes: false, variables: true, typedefs: false, ignoreTypeReferences: true },
      ],
    },
  },
  {
    files: ["server/**/*.ts", "app/**/*.{ts,tsx}", "common/**/*.ts"],
    plugins: { floors },
    rules: { "floors/no-import-up": "error" },
  },
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // DESIGN.md § Layout: app/ reaches server code only through the page services of its router
    // context (app/page-request.server.ts), never by importing it: types alone, so that neither the
    // browser bundle nor the page build holds a copy of server code
    // (docs/decisions/043-pages-reach-the-server-through-their-router.md). zod's value comes through common/zod.ts,
    // which makes it jitless in the browser before any schema exists (the pages' CSP allows no eval); types may come
    // from "zod" itself.
    files: ["app/**/*.{ts,tsx}", "common/**/*.ts"],
    ignores: ["common/zod.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              allowTypeImports: true,
              message: "Import z from common/zod.ts (jitless in the browser), not from zod.",
            },
          ],
          patterns: [
            {
              regex: "^(\\.\\./)+server/",
              allowTypeImports: true,
              message:
                "app/ imports only types from server/: call the server through servicesOf(context) (app/page-request.server.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // The API's routes and the pages reach the database only through a feature (server/auth/,
    // server/search/, ...), which keeps its rules beside its reads and writes; types included.
    files: ["server/api/**/*.ts", "server/pages/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+db/",
              message:
                "server/api/ and server/pages/ import nothing from server/db/: go through the feature's services (server/auth/, server/search/, ...).",
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
        {
          patterns: [
            { regex: "^(\\.\\./)+(app|server)/", message: "common/ is pure: it imports nothing from app/ or server/." },
          ],
        },
      ],
    },
  },
  {
    // Migrations are frozen in time and typed against an unknown schema, as Kysely's docs advise.
    files: ["server/db/migrations/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  // Layout is Prettier's (npm run lint:format): the rules that would argue with it are off (decision 041).
  eslintConfigPrettier,
);
