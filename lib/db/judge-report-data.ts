import { collectAgreementItems } from "@/lib/agreement/collect-agreement-items";
import { computeAgreement } from "@/lib/agreement/compute-agreement";
import type { Db } from "@/lib/db/client";
import { loadExternalIds } from "@/lib/db/document-ids";
import { loadRunTrec } from "@/lib/db/judgment-exports";
import { AppError } from "@/lib/errors";
import { countedGrades } from "@/lib/eval/count-judgments";
import { evaluateTrecEntries } from "@/lib/eval/trec/evaluate-trec-entries";
import type { QrelEntry, RunEntry } from "@/lib/eval/trec/trec-types";
import { judgmentPolicySchema } from "@/lib/exchange/golden-set-schema";
import { MODEL_ROLE } from "@/lib/judging/model-annotator";

// What the judge report (lib/db/judge-report.ts) reads from the database: people's grades per
// (query, document) pair, the judge's judgments, the runs' document-level rankings.

/** `${queryId} ${documentId}`: one (query, document) pair of a set. */
export function pairKey(queryId: string, documentId: string): string {
  return `${queryId} ${documentId}`;
}

type SetForReport = { id: string; relevantThreshold: number; judgmentPolicy: string };

/** A set's labels by people (no annotator, or one whose role is not "model"), with their query and document. */
async function listPeopleLabels(prisma: Db, setId: string) {
  return prisma.label.findMany({
    where: {
      query: { goldenSetId: setId },
      OR: [{ annotatorId: null }, { annotator: { role: { not: MODEL_ROLE } } }],
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      queryId: true,
      documentId: true,
      grade: true,
      annotatorId: true,
      adjudicated: true,
      query: { select: { key: true } },
      document: { select: { externalId: true } },
    },
  });
}

export type PeopleJudgments = {
  /** pairKey → the people-only qrels grade (the set's judgment policy over people's labels). */
  grades: Map<string, number>;
  /** The same grades as document-level qrels (query key, document external id). */
  qrels: QrelEntry[];
  /** People-vs-people Cohen's kappa (binarized), items-weighted over annotator pairs; null when none. */
  kappa: number | null;
};

/**
 * People's judgments of a set, model labels left out: the grade each (query, document) pair counts
 * with under the set's judgment policy (adjudicated labels first, then the policy's cap; the highest
 * grade of the pair), as `export-qrels --judgments human` writes them; and the kappa between
 * people from the agreement code (annotators' own labels, adjudicated ones left out). With several
 * pairs of annotators, their kappas are averaged weighted by the items each pair shares.
 */
export async function loadPeopleJudgments(prisma: Db, set: SetForReport): Promise<PeopleJudgments> {
  const labels = await listPeopleLabels(prisma, set.id);
  const policy = judgmentPolicySchema.catch("any").parse(set.judgmentPolicy);
  const byQuery = new Map<string, typeof labels>();
  for (const label of labels) byQuery.set(label.queryId, [...(byQuery.get(label.queryId) ?? []), label]);
  const grades = new Map<string, number>();
  const qrels: QrelEntry[] = [];
  for (const queryLabels of byQuery.values()) {
    const counted = countedGrades({
      labels: queryLabels.map((label) => ({
        document: label.documentId,
        grade: label.grade,
        annotator: label.annotatorId,
        adjudicated: label.adjudicated,
      })),
      policy,
      relevantThreshold: set.relevantThreshold,
    });
    const best = new Map<string, { grade: number; queryKey: string; docId: string }>();
    queryLabels.forEach((label, index) => {
      const grade = counted[index];
      if (grade === null || grade === undefined) return;
      const key = pairKey(label.queryId, label.documentId);
      const known = best.get(key);
      if (!known || grade > known.grade)
        best.set(key, { grade, queryKey: label.query.key, docId: label.document.externalId });
    });
    for (const [key, entry] of best) {
      grades.set(key, entry.grade);
      qrels.push({ queryId: entry.queryKey, docId: entry.docId, grade: entry.grade });
    }
  }
  const items = collectAgreementItems(
    labels
      .filter((label) => label.annotatorId !== null && !label.adjudicated)
      .map((label) => ({
        query: label.queryId,
        document: label.documentId,
        annotator: label.annotatorId!,
        grade: label.grade,
      })),
  );
  const agreement = computeAgreement({ items, relevantThreshold: set.relevantThreshold });
  const defined = agreement.pairs.filter((pair) => pair.kappa !== null);
  const weight = defined.reduce((sum, pair) => sum + pair.items, 0);
  const kappa =
    weight === 0 ? null : defined.reduce((sum, pair) => sum + (pair.kappa ?? 0) * pair.items, 0) / weight;
  return { grades, qrels, kappa };
}

