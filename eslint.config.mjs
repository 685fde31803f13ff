// `npm run lint` (and a step of `npm test`): Next's rules (core web vitals, React, React hooks,
// accessibility, imports) and typescript-eslint's, over every source file that is not generated.
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // Leaving a property out by destructuring the rest (`const { secret: _s, ...rest } = row`).
      "@typescript-eslint/no-unused-vars": ["warn", { ignoreRestSiblings: true, argsIgnorePattern: "^_" }],
      // Only says which components the React Compiler would skip (react-hook-form's watch() in the
      // forms); the compiler is off (next.config.ts), so there is nothing to act on.
      "react-hooks/incompatible-library": "off",
      // Prettier wraps code at 120 columns but never splits a string or a comment: this catches the rest. A line
      // may run longer only for one string, template or URL (a Tailwind class list, a statement of SQL).
      "max-len": [
        "error",
        { code: 140, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreRegExpLiterals: true },
      ],
    },
  },
  // Generated or run-time folders (the list replaces eslint-config-next's own default ignores).
  globalIgnores([
    ".next/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    ".data/**",
    ".test-data/**",
    ".e2e-data/**",
    "test-results/**",
    ".test-results/**",
    "playwright-report/**",
    "blob-report/**",
    "bench/.out/**",
    "db/migrations/**",
  ]),
]);
