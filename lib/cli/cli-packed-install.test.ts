import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const folder = mkdtempSync(path.join(tmpdir(), "goldenset-packed-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function run(file: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync(file, args, { cwd: folder, encoding: "utf8", env: { ...process.env, ...env } });
}

/**
 * The CLI as someone installs it: `npm pack` of this checkout, `npm install <tarball>` into an
 * empty project (from npm's cache where it can; better-sqlite3 compiled at -O0, see below), then the installed
 * `goldenset` makes and fills a database in that folder.
 */
describe("goldenset installed from npm pack", () => {
  it("runs --help, migrate and seed from the installed package", { timeout: 600_000 }, () => {
    // --ignore-scripts: the checkout's generated client is packed as it is (prepack would regenerate it
    // in place while other test files load it)
    run("npm", ["pack", "--ignore-scripts", "--pack-destination", folder, root], {
      DATABASE_URL: `file:${root}/data/goldenset.db`,
    });
    const tarball = readdirSync(folder).find((name) => name.endsWith(".tgz"));
    expect(tarball).toBeDefined();
    writeFileSync(path.join(folder, "package.json"), '{ "name": "packed-install-check", "private": true }\n');
    // Offline, better-sqlite3's install script compiles SQLite from source (no prebuilt binary to
    // download): at -O3 that compile was most of this test's 3.5–5 minutes. -O0 (the last -O on the
    // compiler's command line wins) builds the same, working module in a tenth of the CPU time.
    run("npm", ["install", path.join(folder, tarball ?? ""), "--prefer-offline", "--no-audit", "--no-fund"], {
      CFLAGS: "-O0",
      CXXFLAGS: "-O0",
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
