import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strToU8, type Zippable, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { type BeirSource, openBeirFolder, openBeirZip } from "./read-beir";

// Real data lives beside the repository (../shared/data), never inside it.
const SCIFACT_DIR = join(import.meta.dirname, "../../../shared/data/scifact");
const scifactMissing = !existsSync(SCIFACT_DIR);

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const tiny: Record<string, string> = {
  "corpus.jsonl":
    '{"_id":"d1","title":"T1","text":"one"}\n{"_id":"d2","title":"T2","text":"two","metadata":{"y":1}}\n',
  "queries.jsonl": '{"_id":"q1","text":"what is one"}\n{"_id":"q2","text":"what is two"}\n',
  "qrels/test.tsv": "query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td2\t2\n",
  "qrels/dev.tsv": "q1\td2\t0\n",
};

function writeFolder(files: Record<string, string>, nestedIn = ""): string {
  const root = mkdtempSync(join(tmpdir(), "goldenset-beir-"));
  for (const [name, content] of Object.entries(files)) {
    const path = join(root, nestedIn, name);
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, content);
  }
  return root;
}

function writeZipOf(files: Record<string, string>, nestedIn = ""): string {
  const zippable: Zippable = {};
  for (const [name, content] of Object.entries(files)) zippable[`${nestedIn}${name}`] = strToU8(content);
  zippable["__MACOSX/._corpus.jsonl"] = strToU8("resource fork junk");
  const path = join(mkdtempSync(join(tmpdir(), "goldenset-beir-zip-")), "dataset.zip");
  writeFileSync(path, zipSync(zippable));
  return path;
}

async function expectTiny(source: BeirSource): Promise<void> {
  expect(source.splits).toEqual(["dev", "test"]);
  expect(await collect(source.documents())).toEqual([
    { externalId: "d1", title: "T1", text: "one", metadata: null },
    { externalId: "d2", title: "T2", text: "two", metadata: { y: 1 } },
  ]);
  expect(await collect(source.queries())).toEqual([
    { id: "q1", text: "what is one" },
    { id: "q2", text: "what is two" },
  ]);
  expect(await collect(source.qrels("test"))).toEqual([
    { queryId: "q1", documentId: "d1", grade: 1 },
    { queryId: "q2", documentId: "d2", grade: 2 },
  ]);
  // Every call opens a fresh stream.
  expect(await collect(source.qrels("dev"))).toHaveLength(1);
  expect(await collect(source.qrels("dev"))).toHaveLength(1);
}

