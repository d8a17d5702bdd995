import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupSqliteDatabase } from "@/lib/db/backup-database";

// Backups while another process writes (issue 21, item 7): a real SQLite file, and a second
// process that holds an exclusive write transaction — as a run saving 300,000 results does once
// its changes spill out of the page cache — for longer than SQLite's 5 s busy timeout.

let folder: string;
let sourceFile: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "goldenset-backup-"));
  sourceFile = path.join(folder, "source.db");
  const database = new Database(sourceFile);
  database.exec("CREATE TABLE result (id INTEGER PRIMARY KEY, text TEXT NOT NULL)");
  database.prepare("INSERT INTO result (text) VALUES (?)").run("before the writer");
  database.close();
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/**
 * Starts a process that takes an exclusive lock on `file`, inserts `rows` rows, holds the lock
 * for `holdMs` and commits; resolves once the lock is held.
 */
async function startWriter(file: string, rows: number, holdMs: number): Promise<ChildProcess> {
  const script = `
    const Database = require("better-sqlite3");
    const database = new Database(process.argv[1]);
    database.exec("BEGIN EXCLUSIVE");
    const insert = database.prepare("INSERT INTO result (text) VALUES (?)");
    for (let index = 0; index < Number(process.argv[2]); index++) insert.run("written during the backup " + index);
    process.stdout.write("locked\\n");
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(process.argv[3]));
    database.exec("COMMIT");
    database.close();`;
  const writer = spawn(process.execPath, ["-e", script, file, String(rows), String(holdMs)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    writer.stdout?.once("data", () => resolve());
    writer.once("exit", (code) => reject(new Error(`the writer exited (${code}) before locking`)));
  });
  return writer;
}

function exited(process: ChildProcess): Promise<number | null> {
  if (process.exitCode !== null) return Promise.resolve(process.exitCode);
  return new Promise((resolve) => process.once("exit", (code) => resolve(code)));
}

describe("backupSqliteDatabase", () => {
  it("waits while another process holds a write transaction, says so, then copies its committed rows", async () => {
    const writer = await startWriter(sourceFile, 1000, 7000);
    const targetFile = path.join(folder, "waited.db");
    const waits: string[] = [];
    const started = Date.now();
    const copied = await backupSqliteDatabase({
      sourceFile,
      targetFile,
      onWait: (message) => waits.push(message),
    });
    expect(await exited(writer)).toBe(0);
    expect(Date.now() - started).toBeGreaterThan(5000);
    expect(waits.length).toBeGreaterThan(0);
    expect(waits[0]).toMatch(/busy.*writ/i);
    expect(copied.bytes).toBeGreaterThan(0);
    const copy = new Database(targetFile, { readonly: true });
    try {
      expect(copy.prepare("SELECT count(*) AS rows FROM result").get()).toEqual({ rows: 1001 });
      expect(copy.pragma("integrity_check")).toEqual([{ integrity_check: "ok" }]);
    } finally {
      copy.close();
    }
  }, 60_000);

  it("gives up after its wait with a message about the busy database, never a missing file", async () => {
    const writer = await startWriter(sourceFile, 10, 9000);
    const targetFile = path.join(folder, "gave-up.db");
    try {
      const attempt = backupSqliteDatabase({ sourceFile, targetFile, maxWaitMs: 1000 });
      await expect(attempt).rejects.toThrow(/busy.*nothing was written/is);
      await expect(attempt).rejects.not.toThrow(/ENOENT/);
      expect(existsSync(targetFile)).toBe(false);
    } finally {
      expect(await exited(writer)).toBe(0);
    }
  }, 60_000);
});
