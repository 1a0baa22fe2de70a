// Lint rules for the whole repository; the reasons are in docs/decisions/0039-lint-and-format.md.
// Layout is Prettier's job alone: eslint-config-prettier, last, turns off every rule that would fight it.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The site's links and forms render without React Router's `data-discover` attribute, which only lazy
// route discovery reads (docs/decisions/0047): they come from the wrapper, which sets `discover="none"`.
const ROUTER_LINKS_FROM_WRAPPER = {
  name: "react-router",
  importNames: ["Link", "NavLink", "Form"],
  message:
    'Import Link, NavLink and Form from "~/components/ui/link": it renders them without data-discover, which nothing reads here (docs/decisions/0047).',
};

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "build/",
      ".e2e-build/",
      ".soak-build/",
      ".react-router/",
      "data/",
      "test-results/",
      "playwright-report/",
      "blob-report/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A leading `_` marks a parameter or binding that is deliberately unused.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // `import type` is erased, so a type taken from a server module never pulls that module into the client bundle.
      // An inline `import("…").Type` annotation is erased too, so it stays allowed.
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "separate-type-imports", disallowTypeAnnotations: false }],
      // `a && b()` and `c ? d() : e()` as statements are used on purpose in scripts and tests.
      "@typescript-eslint/no-unused-expressions": ["error", { allowShortCircuit: true, allowTernary: true }],
      // Sanitizers (safe redirects, article links, list keys) match control characters on purpose.
      "no-control-regex": "off",
      eqeqeq: ["error", "always", { null: "ignore" }],
    },
  },
  {
    // Kysely's own advice: a migration types its database as Kysely<any>, because it must keep
    // working after later migrations change the schema that the app's types describe.
    files: ["app/server/db/migrations/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/ui/link.tsx"],
    rules: {
      "no-restricted-imports": ["error", { paths: [ROUTER_LINKS_FROM_WRAPPER] }],
      // `fetcher.Form` writes data-discover too; the wrapper's FetcherForm does not.
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXOpeningElement[name.type='JSXMemberExpression'][name.property.name='Form']",
          message:
            'Write <FetcherForm fetcher={fetcher}> from "~/components/ui/link": it renders without data-discover (docs/decisions/0047).',
        },
      ],
    },
  },
  {
    // app/lib is pure: it runs in the browser and in tests without a database.
    // (A later block's options replace an earlier one's, so the wrapper rule is repeated here.)
    files: ["app/lib/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [ROUTER_LINKS_FROM_WRAPPER],
          patterns: [{ group: ["~/server/*", "**/server/*"], message: "app/lib is pure: it never imports from app/server." }],
        },
      ],
    },
  },
  {
    // Playwright fixtures take their dependencies as a destructured first argument, `({}, use)` when there are none.
    files: ["tests/**"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    // Where React code lives: JSX files, and the hooks and stores beside the components. Server
    // modules and app/lib's pure rules have none; the hooks plugin's compiler analysis of them
    // was half of ESLint's rule time.
    files: ["app/**/*.tsx", "app/components/**/*.ts"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      globals: { ...globals.browser },
    },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...reactHooks.configs.flat.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // TypeScript checks props; runtime prop-types would repeat it.
      "react/prop-types": "off",
      // Apostrophes and quotes in JSX text render as written; only `>` and `}` are likely typos.
      "react/no-unescaped-entities": ["error", { forbid: [">", "}"] }],
      // Outbound links keep the referrer on purpose (shops attribute the visit) and take their rel from
      // lib/offers/buy-link.ts, whose values all carry noopener; the rule cannot read a rel held in a variable.
      "react/jsx-no-target-blank": "off",
      // A missing dependency is a stale-closure bug: an error, silenced only with a comment saying why.
      "react-hooks/exhaustive-deps": "error",
      // These two exist to make components safe for the React Compiler, which this project does not use.
      // What they flag here is ordinary React: the hydration flag set in an effect, and a ref holding the
      // latest value for a listener that must not re-subscribe on every render.
      "react-hooks/set-state-in-effect": "off",
      "react-hooks/refs": "off",
    },
  },
  prettier,
);
