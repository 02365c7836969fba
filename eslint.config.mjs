// ESLint for the TypeScript and JavaScript of the shell UI (src, prerender, test),
// platform-enums and the browser tests (e2e): the recommended JS and typescript-eslint
// rules and the React hooks rules. No style rules: formatting is not linted here.
//
// typescript-eslint needs TypeScript's JS compiler API, which TypeScript 7 no longer
// ships, so the root's `typescript` is the @typescript/typescript6 alias (for the
// linter only); the workspaces type-check with their own TypeScript 7 `tsc`.
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  {
    ignores: ["**/node_modules/", "**/dist/"],
  },
  {
    files: [
      "shell-ui/src/**/*.{ts,tsx}",
      "shell-ui/prerender/**/*.{ts,tsx,mjs}",
      "shell-ui/test/**/*.{ts,tsx}",
      "shell-ui/vite.config.ts",
      "shell-ui/shortClassNames.ts",
      "platform-enums/**/*.ts",
      "e2e/**/*.mjs",
    ],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A leading underscore marks a parameter or binding kept on purpose (a fake's signature,
      // a field left out of a rest object).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["shell-ui/src/**/*.{ts,tsx}", "shell-ui/prerender/**/*.{ts,tsx}", "shell-ui/test/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: globals.browser },
    // The rules of hooks, both as errors. The plugin's React Compiler rules (refs,
    // set-state-in-effect, ...) stay off: the shell is not built with the compiler, and the
    // latest-value refs they flag are deliberate.
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // Build scripts and browser tests run in Node (the browser tests also send code into the page).
    files: ["shell-ui/prerender/**/*.mjs", "shell-ui/vite.config.ts", "e2e/**/*.mjs"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
