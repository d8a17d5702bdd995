import { execFile } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOLDENSET_BIN, runGoldenset } from "@/lib/cli/testing/run-goldenset";
import { createPrismaClient } from "@/lib/db/client";
import { createTestDatabase, testDatabaseProvider } from "@/lib/db/testing/test-database";
import { createDemoTestDatabase } from "@/lib/demo/testing/demo-test-database";

// The CLI as a user runs it: the real executable, a real SQLite file, real files.
const demoDir = path.resolve(import.meta.dirname, "../prisma/demo");
const run = promisify(execFile);

async function goldenset(url: string, ...args: string[]) {
  return goldensetWithEnv({}, url, ...args);
}

function goldensetWithEnv(variables: Record<string, string>, url: string, ...args: string[]) {
  return runGoldenset(url, args, variables);
}

/** `goldenset add-user` with the three things it asks for. */
function addUser(url: string, user: { role: string; email: string; password: string }) {
  return goldenset(url, "add-user", "--role", user.role, "--email", user.email, "--password", user.password);
}

let source: ReturnType<typeof createTestDatabase>;
let target: ReturnType<typeof createTestDatabase>;

beforeAll(async () => {
  source = await createDemoTestDatabase();
  target = createTestDatabase();
}, 120_000);

afterAll(async () => {
  await source.dispose();
  await target.dispose();
});

