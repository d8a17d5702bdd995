import type { Db } from "@/lib/db/client";
import type { GoldenSetFile } from "@/lib/exchange/golden-set-schema";
import type { BeirSource } from "@/lib/exchange/read-beir";

/** The test qrels as a goldenset file: the judged queries, each qrel a document label. */
export async function scifactSetFile(prisma: Db, source: BeirSource): Promise<GoldenSetFile> {
  const qrels = new Map<string, { documentId: string; grade: number }[]>();
  for await (const qrel of source.qrels("test")) {
    const list = qrels.get(qrel.queryId) ?? [];
    list.push({ documentId: qrel.documentId, grade: qrel.grade });
    qrels.set(qrel.queryId, list);
  }
  const documents = await prisma.document.findMany({
    select: { externalId: true, version: true, contentHash: true },
  });
  const byId = new Map(documents.map((document) => [document.externalId, document]));
  const judged = new Set([...qrels.values()].flat().map((qrel) => qrel.documentId));
  const now = "2026-12-01T00:00:00.000Z";
  const queries: GoldenSetFile["queries"] = [];
  for await (const query of source.queries()) {
    const labels = qrels.get(query.id);
    if (!labels) continue;
    queries.push({
      id: query.id,
      text: query.text,
      informationNeed: "",
      tags: [],
      notes: "",
      status: "labeled",
      source: null,
      labels: labels.map((label) => ({
        document: label.documentId,
        documentVersion: byId.get(label.documentId)!.version,
        grade: label.grade,
        annotator: null,
        createdAt: now,
        updatedAt: now,
        target: { kind: "document" },
      })),
    });
  }
  return {
    format: "goldenset",
    version: 1,
    set: {
      name: "scifact test",
      description: "",
      relevantThreshold: 1,
      gradeScale: [
        { grade: 0, name: "not relevant" },
        { grade: 1, name: "relevant" },
      ],
      judgmentPolicy: "any",
      modelJudgments: "ignore",
      contextBudgetChars: 2000,
    },
    corpus: {
      name: "scifact",
      documents: [...judged].map((id) => {
        const document = byId.get(id)!;
        return { id, version: document.version, contentHash: document.contentHash };
      }),
    },
    queries,
  };
}
