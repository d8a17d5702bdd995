import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "../..");

/** Where `npm pack` (prepack) puts the CLI bundle that an installed package runs (bin/goldenset). */
export const packagedCliBundle = path.join(root, "dist", "goldenset-cli.cjs");

/**
 * Bundles lib/cli/main.ts into one CommonJS file with esbuild (the transformer tsx uses too). The
 * project's "@/…" imports are resolved here, at build time, so the bundle runs with plain Node
 * wherever the package is installed; dependencies stay external (npm installs them beside it).
 * CommonJS, not an ES module: Node's CommonJS loader starts the CLI in about two thirds of the CPU
 * time (`goldenset seed --help`: ~0.5 s against ~0.66 s), which every CLI process pays; Node 20
 * requires the few ES-module-only dependencies as it imports them. `import.meta.url` (the
 * generated Prisma client's) becomes the bundle's own URL, as it was in an ES module bundle.
 */
export async function bundleCli(outfile: string): Promise<void> {
  await build({
    entryPoints: [path.join(root, "lib", "cli", "main.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    packages: "external",
    alias: { "@": root },
    define: { "import.meta.url": "__bundleUrl", "import.meta.dirname": "__dirname" },
    banner: { js: 'var __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
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