describe("bin/goldenset", () => {
  it("prints its help", async () => {
    const { code, stdout } = await goldenset(target.url, "--help");
    expect(code).toBe(0);
    expect(stdout).toMatch(/import-corpus FILE --corpus NAME/);
    expect(stdout).toMatch(/export-set NAME --out FILE/);
  });

  it("runs from any working directory, not only the checkout's", async () => {
    const { stdout } = await run(process.execPath, [GOLDENSET_BIN, "--help"], {
      cwd: tmpdir(),
      env: { ...process.env, DATABASE_URL: target.url },
    });
    expect(stdout).toMatch(/export-set NAME --out FILE/);
  });

  it("rejects an unknown command with exit code 2", async () => {
    const { code, stderr } = await goldenset(target.url, "frobnicate");
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown command "frobnicate"/);
  });

  it("exports a set, and imports corpus and set into another database byte-identically", async () => {
    const exported = path.join(tmpdir(), `goldenset-cli-${process.pid}-a.json`);
    const reexported = path.join(tmpdir(), `goldenset-cli-${process.pid}-b.json`);
    const setName = (await source.prisma.goldenSet.findFirstOrThrow()).name;
    expect((await goldenset(source.url, "export-set", setName, "--out", exported)).code).toBe(0);

    const corpus = await goldenset(
      target.url,
      "import-corpus",
      path.join(demoDir, "corpus.jsonl"),
      "--corpus",
      "Larkspur help center",
    );
    expect(corpus.code).toBe(0);
    expect(JSON.parse(corpus.stdout)).toMatchObject({ created: 67, unchanged: 0 });

    const imported = await goldenset(target.url, "import-set", exported);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout).labels).toBeGreaterThanOrEqual(40);

    expect((await goldenset(target.url, "export-set", setName, "--out", reexported)).code).toBe(0);
    expect(await readFile(reexported, "utf8")).toBe(await readFile(exported, "utf8"));
  });

  it("imports a query log and reports its counts", async () => {
    const { code, stdout } = await goldenset(
      target.url,
      "import-log",
      path.join(demoDir, "query-log.txt"),
      "--name",
      "demo",
    );
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary.lines).toBeGreaterThanOrEqual(1000);
    expect(summary.unique).toBeLessThan(summary.lines);
  });

  it("names the line of a malformed corpus file and exits 2 (bad input)", async () => {
    const { code, stderr } = await goldenset(
      target.url,
      "import-corpus",
      path.join(demoDir, "golden-set.json"),
      "--corpus",
      "bad",
    );
    expect(code).toBe(2);
    expect(stderr).toMatch(/line \d+/);
  });

  it.runIf(testDatabaseProvider() === "postgresql")(
    "says to use pg_dump for a backup on PostgreSQL",
    async () => {
      const out = path.join(tmpdir(), `goldenset-backup-${process.pid}-${Date.now()}.db`);
      const { code, stderr } = await goldenset(source.url, "backup", "--out", out);
      expect(code).toBe(2);
      expect(stderr).toMatch(/on PostgreSQL use pg_dump/);
    },
  );

  it.runIf(testDatabaseProvider() === "sqlite")(
    "backs the database up while it is being written, and refuses to overwrite a file",
    async () => {
      const out = path.join(tmpdir(), `goldenset-backup-${process.pid}-${Date.now()}.db`);
      const writing = (async () => {
        for (let index = 0; index < 20; index++)
          await source.prisma.corpus.create({ data: { name: `backup-probe-${index}` } });
      })();
      const { code, stdout, stderr } = await goldenset(source.url, "backup", "--out", out);
      await writing;
      expect(stderr).toBe("");
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({ out, bytes: expect.any(Number) });
      const copy = createPrismaClient(`file:${out}`);
      try {
        expect(await copy.goldenSet.count()).toBe(await source.prisma.goldenSet.count());
        expect(await copy.label.count()).toBe(await source.prisma.label.count());
        // a snapshot taken mid-write is still a sound database
        expect(await copy.$queryRawUnsafe("PRAGMA integrity_check")).toEqual([{ integrity_check: "ok" }]);
      } finally {
        await copy.$disconnect();
      }
      const again = await goldenset(source.url, "backup", "--out", out);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already exists/);
      await rm(out, { force: true });
    },
  );

  it("names the allowed roles in one line for a wrong --role", async () => {
    const { code, stderr } = await addUser(target.url, {
      role: "superuser",
      email: "x@example.com",
      password: "long enough password",
    });
    expect(code).toBe(2);
    expect(stderr).toBe('goldenset: --role must be one of admin, engineer, annotator (got "superuser")\n');
  });

  it("with GOLDENSET_DEMO=0 seeds nothing and says how to create the first admin", async () => {
    const empty = createTestDatabase();
    try {
      const { code, stdout } = await goldensetWithEnv({ GOLDENSET_DEMO: "0" }, empty.url, "seed");
      expect(code).toBe(0);
      expect(await empty.prisma.user.count()).toBe(0);
      expect(await empty.prisma.corpus.count()).toBe(0);
      expect(await empty.prisma.goldenSet.count()).toBe(0);
      expect(await empty.prisma.queryLog.count()).toBe(0);
      expect(await empty.prisma.run.count()).toBe(0);
      expect(stdout).not.toMatch(/goldenset-admin/);
      const hint = stdout.split("\n").filter((line) => line.includes("first admin"));
      expect(hint).toHaveLength(1);
      expect(hint[0]).toMatch(/bin\/goldenset add-user --role admin --email/);

      // the way it names works, and then the hint is gone
      const added = await goldenset(
        empty.url,
        "add-user",
        "--role",
        "admin",
        "--email",
        "Owner@Example.com",
        "--name",
        "Owner",
        "--password",
        "heron cartography 1907",
      );
      expect(added.code).toBe(0);
      expect(JSON.parse(added.stdout)).toMatchObject({ email: "owner@example.com", role: "admin" });
      const again = await goldensetWithEnv({ GOLDENSET_DEMO: "0" }, empty.url, "seed");
      expect(again.stdout).not.toMatch(/first admin/);
      expect(await empty.prisma.user.count()).toBe(1);
    } finally {
      await empty.dispose();
    }
  });

  it("lists the demo accounts and warns that their passwords are public", async () => {
    const { code, stdout } = await goldenset(source.url, "seed");
    expect(code).toBe(0);
    expect(stdout).toMatch(/admin@goldenset\.local +goldenset-admin/);
    expect(stdout).toMatch(/passwords are public: remove them/);
    expect(stdout).not.toMatch(/first admin/);
  });

  it.each([
    [
      "a short password",
      ["--email", "x@example.com", "--password", "eleven-char"],
      "password: at least 12 characters, not counting spaces at the ends",
    ],
    [
      "a common password",
      ["--email", "x@example.com", "--password", "Password1234"],
      "password: too common (it is on the list of common and published passwords); choose another",
    ],
    [
      "a demo account's published password",
      ["--email", "x@example.com", "--password", "goldenset-admin"],
      "password: too common (it is on the list of common and published passwords); choose another",
    ],
    [
      "a bad email",
      ["--email", "x@example", "--password", "heron cartography 1907"],
      "email: not a valid email address",
    ],
  ])("refuses %s in one line, exit code 2 (bad input), creating nobody", async (_, args, message) => {
    const { code, stdout, stderr } = await goldenset(target.url, "add-user", "--role", "engineer", ...args);
    expect(stderr).toBe(`goldenset: ${message}\n`);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(await target.prisma.user.count({ where: { email: "x@example.com" } })).toBe(0);
  });

  it("refuses an email that is taken, in one line", async () => {
    const { code, stderr } = await addUser(source.url, {
      role: "admin",
      email: "ADMIN@goldenset.local",
      password: "heron cartography 1907",
    });
    expect(code).toBe(1);
    expect(stderr).toBe("goldenset: A user with email admin@goldenset.local already exists.\n");
  });
});
