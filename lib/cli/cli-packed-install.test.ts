import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleCli, packagedCliBundle } from "./bundle-cli";

const root = path.resolve(import.meta.dirname, "../..");
const folder = mkdtempSync(path.join(tmpdir(), "goldenset-packed-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function run(file: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync(file, args, { cwd: folder, encoding: "utf8", env: { ...process.env, ...env } });
}

/**
 * A "local prebuild" (prebuild-install's own offline mechanism, the variable
 * npm_config_better_sqlite3_local_prebuilds) of the better-sqlite3 this checkout already built: its
 * install script then unpacks that instead of compiling SQLite again. The package and the adapter
 * (@prisma/adapter-better-sqlite3) ask for the same 11.x, so the installed package holds one copy,
 * this one; a copy of another version would still compile from source (at -O0, below), as it would
 * offline for anyone.
 */
function checkoutPrebuild(into: string): Record<string, string> {
  const packageJson = createRequire(path.join(root, "package.json")).resolve("better-sqlite3/package.json");
  const packageDir = path.dirname(packageJson);
  const { version } = JSON.parse(readFileSync(packageJson, "utf8")) as { version: string };
  const dir = path.join(into, "prebuilds");
  mkdirSync(dir);
  // the layout and name of a released prebuild: build/Release/better_sqlite3.node inside
  // better-sqlite3-v<version>-node-v<ABI>-<platform>-<arch>.tar.gz
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync("tar", ["-czf", path.join(dir, name), "-C", packageDir, "build/Release/better_sqlite3.node"]);
  return { npm_config_better_sqlite3_local_prebuilds: dir };
}

/**
 * The CLI as someone installs it: `npm pack` of this checkout, `npm install <tarball>` into an
 * empty project (from npm's cache where it can; better-sqlite3 from the checkout's own build —
 * see checkoutPrebuild), then the installed
 * `goldenset` makes and fills a database in that folder.
 */
describe("goldenset installed from npm pack", () => {
  it("runs --help, migrate and seed from the installed package", { timeout: 600_000 }, async () => {
    // --ignore-scripts: the checkout's generated client is packed as it is (prepack would regenerate it
    // in place while other test files load it); the CLI bundle, prepack's last step, is built here
    await bundleCli(packagedCliBundle);
    run("npm", ["pack", "--ignore-scripts", "--pack-destination", folder, root], {
      DATABASE_URL: `file:${root}/data/goldenset.db`,
    });
    const tarball = readdirSync(folder).find((name) => name.endsWith(".tgz"));
    expect(tarball).toBeDefined();
    writeFileSync(path.join(folder, "package.json"), '{ "name": "packed-install-check", "private": true }\n');
    // Offline, better-sqlite3's install script compiles SQLite from source (no prebuilt binary to
    // download): at -O3 that compile was most of this test's 3.5–5 minutes. The checkout's build
    // comes as a local prebuild; should the package and the adapter ever ask for different
    // versions again, -O0 (the last -O on the command line wins) builds the other in a tenth of the
    // CPU time. The install scripts still run, as they do for anyone installing.
    run("npm", ["install", path.join(folder, tarball ?? ""), "--prefer-offline", "--no-audit", "--no-fund"], {
      CFLAGS: "-O0",
      CXXFLAGS: "-O0",
      ...checkoutPrebuild(folder),
    });
    const {
      GOLDENSET_ROOT: _root,
      DATABASE_URL: _database,
      GOLDENSET_CLI_BUNDLE: _bundle,
      ...shell
    } = process.env;
    const goldenset = (args: string[]) =>
      execFileSync("npx", ["--no-install", "goldenset", ...args], {
        cwd: folder,
        encoding: "utf8",
        env: shell,
      });
    expect(goldenset(["--help"])).toContain("Usage: goldenset <command>");
    expect(goldenset(["migrate", "--help"])).toContain("usage: goldenset migrate");
    // no DATABASE_URL: an installed goldenset uses ./goldenset.db in the working directory
    expect(goldenset(["migrate"])).toContain("migrations have been successfully applied");
    expect(readdirSync(folder)).toContain("goldenset.db");
    expect(goldenset(["seed"])).toContain("Demo loaded into the empty database.");
  });
});
