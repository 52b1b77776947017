// ESLint for the browser client (static/, plain ES modules served as they are) and its unit tests
// (tests/unit/client/, run by `node --test`). Run from the repository's root, as `make lint` does
// (`eslint -c services/daimyo_gateway/eslint.config.js`), so the tests, which live with the other
// tests, are inside its base path. Types are tsc's job (tsconfig.json beside this file).

import js from "@eslint/js";
import globals from "globals";

const CLIENT = "services/daimyo_gateway";

export default [
  { ignores: [`${CLIENT}/static/vendor/**`] }, // third-party code, vendored unchanged
  js.configs.recommended,
  {
    files: [`${CLIENT}/static/**/*.js`],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: globals.browser },
  },
  {
    files: ["tests/unit/client/**/*.js", `${CLIENT}/eslint.config.js`],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: globals.node },
  },
  {
    rules: {
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
      "no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrors: "none" }],
      "no-implicit-globals": "error",
      "no-duplicate-imports": "error",
      "no-self-compare": "error",
      "no-template-curly-in-string": "error",
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
    },
  },
];
