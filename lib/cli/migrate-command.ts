import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { databaseFilePath, projectRoot } from "@/lib/env";

type OptionValue = string | boolean | string[] | undefined;

/**
 * `goldenset migrate`: applies the pending migrations (prisma/migrations) to DATABASE_URL, creating
 * the file when it does not exist. Runs the package's own Prisma CLI (`migrate deploy`, the
 * JavaScript schema engine of prisma.config.ts): offline, no engine download.
 */
export const migrateCommand = {
  usage: `usage: goldenset migrate

Apply the pending database migrations to DATABASE_URL (a new file is created, its folder too).
Safe to run again: applied migrations are skipped. Exit 0 when the database is up to date, 1 when
a migration failed.`,
  options: { help: { type: "boolean", short: "h" } } as Record<
    string,
    { type: "string" | "boolean"; short?: string; multiple?: boolean }
  >,
  run: async (_args: { values: Record<string, OptionValue>; positionals: string[] }): Promise<number> => {
    const root = projectRoot();
    const file = databaseFilePath();
    mkdirSync(path.dirname(file), { recursive: true });
    const prismaCli = createRequire(path.join(root, "package.json")).resolve("prisma/build/index.js");
    const args = [prismaCli, "migrate", "deploy", "--config", path.join(root, "prisma.config.ts")];
    return await new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        cwd: root,
        env: { ...process.env, DATABASE_URL: `file:${file}`, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
        stdio: ["ignore", "inherit", "inherit"],
      });
      child.on("error", reject);
      child.on("exit", (code) => resolve(code === 0 ? 0 : 1));
    });
  },
};
