import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importGoldenSetFile } from "@/lib/curation/golden-set-import";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { buildGoldenSetFile } from "@/lib/db/golden-set-exchange";
import { createGoldenSet } from "@/lib/db/golden-sets";
import { createTestDatabase, tableCounts } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors";
import { parseGoldenSetFile } from "@/lib/exchange/parse-golden-set-file";
import { readCorpusJsonl } from "@/lib/exchange/read-corpus-jsonl";
import { openFileStream } from "@/lib/exchange/read-lines";
import { serializeGoldenSetFile } from "@/lib/exchange/serialize-golden-set-file";

// Bad input gets a clear error naming the line or JSON path, and the database is unchanged.

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;

async function fileWith(name: string, content: string | Uint8Array): Promise<string> {
  const file = path.join(tmpdir(), `goldenset-${process.pid}-${name}`);
  await writeFile(file, content);
  return file;
}

async function importCorpusFile(file: string, corpusName = "docs") {
  return importDocuments(prisma, { corpusName, documents: readCorpusJsonl(openFileStream(file)) });
}

async function expectUnchanged(action: () => Promise<unknown>): Promise<AppError> {
  const before = await tableCounts(prisma);
  const error = await action().then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(await tableCounts(prisma)).toEqual(before);
  return error as AppError;
}

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  const good = await fileWith(
    "good.jsonl",
    [
      JSON.stringify({
        id: "a",
        title: "Alpha",
        text: "The fan of the T4 Pro runs loud after update 4.3.0.",
      }),
      JSON.stringify({ id: "b", title: "Beta", text: "Error E-4012 means the drive tray is not seated." }),
    ].join("\n"),
  );
  await importCorpusFile(good);
});

afterAll(async () => {
  await database.dispose();
});

describe("corpus import", () => {
  it("rejects a malformed JSONL line, names it, and writes nothing", async () => {
    const file = await fileWith(
      "malformed.jsonl",
      `${JSON.stringify({ id: "c", text: "fine" })}\n{"id": "d", "text": "broken\n${JSON.stringify({ id: "e", text: "x" })}\n`,
    );
    const error = await expectUnchanged(() => importCorpusFile(file));
    expect(error.location?.line).toBe(2);
    expect(error.message).toMatch(/line 2/);
  });

  it("rejects an empty file and writes nothing (not even the corpus)", async () => {
    const file = await fileWith("empty.jsonl", "");
    const error = await expectUnchanged(() => importCorpusFile(file, "new-corpus"));
    expect(error.message).toMatch(/no documents/i);
  });

  it("rejects a binary file and writes nothing", async () => {
    const bytes = new Uint8Array(4096);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    const file = await fileWith("binary.jsonl", bytes);
    const error = await expectUnchanged(() => importCorpusFile(file));
    expect(error.location?.line).toBeGreaterThanOrEqual(1);
    expect(error.message).toMatch(/binary|UTF-8|not text/i);
  });

  it("rejects a duplicate id and writes nothing", async () => {
    const file = await fileWith(
      "dup.jsonl",
      [JSON.stringify({ id: "x", text: "one" }), JSON.stringify({ id: "x", text: "two" })].join("\n"),
    );
    const error = await expectUnchanged(() => importCorpusFile(file));
    expect(error.message).toMatch(/duplicate/i);
    expect(error.location?.line).toBe(2);
  });
});

describe("golden set import", () => {
  it("rejects a file with a wrong field, names the JSON path, and writes nothing", async () => {
    const corpus = await prisma.corpus.findUniqueOrThrow({ where: { name: "docs" } });
    const set = await createGoldenSet(prisma, { name: "source", description: "", corpusId: corpus.id });
    const file = await buildGoldenSetFile(prisma, set.id);
    const text = serializeGoldenSetFile({
      ...file,
      set: { ...file.set, name: "copy" },
      queries: [
        {
          id: "q-0001",
          text: "fan loud",
          informationNeed: "",
          tags: [],
          notes: "",
          status: "labeled",
          source: null,
          labels: [],
        },
      ],
    });
    const broken = text.replace('"status": "labeled"', '"status": 7');
    const before = await tableCounts(prisma);
    let error: unknown;
    try {
      await importGoldenSetFile(prisma, { file: parseGoldenSetFile(broken) });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toContain("queries[0].status");
    expect(await tableCounts(prisma)).toEqual(before);
  });

  it("rejects a label on a document the corpus does not have, and writes nothing", async () => {
    const corpus = await prisma.corpus.findUniqueOrThrow({ where: { name: "docs" } });
    const set = await createGoldenSet(prisma, { name: "source-2", description: "", corpusId: corpus.id });
    const file = await buildGoldenSetFile(prisma, set.id);
    const withGhost = {
      ...file,
      set: { ...file.set, name: "ghost" },
      corpus: {
        ...file.corpus,
        documents: [{ id: "ghost", version: 1, contentHash: `sha256:${"0".repeat(64)}` }],
      },
    };
    const error = await expectUnchanged(() => importGoldenSetFile(prisma, { file: withGhost }));
    expect(error.location?.path).toEqual(["corpus", "documents", 0, "id"]);
  });

  it("lists every reference problem at once — the set name taken, each missing document — and writes nothing", async () => {
    const corpus = await prisma.corpus.findUniqueOrThrow({ where: { name: "docs" } });
    const set = await createGoldenSet(prisma, { name: "source-3", description: "", corpusId: corpus.id });
    const file = await buildGoldenSetFile(prisma, set.id);
    const hash = `sha256:${"0".repeat(64)}`;
    const twoGhosts = {
      ...file,
      corpus: {
        ...file.corpus,
        documents: [
          { id: "ghost-1", version: 1, contentHash: hash },
          { id: "a", version: 1, contentHash: hash },
          { id: "ghost-2", version: 1, contentHash: hash },
        ],
      },
    };
    const error = await expectUnchanged(() =>
      importGoldenSetFile(prisma, { file: twoGhosts, fileName: "x.json" }),
    );
    expect(error.code).toBe("bad_request");
    expect(error.problems?.total).toBe(4);
    expect(error.problems?.listed.map((problem) => problem.path?.join("."))).toEqual([
      "set.name",
      "corpus.documents.0.id",
      "corpus.documents.1.contentHash",
      "corpus.documents.2.id",
    ]);
    expect(error.message).toContain('corpus.documents[2].id: document "ghost-2" is not in corpus "docs"');
    // the name alone is a conflict, as before
    const taken = await expectUnchanged(() => importGoldenSetFile(prisma, { file }));
    expect(taken.code).toBe("conflict");
  });
});
