import type { Db } from "@/lib/db/client";
import type { CurrentDocument } from "@/lib/db/current-documents";
import { countQueryPosition } from "@/lib/db/golden-sets";
import { listJudges } from "@/lib/db/judges";
import { findAcceptedSuggestions } from "@/lib/db/label-events";
import { findQueryInSet, listQueryLabels } from "@/lib/db/labels";
import { AppError } from "@/lib/errors";
import { type CorpusIndex, corpusIndex } from "@/lib/search/corpus-index";
import { poolForQuery } from "@/lib/search/load-candidate-pool";
import { gradeScaleSchema } from "@/lib/sets/set-schema";

/**
 * What the labeling workspace shows of one query, in a few indexed queries: the query with its
 * set's settings (one row each, read together), its place in the set, its candidates, labels,
 * the judges, and the open document — `documentId`, else the first labeled, else the first
 * candidate. Documents and their text come from the corpus's cached index (corpusIndex: rebuilt
 * when the corpus stamp moves), so the open document costs no query. not_found when the query is
 * not in the set, or `documentId` is not a current document of the set's corpus.
 */
export async function loadWorkspaceData(
  prisma: Db,
  options: { setId: string; queryId: string; documentId: string | null },
) {
  const query = await findQueryInSet(prisma, options);
  const set = { ...query.goldenSet, gradeScale: gradeScaleSchema.parse(query.goldenSet.gradeScale) };
  const [position, index, labels, judges] = await Promise.all([
    countQueryPosition(prisma, { setId: set.id, position: query.position }),
    corpusIndex(prisma, set.corpusId),
    listQueryLabels(prisma, query.id),
    listJudges(prisma, {}),
  ]);
  const [pool, suggestedBy] = await Promise.all([
    poolForQuery(prisma, { query, index }),
    findAcceptedSuggestions(
      prisma,
      labels.map((label) => label.id),
    ),
  ]);
  const openId = options.documentId ?? labels[0]?.documentId ?? pool.documents[0]?.documentId ?? null;
  return {
    set,
    query,
    ...position,
    pool,
    labels,
    judges,
    suggestedBy,
    document: openId === null ? null : indexedDocument(index, openId),
  };
}

/** A current document of the index's corpus with its text; not_found for any other id. */
function indexedDocument(index: CorpusIndex, documentId: string): Omit<CurrentDocument, "corpusId"> {
  const document = index.documents[index.byId.get(documentId) ?? -1];
  if (!document) throw new AppError("not_found", "No such document in this corpus.");
  const { id, externalId, title, version, text } = document;
  return { id, externalId, title, version, text };
}
