import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "../..");

/** Where `npm pack` (prepack) puts the CLI bundle that an installed package runs (bin/goldenset). */
export const packagedCliBundle = path.join(root, "dist", "goldenset-cli.mjs");

/**
 * Bundles lib/cli/main.ts into one ES module with esbuild (the transformer tsx uses too). The
 * project's "@/…" imports are resolved here, at build time, so the bundle runs with plain Node
 * wherever the package is installed; dependencies stay external (npm installs them beside it).
 */
export async function bundleCli(outfile: string): Promise<void> {
  await build({
    entryPoints: [path.join(root, "lib", "cli", "main.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    alias: { "@": root },
    // the CLI's CommonJS dependencies and its own `require` calls need one in an ES module
    banner: {
      js: 'import { createRequire as gsCreateRequire } from "node:module"; const require = gsCreateRequire(import.meta.url);',
    },
    logLevel: "error",
  });
}

// `tsx lib/cli/bundle-cli.ts` (package.json's prepack) writes the packaged bundle
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  bundleCli(packagedCliBundle).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
