import { collectAgreementItems } from "@/lib/agreement/collect-agreement-items";
import { type AgreementReport, computeAgreement } from "@/lib/agreement/compute-agreement";
import { type Disagreement, findDisagreements } from "@/lib/agreement/find-disagreements";
import { listSetJudgments, loadDocumentOpenings, type SetJudgmentRow } from "@/lib/db/agreement";
import type { Db } from "@/lib/db/client";
import { getGoldenSet } from "@/lib/db/golden-sets";

/** How many disagreements the page lists (the count says how many there are). */
export const LISTED_DISAGREEMENTS = 50;
/** Characters of a document's opening shown beside whole-document judgments. */
const OPENING_LENGTH = 360;

/** A label as the disagreement view shows it. */
export type JudgmentLabel = {
  id: string;
  grade: number;
  /** null: the whole document. */
  quote: { prefix: string; exact: string; suffix: string } | null;
  /** The adjudicator, for a decision. */
  by: string;
};

export type DisagreementView = {
  kind: Disagreement["kind"];
  query: { id: string; key: string; text: string };
  document: { id: string; externalId: string; title: string; opening: string };
  /** Each annotator who judged the pair (annotator order), with their value and labels. */
  annotators: { id: string; name: string; value: number; labels: JudgmentLabel[] }[];
  /** The adjudicated labels on the pair: the decision, when there is one. */
  decision: JudgmentLabel[];
};

export type SetAgreement = {
  report: AgreementReport;
  /** Annotators by user id (the report names annotators by id). */
  people: Record<string, { name: string; email: string }>;
  disagreements: { total: number; decided: number; listed: DisagreementView[] };
};

/**
 * Agreement among a set's annotators (lib/agreement: kappa per pair, alpha over all) on the
 * labels of signed-in annotators — adjudicated labels and labels without an annotator are not
 * judgments to agree with, as in `goldenset agreement` on the set's export — and its
 * disagreements, undecided ones first, each with every annotator's quotes and grades and the
 * decision when one was recorded. `kind` keeps only relevance splits, or grade differences.
 */
export async function getSetAgreement(
  prisma: Db,
  options: { setId: string; kind?: Disagreement["kind"] },
): Promise<SetAgreement> {
  const set = await getGoldenSet(prisma, options.setId);
  const rows = await listSetJudgments(prisma, set.id);
  const people: SetAgreement["people"] = {};
  for (const row of rows) {
    if (row.annotatorId) people[row.annotatorId] = { name: nameOf(row), email: row.annotator?.email ?? "" };
  }
  const judged = rows.filter((row) => row.annotatorId !== null && !row.adjudicated);
  const items = collectAgreementItems(
    judged.map((row) => ({
      query: row.queryId,
      document: row.documentId,
      annotator: row.annotatorId!,
      grade: row.grade,
    })),
  );
  const relevantThreshold = set.relevantThreshold;
  const report = computeAgreement({ items, relevantThreshold });
  const byPair = new Map<string, SetJudgmentRow[]>();
  for (const row of rows) {
    const key = `${row.queryId} ${row.documentId}`;
    byPair.set(key, [...(byPair.get(key) ?? []), row]);
  }
  const pairRows = (item: { query: string; document: string }) =>
    byPair.get(`${item.query} ${item.document}`) ?? [];
  const isDecided = (item: Disagreement) => pairRows(item).some((row) => row.adjudicated);
  const all = findDisagreements({ items, relevantThreshold }).filter(
    (item) => options.kind === undefined || item.kind === options.kind,
  );
  const ordered = [...all.filter((item) => !isDecided(item)), ...all.filter(isDecided)];
  const listed = ordered.slice(0, LISTED_DISAGREEMENTS);
  const openings = await loadDocumentOpenings(prisma, {
    documentIds: [...new Set(listed.map((item) => item.document))],
    length: OPENING_LENGTH,
  });
  return {
    report,
    people,
    disagreements: {
      total: all.length,
      decided: all.filter(isDecided).length,
      listed: listed.map((item) => {
        const labels = pairRows(item);
        const first = labels[0]!;
        return {
          kind: item.kind,
          query: { id: item.query, key: first.query.key, text: first.query.text },
          document: {
            id: item.document,
            externalId: first.document.externalId,
            title: first.document.title || first.document.externalId,
            opening: openings.get(item.document) ?? "",
          },
          annotators: item.values.map(({ annotator, value }) => ({
            id: annotator,
            name: people[annotator]?.name ?? annotator,
            value,
            labels: labels
              .filter((row) => row.annotatorId === annotator && !row.adjudicated)
              .sort((a, b) => b.grade - a.grade)
              .map(judgmentLabel),
          })),
          decision: labels.filter((row) => row.adjudicated).map(judgmentLabel),
        };
      }),
    },
  };
}

function nameOf(row: SetJudgmentRow): string {
  return row.annotator?.name || row.annotator?.email || "a removed user";
}

function judgmentLabel(row: SetJudgmentRow): JudgmentLabel {
  return {
    id: row.id,
    grade: row.grade,
    quote:
      row.kind === "quote" && row.exact !== null
        ? { prefix: row.prefix ?? "", exact: row.exact, suffix: row.suffix ?? "" }
        : null,
    by: nameOf(row),
  };
}