/** The judge's judgments on the set that did not fail, with their pair's query key and document external id. */
export async function listJudgeJudgments(prisma: Db, options: { setId: string; judgeId: string }) {
  const rows = await prisma.modelJudgment.findMany({
    where: { goldenSetId: options.setId, judgeId: options.judgeId, status: { not: "failed" } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      queryId: true,
      documentId: true,
      status: true,
      grade: true,
      query: { select: { key: true } },
    },
  });
  const documents = await loadExternalIds(prisma, [...new Set(rows.map((row) => row.documentId))]);
  return rows.map((row) => ({
    id: row.id,
    queryId: row.queryId,
    documentId: row.documentId,
    queryKey: row.query.key,
    docId: documents.get(row.documentId) ?? row.documentId,
    supported: row.status === "supported" || row.status === "not_needed",
    grade: row.grade ?? 0,
  }));
}

export type JudgeJudgmentRow = Awaited<ReturnType<typeof listJudgeJudgments>>[number];

/** The runs the τ is over: the chosen ones, else the set's newest succeeded ones (at most `limit`). */
export async function listReportRuns(
  prisma: Db,
  options: { setId: string; runIds?: string[]; limit: number },
): Promise<{ id: string; label: string }[]> {
  const runs = await prisma.run.findMany({
    where: {
      goldenSetId: options.setId,
      status: "succeeded",
      ...(options.runIds ? { id: { in: options.runIds } } : { archivedAt: null }),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    ...(options.runIds ? {} : { take: options.limit }),
    select: { id: true, config: { select: { name: true, version: true } } },
  });
  return runs.map((run) => ({ id: run.id, label: `${run.config.name} v${run.config.version}` }));
}

/**
 * nDCG@10 of a run as `eval-trec -c -m ndcg_cut.10` computes it on the run's document-level TREC
 * file (as `export-run` writes it: each document at its first rank) against `qrels`: averaged over
 * every query of the qrels, a query the run missed scoring 0. 0 when the qrels are empty or share
 * no query with the run.
 */
export function ndcgAt10(options: { qrels: QrelEntry[]; run: RunEntry[] }): number {
  const queries = new Set(options.qrels.map((entry) => entry.queryId));
  if (!options.run.some((entry) => queries.has(entry.queryId))) return 0;
  const result = evaluateTrecEntries({
    qrels: options.qrels,
    run: options.run,
    averageOverAllQrels: true,
    measures: ["ndcg_cut.10"],
  });
  return result.summary.ndcg_cut_10 ?? 0;
}

/** A run's document-level TREC entries, read back from the text `export-run` writes. */
export async function loadRunEntries(prisma: Db, runId: string): Promise<RunEntry[]> {
  const { text } = await loadRunTrec(prisma, runId, "document");
  return text
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 6)
    .map((fields) => ({ queryId: fields[0]!, docId: fields[2]!, score: Number(fields[4]) }));
}

/**
 * A judge by id, `name@version`, or name (its latest version), for the CLI; not_found otherwise.
 */
export async function findJudgeId(prisma: Db, reference: string): Promise<string> {
  const byId = await prisma.judge.findUnique({ where: { id: reference }, select: { id: true } });
  if (byId) return byId.id;
  const versioned = /^(.*)@(\d+)$/.exec(reference);
  const judge = await prisma.judge.findFirst({
    where: versioned ? { name: versioned[1], version: Number(versioned[2]) } : { name: reference },
    orderBy: { version: "desc" },
    select: { id: true },
  });
  if (!judge) throw new AppError("not_found", `No judge named "${reference}".`);
  return judge.id;
}
