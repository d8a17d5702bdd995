/**
 * Goldenset's layers, lowest first. A module may import its own layer and the layers below it,
 * never a layer above (README.md, "Development"). Tests and test support (`*.test.ts`, `testing/`)
 * sit outside the layers: they may reach anything to set up what they check.
 *
 *   foundation   lib/errors.ts, lib/env.ts, lib/storable-text.ts (what text a database stores),
 *                lib/database-provider.ts (a pure leaf: which database a URL names),
 *                lib/readable-zod-messages.ts (the words of zod's messages, installed once)
 *   domain       pure concepts and formats: no database, no framework
 *   data         lib/db: Prisma access, one module per aggregate
 *   application  use cases that combine domain logic with data access
 *   interface    lib/http, lib/cli, app/, components/, instrumentation(-client).ts, proxy.ts
 */
const foundation = "^lib/(errors|env|storable-text|database-provider|readable-zod-messages)\\.ts$";
const domain =
  "^lib/(agreement|anchor|api|chunking|comparisons|configs|corpora|eval|exchange|jobs|judging|labeling|logs|pooling|retrieval|sets|text|throttle)(/|\\.ts$)";
const data = "^lib/db/";
const application = "^lib/(api-tokens|auth|curation|demo|judging-runs|queue|runs|search|worker)/";
const interfaceLayer = "^(lib/(http|cli)/|app/|components/|instrumentation(-client)?\\.ts$|proxy\\.ts$)";
const testCode = "(\\.test\\.tsx?$|/testing/)";

/** Packages that do I/O or belong to the framework: none of them below the data layer. */
const infrastructurePackages =
  "^(@prisma/|generated/prisma(-postgresql)?/|better-sqlite3|pg|better-auth|next|react|react-dom)($|/)";

module.exports = {
  forbidden: [
    {
      name: "foundation-imports-no-layer",
      comment: "lib/errors.ts and lib/env.ts are imported by every layer and import none of them.",
      severity: "error",
      from: { path: foundation },
      to: { path: "^(lib|app|components)/", pathNot: foundation },
    },
    {
      name: "domain-stays-pure",
      comment:
        "Domain folders (metrics, anchoring, chunking, retrieval, formats, schemas) import no database, use case or interface code.",
      severity: "error",
      from: { path: domain, pathNot: testCode },
      to: { path: `(${data}|${application}|${interfaceLayer})`, pathNot: domain },
    },
    {
      name: "domain-uses-no-database-or-framework",
      comment: "Domain code runs in a unit test without Prisma, Next.js, React or better-auth.",
      severity: "error",
      from: { path: domain, pathNot: testCode },
      to: { path: infrastructurePackages },
    },
    {
      name: "data-access-only",
      comment:
        "lib/db holds data access: it may use the domain (schemas, pure helpers), never a use case or the interface.",
      severity: "error",
      from: { path: data, pathNot: testCode },
      to: { path: `(${application}|${interfaceLayer})` },
    },
    {
      name: "components-below-app",
      comment:
        "components/ are reusable pieces of the interface: they take what a page gives them and import nothing from app/.",
      severity: "error",
      from: { path: "^components/", pathNot: testCode },
      to: { path: "^app/" },
    },
    {
      name: "application-below-interface",
      comment: "Use cases do not reach up into routes, pages, components or CLI commands.",
      severity: "error",
      from: { path: application, pathNot: testCode },
      to: { path: interfaceLayer },
    },
    {
      name: "lib-below-app",
      comment: "Nothing in lib/ imports app/ or components/.",
      severity: "error",
      from: { path: "^lib/", pathNot: testCode },
      to: { path: "^(app|components)/" },
    },
    {
      name: "components-render-only",
      comment: "Components render what lib returns; they never touch the database or the worker.",
      severity: "error",
      from: { path: "^components/", pathNot: testCode },
      to: {
        path: `(${data}|^lib/(worker|demo|curation|queue|runs)/|^(@prisma/|generated/prisma(-postgresql)?/|better-sqlite3|pg|@prisma/adapter-pg))`,
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "no-test-code-in-product",
      comment: "Product code never imports tests or test support.",
      severity: "error",
      from: { pathNot: testCode },
      to: { path: testCode },
    },
    {
      name: "every-file-in-a-layer",
      comment: "A new lib/ folder must be given a layer in .dependency-cruiser.cjs.",
      severity: "error",
      from: {
        path: "^lib/",
        pathNot: `(${foundation}|${domain}|${data}|${application}|${interfaceLayer}|${testCode})`,
      },
      to: {},
    },
    {
      name: "no-circular",
      comment: "No module imports itself through others.",
      severity: "error",
      from: { pathNot: testCode },
      to: { circular: true, viaOnly: { pathNot: testCode, dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "not-to-unresolvable",
      comment: "Every import resolves to a file or an installed package.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next|generated)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
