import type { Db } from "@/lib/db/client";
import type { GoldenSetFile } from "@/lib/exchange/golden-set-schema";
import type { BeirSource } from "@/lib/exchange/read-beir";
import { buildGoldenSetFile, documentLabel, labeledQuery } from "@/lib/exchange/testing/golden-set-file";

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
  const queries: GoldenSetFile["queries"] = [];
  for await (const query of source.queries()) {
    const labels = qrels.get(query.id);
    if (!labels) continue;
    queries.push(
      labeledQuery(
        query.id,
        query.text,
        labels.map((label) =>
          documentLabel(label.documentId, label.grade, {
            documentVersion: byId.get(label.documentId)!.version,
          }),
        ),
      ),
    );
  }
  return buildGoldenSetFile({
    name: "scifact test",
    corpusName: "scifact",
    documents: [...judged].map((id) => {
      const document = byId.get(id)!;
      return { id, version: document.version, contentHash: document.contentHash };
    }),
    queries,
  });
}
