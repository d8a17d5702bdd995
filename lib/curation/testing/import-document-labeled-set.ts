import { importGoldenSetFile } from "@/lib/curation/golden-set-import";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import type { SourceDocument } from "@/lib/exchange/read-corpus-jsonl";
import {
  buildGoldenSetFile,
  documentLabel,
  firstVersionDocuments,
  labeledQuery,
} from "@/lib/exchange/testing/golden-set-file";

/** A query of the set: its id, its text and the one document labeled relevant (grade 1) for it. */
export type LabeledQueryRow = [id: string, text: string, relevantDocument: string];

/**
 * Imports `documents` as the corpus `corpusName` of an otherwise empty database, then a set
 * `setName` over all of them (binary scale, relevant from grade 1, 2,000-character budget)
 * whose queries each label one whole document; returns the set's id.
 */
export async function importDocumentLabeledSet(
  prisma: Db,
  options: { setName: string; corpusName: string; documents: SourceDocument[]; queries: LabeledQueryRow[] },
): Promise<{ setId: string }> {
  await importDocuments(prisma, {
    corpusName: options.corpusName,
    documents: (async function* () {
      yield* options.documents;
    })(),
  });
  const rows = await prisma.document.findMany({ select: { externalId: true, contentHash: true } });
  const file = buildGoldenSetFile({
    name: options.setName,
    corpusName: options.corpusName,
    documents: firstVersionDocuments(rows),
    queries: options.queries.map(([id, text, relevant]) =>
      labeledQuery(id, text, [documentLabel(relevant, 1)]),
    ),
  });
  const { setId } = await importGoldenSetFile(prisma, { file });
  return { setId };
}
