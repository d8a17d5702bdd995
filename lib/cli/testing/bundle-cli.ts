import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "../../..");

/** Where the test bundle of the CLI goes; bin/goldenset runs it when GOLDENSET_CLI_BUNDLE=1. */
export const cliBundleFile = path.join(root, "node_modules", ".cache", "goldenset-cli", "main.mjs");

/**
 * Vitest global setup: bundles lib/cli/main.ts once per test run (esbuild, the transformer tsx
 * uses too; dependencies stay external) and sets GOLDENSET_CLI_BUNDLE=1, so the CLI processes the
 * tests spawn start from the bundle instead of tsx compiling and resolving ~200 modules in each:
 * 0.7–1.0 s of CPU per process instead of 1.5–2.7 s. The tests of bin/goldenset itself
 * (cli-anywhere, cli-packed-install) unset it.
 */
export default async function bundleCli(): Promise<void> {
  await build({
    entryPoints: [path.join(root, "lib", "cli", "main.ts")],
    outfile: cliBundleFile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    alias: { "@": root },
    banner: {
      js: 'import { createRequire as gsCreateRequire } from "node:module"; const require = gsCreateRequire(import.meta.url);',
    },
    logLevel: "error",
  });
  process.env.GOLDENSET_CLI_BUNDLE = "1";
}
