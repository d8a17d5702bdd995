import {
  labelIdentity,
  type MarkedPassage,
  markPassages,
  type PassageJudgement,
} from "@/lib/eval/mark-passages";
import type { RunLabel } from "@/lib/eval/run-labels";
import type { ScoringMode } from "@/lib/eval/run-report-schema";

/** Passages longer than this are cut (with "…") in the side-by-side view. */
export const PASSAGE_EXCERPT_CHARS = 360;

type SideHit = {
  rank: number;
  documentId: string;
  start: number;
  end: number;
  /** sha256 of the chunk text when the run stored it (RunResult.chunkHash). */
  chunkHash: string;
};

export type PassageRow = Omit<MarkedPassage, "labels" | "firstHits" | "scored" | "partial"> & {
  document: string;
  title: string;
  excerpt: string;
  /** The document changed since the run: the text shown is today's, not what the run saw. */
  changed: boolean;
  /** Label numbers (the query's list) it satisfies, with grades. */
  labels: { number: number; grade: number; relevant: boolean }[];
  firstHits: number[];
  /** The label (its number) it holds only part of, below θ, and the share (MarkedPassage.partial). */
  partial: { number: number; share: number } | null;
  /** The same passage's rank on the other side, or null when the other run did not return it. */
  otherRank: number | null;
};

export type QueryPassages = {
  labels: {
    number: number;
    grade: number;
    relevant: boolean;
    document: string;
    exact: string | null;
    /** Per run id: the first rank that satisfies it, or null. */
    firstRank: Record<string, number | null>;
  }[];
  sides: { runId: string; passages: PassageRow[]; judged: Record<PassageJudgement, number> }[];
};

type Side = {
  runId: string;
  mode: ScoringMode;
  coverage: number;
  relevantThreshold: number;
  labels: readonly RunLabel[];
  hits: readonly SideHit[];
};

/**
 * One query's passages in two runs, rank by rank, each marked with the labels it satisfies under
 * its own run's scoring (judged relevant, judged not relevant, or unjudged), with where the same
 * passage ranks on the other side. Labels are numbered once for both sides (the first side's
 * order, then any only the second has), since set versions may number them differently.
 * `hashOf` gives a text's chunk hash, to tell when a document changed since the run.
 */
export function buildQueryPassages(options: {
  sides: readonly [Side, Side];
  documents: ReadonlyMap<string, { externalId: string; title: string; text: string }>;
  hashOf: (text: string) => string;
}): QueryPassages {
  const { numbers, catalogue } = numberLabels(options.sides);
  const marked = options.sides.map((side) =>
    markPassages({
      passages: side.hits,
      labels: side.labels,
      mode: side.mode,
      coverage: side.coverage,
      relevantThreshold: side.relevantThreshold,
    }),
  );
  const spanKey = (passage: { documentId: string; start: number; end: number }) =>
    `${passage.documentId}|${passage.start}|${passage.end}`;
  const ranksBySide = marked.map(
    (passages) => new Map(passages.map((passage) => [spanKey(passage), passage.rank])),
  );

  const sides = options.sides.map((side, index) => {
    const other = ranksBySide[1 - index];
    const hashes = new Map(side.hits.map((hit) => [hit.rank, hit.chunkHash]));
    const passages = (marked[index] ?? []).map((passage): PassageRow => {
      const document = options.documents.get(passage.documentId);
      const text = document?.text.slice(passage.start, passage.end) ?? "";
      const stored = hashes.get(passage.rank) ?? "";
      return {
        rank: passage.rank,
        documentId: passage.documentId,
        start: passage.start,
        end: passage.end,
        judgement: passage.judgement,
        document: document?.externalId ?? passage.documentId,
        title: document?.title ?? "",
        excerpt: excerpt(text, {
          midWordStart: isWordCharacter(document?.text[passage.start - 1]),
          midWordEnd: isWordCharacter(document?.text[passage.end]),
        }),
        changed: !document || (stored !== "" && !options.hashOf(text).startsWith(stored)),
        labels: passage.labels.map((label) => ({
          number: numbers.get(label.identity) ?? 0,
          grade: label.grade,
          relevant: label.relevant,
        })),
        firstHits: passage.firstHits.map((identity) => numbers.get(identity) ?? 0),
        partial: passage.partial
          ? { number: numbers.get(passage.partial.identity) ?? 0, share: passage.partial.share }
          : null,
        otherRank: other?.get(spanKey(passage)) ?? null,
      };
    });
    const judged: Record<PassageJudgement, number> = { relevant: 0, "not-relevant": 0, unjudged: 0 };
    for (const passage of passages) judged[passage.judgement] += 1;
    return { runId: side.runId, passages, judged };
  });

  return {
    labels: catalogue.map(({ identity, label }) => ({
      number: numbers.get(identity) ?? 0,
      grade: label.grade,
      relevant: label.grade >= (options.sides[0].relevantThreshold ?? 1),
      document: label.document,
      exact: label.exact,
      firstRank: Object.fromEntries(
        sides.map((side) => [
          side.runId,
          side.passages.find((passage) =>
            passage.labels.some((entry) => entry.number === numbers.get(identity)),
          )?.rank ?? null,
        ]),
      ),
    })),
    sides,
  };
}

/** Each label of either side numbered once: the first side's order, then those only the second has. */
function numberLabels(sides: readonly Side[]) {
  const numbers = new Map<string, number>();
  const catalogue: { identity: string; label: RunLabel }[] = [];
  for (const side of sides) {
    for (const label of side.labels) {
      const identity = labelIdentity(label);
      if (numbers.has(identity)) continue;
      numbers.set(identity, numbers.size + 1);
      catalogue.push({ identity, label });
    }
  }
  return { numbers, catalogue };
}

/** Whitespace collapsed, cut at PASSAGE_EXCERPT_CHARS; "…" where the passage starts or ends mid-word (or is cut). */
function excerpt(text: string, options: { midWordStart: boolean; midWordEnd: boolean }): string {
  const collapsed = text.replace(/\s+/g, " ").trim();
  const cut = collapsed.length > PASSAGE_EXCERPT_CHARS;
  const body = cut ? collapsed.slice(0, PASSAGE_EXCERPT_CHARS - 1).trimEnd() : collapsed;
  return `${options.midWordStart ? "…" : ""}${body}${cut || options.midWordEnd ? "…" : ""}`;
}

function isWordCharacter(character: string | undefined): boolean {
  return character !== undefined && /[\p{L}\p{N}]/u.test(character);
}
