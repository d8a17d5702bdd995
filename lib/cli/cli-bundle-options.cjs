// The esbuild options of the CLI bundle (lib/cli/main.ts as one CommonJS file), shared by
// lib/cli/bundle-cli.ts (npm pack, the test run) and bin/goldenset (a checkout bundles the CLI as
// it starts). Plain CommonJS: bin/goldenset requires it before anything can compile TypeScript.
const path = require("node:path");

/**
 * The project's "@/…" imports are resolved at build time, so the bundle runs with plain Node
 * wherever it is; dependencies stay external (npm installs them beside it). CommonJS, not an ES
 * module: Node's CommonJS loader starts the CLI in about two thirds of the CPU time, which every
 * CLI process pays. `import.meta.url` (the generated Prisma client's) becomes the bundle's own URL.
 * Each command's module is initialised only when that command runs (lib/cli/commands.ts).
 */
function cliBundleOptions(root, outfile) {
  return {
    entryPoints: [path.join(root, "lib", "cli", "main.ts")],
    outfile,
    absWorkingDir: root,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    packages: "external",
    alias: { "@": root },
    define: { "import.meta.url": "__bundleUrl", "import.meta.dirname": "__dirname" },
    banner: { js: 'var __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
    logLevel: "error",
  };
}

module.exports = { cliBundleOptions };