describe("openBeirFolder", () => {
  it.skipIf(scifactMissing)(
    "reads the real SciFact folder (skipped when ../shared/data/scifact is absent)",
    async () => {
      const source = await openBeirFolder(SCIFACT_DIR);
      expect(source.splits).toEqual(["test"]);
      const documents = await collect(source.documents());
      expect(documents).toHaveLength(5183);
      expect(documents[0]?.externalId).toBe("4983");
      expect(documents[0]?.title).toMatch(/^Microstructural development of human newborn/);
      expect(documents.every((document) => document.metadata === null)).toBe(true);
      expect(await collect(source.queries())).toHaveLength(300);
      const qrels = await collect(source.qrels("test"));
      expect(qrels).toHaveLength(339);
      expect(qrels[0]).toEqual({ queryId: "1", documentId: "31715818", grade: 1 });
      const documentIds = new Set(documents.map((document) => document.externalId));
      expect(qrels.every((qrel) => documentIds.has(qrel.documentId))).toBe(true);
    },
  );

  it("reads a folder at the top level or nested one folder down", async () => {
    await expectTiny(await openBeirFolder(writeFolder(tiny)));
    await expectTiny(await openBeirFolder(writeFolder(tiny, "scifact")));
  });

  it("says clearly when corpus.jsonl is missing", async () => {
    const { "corpus.jsonl": _, ...withoutCorpus } = tiny;
    await expect(openBeirFolder(writeFolder(withoutCorpus))).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringMatching(
        /has no corpus\.jsonl .*a BEIR dataset holds corpus\.jsonl, queries\.jsonl/,
      ),
    });
    await expect(openBeirFolder(join(tmpdir(), "no-such-beir-folder"))).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("refuses qrels without queries.jsonl, but accepts a corpus-only dataset", async () => {
    const { "queries.jsonl": _, ...withoutQueries } = tiny;
    await expect(openBeirFolder(writeFolder(withoutQueries))).rejects.toThrow(
      /has qrels \(dev, test\) but no/,
    );
    const corpusOnly = await openBeirFolder(writeFolder({ "corpus.jsonl": tiny["corpus.jsonl"]! }));
    expect(corpusOnly.splits).toEqual([]);
    expect(await collect(corpusOnly.queries())).toEqual([]);
    expect(await collect(corpusOnly.documents())).toHaveLength(2);
  });

  it("refuses an unknown split, listing the known ones", async () => {
    const source = await openBeirFolder(writeFolder(tiny));
    await expect(collect(source.qrels("train"))).rejects.toThrow(
      /no qrels for split "train" .*available: dev, test/,
    );
  });

  it("names the file in line errors", async () => {
    const source = await openBeirFolder(
      writeFolder({ ...tiny, "qrels/test.tsv": "q1\td1\t1\nq2\td2\n" }, "nested"),
    );
    const error = await collect(source.qrels("test")).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      message: "nested/qrels/test.tsv: line 2: expected 3 columns (query-id, corpus-id, score), found 2",
      location: { line: 2 },
    });
  });
});

describe("openBeirZip", () => {
  it("reads a zip at the top level or nested one folder down, ignoring __MACOSX", async () => {
    await expectTiny(await openBeirZip(writeZipOf(tiny)));
    await expectTiny(await openBeirZip(writeZipOf(tiny, "scifact/")));
  });

  it("says clearly when corpus.jsonl is missing or ambiguous", async () => {
    const { "corpus.jsonl": _, ...withoutCorpus } = tiny;
    await expect(openBeirZip(writeZipOf(withoutCorpus))).rejects.toThrow(
      /zip "dataset\.zip" has no corpus\.jsonl/,
    );
    const twoDatasets = writeZipOf({
      "a/corpus.jsonl": tiny["corpus.jsonl"]!,
      "b/corpus.jsonl": tiny["corpus.jsonl"]!,
    });
    await expect(openBeirZip(twoDatasets)).rejects.toThrow(
      /several corpus\.jsonl files \(a\/corpus\.jsonl, b\/corpus\.jsonl\)/,
    );
  });

  it("names the entry in document errors", async () => {
    const source = await openBeirZip(
      writeZipOf({ "corpus.jsonl": '{"_id":"d1","text":"x"}\n{"_id":"d1","text":"y"}\n' }),
    );
    await expect(collect(source.documents())).rejects.toThrow(
      'corpus.jsonl: line 2: duplicate document id "d1" (first seen on line 1)',
    );
  });

  it.skipIf(scifactMissing)(
    "reads SciFact zipped (skipped when ../shared/data/scifact is absent)",
    async () => {
      const { readFileSync } = await import("node:fs");
      const zipPath = join(mkdtempSync(join(tmpdir(), "goldenset-scifact-")), "scifact.zip");
      const read = (name: string) => new Uint8Array(readFileSync(join(SCIFACT_DIR, name)));
      writeFileSync(
        zipPath,
        zipSync(
          {
            "scifact/corpus.jsonl": read("corpus.jsonl"),
            "scifact/queries.jsonl": read("queries.jsonl"),
            "scifact/qrels/test.tsv": read("qrels/test.tsv"),
          },
          { level: 1 },
        ),
      );
      const source = await openBeirZip(zipPath);
      let documents = 0;
      for await (const _ of source.documents()) documents += 1;
      expect(documents).toBe(5183);
      expect(await collect(source.queries())).toHaveLength(300);
      expect(await collect(source.qrels("test"))).toHaveLength(339);
    },
  );
});
