import type { BuildOptions } from "esbuild";

/** The esbuild options that bundle lib/cli/main.ts of the checkout at `root` into `outfile`. */
export function cliBundleOptions(root: string, outfile: string): BuildOptions;
