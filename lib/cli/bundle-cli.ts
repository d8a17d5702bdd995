import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { cliBundleOptions } from "@/lib/cli/cli-bundle-options.cjs";

const root = path.resolve(import.meta.dirname, "../..");

/** Where `npm pack` (prepack) puts the CLI bundle that an installed package runs (bin/goldenset). */
export const packagedCliBundle = path.join(root, "dist", "goldenset-cli.cjs");

/** Bundles lib/cli/main.ts into one CommonJS file with esbuild (options: cli-bundle-options.cjs). */
export async function bundleCli(outfile: string): Promise<void> {
  await build(cliBundleOptions(root, outfile));
}

// `tsx lib/cli/bundle-cli.ts` (package.json's prepack) writes the packaged bundle
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  bundleCli(packagedCliBundle).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
