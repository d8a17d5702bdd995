import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDocumentOpenings } from "@/lib/db/agreement";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import {
  type CurrentDocument,
  loadCorpusDocuments,
  loadCurrentDocuments,
  pageCorpusDocuments,
} from "@/lib/db/current-documents";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import type { SourceDocument } from "@/lib/exchange/read-corpus-jsonl";

// More documents than one statement's batch of keys, a third of them edited once: each must come
// back with the text of its current version, not its first.

const DOCUMENT_COUNT = 1_200;
const externalIds = Array.from({ length: DOCUMENT_COUNT }, (_, index) => `doc-${index}`);
const edited = (index: number) => index % 3 === 0;
const currentText = (index: number) =>
  edited(index) ? `second text of doc-${index}` : `first text of doc-${index}`;

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let corpusId: string;
let otherCorpusId: string;

async function* sourceDocuments(
  entries: [externalId: string, text: string][],
): AsyncGenerator<SourceDocument> {
  for (const [externalId, text] of entries)
    yield { externalId, title: `Title of ${externalId}`, text, metadata: null };
}

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  ({ corpusId } = await importDocuments(prisma, {
    corpusName: "docs",
    documents: sourceDocuments(
      externalIds.map((externalId, index) => [externalId, `first text of doc-${index}`]),
    ),
  }));
  await importDocuments(prisma, {
    corpusName: "docs",
    documents: sourceDocuments(
      externalIds.flatMap((externalId, index) =>
        edited(index) ? [[externalId, currentText(index)] as [string, string]] : [],
      ),
    ),
  });
  // the same external ids in another corpus, which a load by external ids must not reach
  ({ corpusId: otherCorpusId } = await importDocuments(prisma, {
    corpusName: "other",
    documents: sourceDocuments(
      externalIds.slice(0, 10).map((externalId) => [externalId, `other ${externalId}`]),
    ),
  }));
});

afterAll(async () => {
  await database.dispose();
});

/** Each document is the corpus's one with its external id, at its current version and text. */
function expectCurrent(documents: CurrentDocument[]) {
  expect(documents).toHaveLength(DOCUMENT_COUNT);
  const byExternalId = new Map(documents.map((document) => [document.externalId, document]));
  externalIds.forEach((externalId, index) => {
    expect(byExternalId.get(externalId)).toMatchObject({
      corpusId,
      title: `Title of ${externalId}`,
      version: edited(index) ? 2 : 1,
      text: currentText(index),
    });
  });
}

describe("loadCurrentDocuments", () => {
  it("loads documents by id, past one batch, each with its current version's text", async () => {
    const ids = (await prisma.document.findMany({ where: { corpusId }, select: { id: true } })).map(
      (document) => document.id,
    );
    const documents = await loadCurrentDocuments(prisma, { ids: [...ids, "no-such-document"] });
    expectCurrent(documents);
    expect(new Set(documents.map((document) => document.id))).toEqual(new Set(ids));
  });

  it("loads documents by external id within one corpus", async () => {
    const documents = await loadCurrentDocuments(prisma, {
      corpusId,
      externalIds: [...externalIds, "doc-missing"],
    });
    expectCurrent(documents);
    const other = await loadCurrentDocuments(prisma, { corpusId: otherCorpusId, externalIds });
    expect(other.map((document) => document.text).sort()).toEqual(
      externalIds
        .slice(0, 10)
        .map((externalId) => `other ${externalId}`)
        .sort(),
    );
  });

  it("returns nothing for no keys", async () => {
    expect(await loadCurrentDocuments(prisma, { ids: [] })).toEqual([]);
  });
});

/** The corpus's document ids in the database's order of `column`, as Prisma's orderBy gives it. */
async function orderedIds(column: "id" | "externalId"): Promise<string[]> {
  const documents = await prisma.document.findMany({
    where: { corpusId },
    orderBy: { [column]: "asc" },
    select: { id: true },
  });
  return documents.map((document) => document.id);
}

describe("loadCorpusDocuments", () => {
  it("loads the whole corpus in external-id order, each with its current text", async () => {
    const documents = await loadCorpusDocuments(prisma, corpusId);
    expectCurrent(documents);
    expect(documents.map((document) => document.id)).toEqual(await orderedIds("externalId"));
  });
});

describe("pageCorpusDocuments", () => {
  it("gives the whole corpus in pages of at most 500, in id order, each with its current text", async () => {
    const pages: CurrentDocument[][] = [];
    for await (const page of pageCorpusDocuments(prisma, corpusId)) pages.push(page);
    expect(pages.map((page) => page.length)).toEqual([500, 500, 200]);
    const documents = pages.flat();
    expectCurrent(documents);
    expect(documents.map((document) => document.id)).toEqual(await orderedIds("id"));
  });

  it("gives no page for a corpus without documents", async () => {
    const pages: CurrentDocument[][] = [];
    for await (const page of pageCorpusDocuments(prisma, "no-such-corpus")) pages.push(page);
    expect(pages).toEqual([]);
  });
});

// agreement's openings read through loadCurrentDocuments: one batch of ids per statement
describe("loadDocumentOpenings", () => {
  it("gives the opening of each current text, past one batch of ids", async () => {
    const ids = await orderedIds("externalId");
    const openings = await loadDocumentOpenings(prisma, {
      documentIds: [...ids, "no-such-document"],
      length: 12,
    });
    expect(openings.size).toBe(DOCUMENT_COUNT);
    const documents = await loadCorpusDocuments(prisma, corpusId);
    for (const document of documents) expect(openings.get(document.id)).toBe(document.text.slice(0, 12));
    expect([...new Set(openings.values())].sort()).toEqual(["first text o", "second text "]);
  });
});
