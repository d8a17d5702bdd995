import path from "node:path";
import { bundleCli } from "../bundle-cli";

const root = path.resolve(import.meta.dirname, "../../..");

/** Where the test bundle of the CLI goes; bin/goldenset runs it when GOLDENSET_CLI_BUNDLE=1. */
const cliBundleFile = path.join(root, "node_modules", ".cache", "goldenset-cli", "main.cjs");

/**
 * Vitest global setup: bundles the CLI once per test run and sets GOLDENSET_CLI_BUNDLE=1, so the
 * CLI processes the tests spawn start from the bundle instead of tsx compiling and resolving ~200
 * modules in each: ~0.5 s of CPU for `seed --help` instead of 1.3 s. The tests of bin/goldenset
 * itself (cli-anywhere, cli-packed-install) unset it.
 */
export default async function bundleCliForTests(): Promise<void> {
  await bundleCli(cliBundleFile);
  process.env.GOLDENSET_CLI_BUNDLE = "1";
}
