import type { Db } from "@/lib/db/client";
import { corpusExists } from "@/lib/db/corpora";
import { addQueriesToSet, createGoldenSet, getGoldenSet, listSetQueries } from "@/lib/db/golden-sets";
import { listLogSampleCandidates } from "@/lib/db/log-insights";
import { getQueryLog } from "@/lib/db/query-logs";
import { AppError } from "@/lib/errors";
import { normalizeQuery } from "@/lib/logs/normalize-query";
import type { SampleIntoSetForm } from "@/lib/logs/sample-into-set-schema";
import { sampleQueries } from "@/lib/logs/sample-queries";

export type SampleIntoSetResult = {
  setId: string;
  setName: string;
  /** queries added to the set */
  added: number;
  /** picked by the sampler but already in the set by exact text */
  skipped: number;
  skippedNearDuplicates: number;
  perClass: Record<string, number>;
};

/**
 * Samples a log's queries (frequency = count in THIS log) into an existing or a new golden set.
 * Queries already in the set, and with `excludeNearDuplicates` their near-duplicates, are not
 * picked again. Each added query keeps its log query (provenance) and a `sample:<reason>` tag
 * ("sample:class:error-code", "sample:head", …). The sample is computed before the new set is
 * created, so a sampling error leaves nothing behind.
 */
export async function sampleIntoSet(
  prisma: Db,
  input: SampleIntoSetForm & { queryLogId: string },
): Promise<SampleIntoSetResult> {
  await getQueryLog(prisma, input.queryLogId);
  const candidates = await listLogSampleCandidates(prisma, input.queryLogId);
  if (candidates.length === 0) throw new AppError("bad_request", "This log has no queries to sample.");
  const existingSet = input.target === "existing" ? await getGoldenSet(prisma, input.setId ?? "") : null;
  const existing = existingSet
    ? (await listSetQueries(prisma, existingSet.id)).map((query) => normalizeQuery(query.text))
    : [];
  const sample = sampleQueries({
    candidates,
    existing,
    strategy: input.strategy,
    size: input.size,
    seed: input.seed,
    minPerClass: input.minPerClass,
    excludeNearDuplicates: input.excludeNearDuplicates,
  });
  if (sample.picked.length === 0)
    throw new AppError("bad_request", "Every query of this log is already in the set (or a near-duplicate).");

  if (!existingSet && !(await corpusExists(prisma, input.corpusId ?? "")))
    throw new AppError("bad_request", "No such corpus; choose one from the list.");
  const set =
    existingSet ??
    (await createGoldenSet(prisma, {
      name: input.newSetName ?? "",
      description: `Sampled from a query log (${input.strategy}, seed ${input.seed}).`,
      corpusId: input.corpusId ?? "",
    }));
  const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]));
  const queries = sample.picked.flatMap(({ id, reason }) => {
    const candidate = byId.get(id);
    if (!candidate) return [];
    return [
      {
        text: candidate.display,
        logQuery: { id: candidate.id, normalized: candidate.normalized },
        tags: [`sample:${reason}`],
      },
    ];
  });
  const { added, skipped } = await addQueriesToSet(prisma, { setId: set.id, queries });
  return {
    setId: set.id,
    setName: set.name,
    added,
    skipped,
    skippedNearDuplicates: sample.skippedNearDuplicates,
    perClass: sample.perClass,
  };
}
