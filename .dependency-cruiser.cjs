/**
 * The house's import rules (docs/decisions/0022-code-layout.md), checked by `npm run lint`:
 * no import circle (types included), the browser's code never reaches the server's, the database's
 * folder stands alone, and the PayPal simulator is reached only by its demo route and the tests.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import circle: two modules that need each other belong together, or a shape they share belongs in app/lib.",
      from: {},
      to: { circular: true },
    },
    {
      name: "browser-code-imports-no-server",
      severity: "error",
      comment: "components/ and lib/ run in the browser: they never import app/server, app/routes or a *.server module (types included).",
      from: { path: "^app/(components|lib)/" },
      to: { path: ["^app/server/", "^app/routes/", "\\.server\\.tsx?$"] },
    },
    {
      name: "mail-knows-no-business",
      severity: "error",
      comment:
        "mail/ writes and sends what the domains give it: it imports app/lib, the database and the platform, never a business domain (the circle of issue 39 ran through it).",
      // Its tests drive whole flows (an order placed, paid and mailed) and may import them.
      from: { path: "^app/server/mail/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^app/server/(accounts|admin|cart|catalog|checkout|orders|discounts|payments|paypal-sim|demo)/" },
    },
    {
      name: "db-stands-alone",
      severity: "error",
      comment: "db/ (migrations, schema, demo seed data) never imports app/: the app imports it.",
      from: { path: "^db/" },
      to: { path: "^app/" },
    },
    {
      name: "simulator-only-for-demo-and-tests",
      severity: "error",
      comment: "The PayPal simulator is a test double: only its demo routes and the tests import it.",
      from: { pathNot: ["^app/server/paypal-sim/", "^app/routes/paypal-sim/", "\\.test\\.tsx?$", "^tests/"] },
      to: { path: "^app/server/paypal-sim/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^build/", "^\\.react-router/", "^node_modules/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
    moduleSystems: ["es6", "cjs"],
  },
};
