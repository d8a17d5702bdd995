import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runGoldensetSync } from "@/lib/cli/testing/run-goldenset";
import { importDocuments } from "@/lib/db/corpora";
import { createTestDatabase } from "@/lib/db/testing/test-database";

// bin/goldenset import-qrels / export-qrels / export-run as a user runs them: a child process on
// a real SQLite file.

let database: ReturnType<typeof createTestDatabase>;
const dir = mkdtempSync(path.join(tmpdir(), "goldenset-qrels-cli-"));
const file = (name: string, text: string) => {
  writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
};

function goldenset(...args: string[]) {
  return runGoldensetSync(database.url, args);
}

beforeAll(async () => {
  database = createTestDatabase();
  async function* documents() {
    for (const id of ["d1", "d2", "d3"])
      yield { externalId: id, title: id, text: `text of ${id}`, metadata: null };
  }
  await importDocuments(database.prisma, { corpusName: "cli corpus", documents: documents() });
});
afterAll(async () => {
  await database.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe("goldenset import-qrels and export-qrels", () => {
  it("imports TREC qrels with topics into a new set and exports the same lines; BEIR too", () => {
    const qrels = "q1 0 d1 2\nq1 0 d2 0\nq2 0 d3 1\n";
    const topics = file("topics.tsv", "q1\tfirst question\nq2\tsecond question\n");
    const imported = goldenset(
      "import-qrels",
      file("qrels.txt", qrels),
      "--format",
      "trec",
      "--queries",
      topics,
      "--corpus",
      "cli corpus",
      "--set",
      "cli set",
    );
    expect(imported.stderr).toBe("");
    expect(JSON.parse(imported.stdout)).toMatchObject({ createdSet: true, queries: 2, labels: 3 });
    const exported = goldenset("export-qrels", "cli set", "--format", "trec");
    expect(exported.stdout).toBe(qrels);
    const beir = path.join(dir, "beir");
    expect(goldenset("export-qrels", "cli set", "--format", "beir", "--out", beir).code).toBe(0);
    expect(readFileSync(path.join(beir, "qrels", "test.tsv"), "utf8")).toBe(
      "query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td2\t0\nq2\td3\t1\n",
    );
    expect(readFileSync(path.join(beir, "queries.jsonl"), "utf8")).toBe(
      '{"_id":"q1","text":"first question"}\n{"_id":"q2","text":"second question"}\n',
    );
  });

  it("exits 2 listing every problem with its line, and writes nothing", () => {
    const before = goldenset("export-qrels", "cli set", "--format", "trec").stdout;
    const refused = goldenset(
      "import-qrels",
      file("bad.txt", "q1 0 d9 1\nq1 0 d3\nq7 0 d3 1\n"),
      "--format",
      "trec",
      "--queries",
      file("topics2.tsv", "q1\tfirst question\n"),
      "--set",
      "cli set",
    );
    // the file's syntax first; once it reads, what the set and corpus do not have
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("bad.txt line 2: expected 4 columns");
    const unknown = goldenset(
      "import-qrels",
      file("bad2.txt", "q1 0 d9 1\nq1 0 d3 1\nq7 0 d3 1\n"),
      "--format",
      "trec",
      "--queries",
      file("topics3.tsv", "q1\tfirst question\n"),
      "--set",
      "cli set",
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('bad2.txt line 1: unknown document "d9"');
    expect(unknown.stderr).toContain('bad2.txt line 3: unknown query "q7"');
    expect(goldenset("export-qrels", "cli set", "--format", "trec").stdout).toBe(before);
    expect(goldenset("export-run", "no-such-run").code).toBe(2);
  });
});
