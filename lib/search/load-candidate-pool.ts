import { findPooledResults, findPoolRuns, type PoolRun } from "@/lib/db/candidate-pools";
import type { Db } from "@/lib/db/client";
import { findQueryInSet } from "@/lib/db/labels";
import { buildExcerpt, queryTermSet } from "@/lib/pooling/build-excerpt";
import type { CandidatePool, PooledDocument } from "@/lib/pooling/candidate-pool";
import { groupByDocument, poolPassages, type SourceRanking } from "@/lib/pooling/pool-passages";
import { readPoolRunIds } from "@/lib/pooling/pool-settings-schema";
import { type CorpusIndex, corpusIndex, searchIndex } from "@/lib/search/corpus-index";

/** The name of the ranking that is always pooled: BM25 over the corpus's 300-character passages. */
export const BM25_SOURCE_NAME = "BM25";

/**
 * The labeling candidates of one query (docs/domain.md, "Evaluation": pooling): the union of the
 * top `poolDepth` passages of BM25 over the corpus (always) and of each run the set pools
 * (`poolRunIds`: their stored results for this query, from runs of any set version), deduplicated
 * by overlapping span, each with the configurations that retrieved it and their ranks, and a
 * context excerpt with the query's terms marked. Excerpts come from the documents' current text.
 * not_found when the query is not in the set.
 */
export async function loadCandidatePool(
  prisma: Db,
  options: { setId: string; queryId: string },
): Promise<CandidatePool> {
  const query = await findQueryInSet(prisma, options);
  return poolForQuery(prisma, { query, index: await corpusIndex(prisma, query.goldenSet.corpusId) });
}

/** A query and the pooling settings of its set, as findQueryInSet reads them. */
export type PoolingQuery = {
  id: string;
  text: string;
  goldenSet: { id: string; poolDepth: number; poolRunIds: unknown };
};

/** loadCandidatePool for a query already read, on its corpus's index (corpusIndex) already at hand. */
export async function poolForQuery(
  prisma: Db,
  options: { query: PoolingQuery; index: CorpusIndex },
): Promise<CandidatePool> {
  const { query, index } = options;
  const set = query.goldenSet;
  const depth = set.poolDepth;
  const pooledIds = readPoolRunIds(set.poolRunIds);
  const [runs, results] = await Promise.all([
    findPoolRuns(prisma, { setId: set.id, runIds: pooledIds }),
    findPooledResults(prisma, { runIds: pooledIds, queryId: query.id, depth }),
  ]);

  const bm25: SourceRanking = {
    name: BM25_SOURCE_NAME,
    hits: searchIndex(index, query.text, depth).flatMap((hit, position) => {
      const chunk = index.chunks[hit.index];
      const document = chunk ? index.documents[chunk.documentIndex] : undefined;
      return chunk && document
        ? [{ documentId: document.id, start: chunk.start, end: chunk.end, rank: position + 1 }]
        : [];
    }),
  };
  const names = sourceNames(runs);
  const rankings: SourceRanking[] = [
    bm25,
    ...runs.map((run) => ({
      name: names.get(run.id) ?? run.configName,
      // a result on a document no longer in the corpus cannot be shown or labeled
      hits: results.filter((result) => result.runId === run.id && index.byId.has(result.documentId)),
    })),
  ];

  const terms = queryTermSet(query.text);
  const passages = poolPassages({ rankings, depth }).map((passage) => {
    const document = index.documents[index.byId.get(passage.documentId) ?? -1];
    const excerpt = buildExcerpt({
      text: document?.text ?? "",
      start: passage.start,
      end: passage.end,
      terms,
    });
    return { ...passage, excerpt };
  });
  const documents: PooledDocument[] = groupByDocument(passages).map((group, position) => {
    const document = index.documents[index.byId.get(group.documentId) ?? -1];
    return {
      documentId: group.documentId,
      externalId: document?.externalId ?? "",
      title: document?.title ?? "",
      rank: position + 1,
      passages: group.passages,
    };
  });
  return { depth, sourceNames: rankings.map((ranking) => ranking.name), documents };
}

/**
 * A name per pooled run: its configuration's name; runs sharing one get their set version and,
 * if still alike, a counter; none is called BM25_SOURCE_NAME.
 */
function sourceNames(runs: PoolRun[]): Map<string, string> {
  const count = (name: string) => runs.filter((run) => run.configName === name).length;
  const names = new Map<string, string>();
  const taken = new Set([BM25_SOURCE_NAME]);
  for (const run of runs) {
    let name = count(run.configName) > 1 ? `${run.configName} (set v${run.setVersion})` : run.configName;
    if (taken.has(name)) {
      let suffix = 2;
      while (taken.has(`${name} #${suffix}`)) suffix++;
      name = `${name} #${suffix}`;
    }
    taken.add(name);
    names.set(run.id, name);
  }
  return names;
}
