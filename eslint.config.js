// One ESLint config for the whole tree: the recommended rules of ESLint, typescript-eslint,
// React's hooks and jsx-a11y; formatting is Prettier's business (eslint-config-prettier turns
// the rules that would fight it off). `npm run lint` runs this and `prettier --check`.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "data/", "public/", "dist/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"],
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // An unused name is a leftover; a leading underscore says "unused on purpose".
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // Type information (TypeScript files only) for the rules that need it.
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A `!` or `as` that changes nothing hides what the types already say.
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
      // A promise nobody awaits loses its errors.
      "@typescript-eslint/no-floating-promises": "error",
    },
  },
  {
    // One import style (docs/architecture.md): within a folder ./x, across folders an alias.
    files: ["**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["../*"], message: "Across folders, import by alias: ~/ (app), #db/, #tests/ or #scripts/." }] },
      ],
    },
  },
  {
    // Kysely's advice: a migration types the database as `any`, so it never depends on today's
    // schema types and never changes after it has run.
    files: ["db/migrations/*.ts", "app/server/database/migrations.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Playwright fixtures: `use` hands the fixture's value to the test (not React's hook), and a
    // fixture that needs no other fixture must still destructure an empty object.
    files: ["tests/e2e/fixtures.ts"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
  {
    // The single executable's entry: Node runs it as CommonJS from inside the executable.
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  prettier,
);
