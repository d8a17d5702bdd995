import { storedQuoteSelector } from "@/lib/anchor/create-quote-selector";
import { rankRepairCandidates } from "@/lib/anchor/rank-repair-candidates";
import { resolveQuote } from "@/lib/anchor/resolve-quote";
import { mayChangeLabel } from "@/lib/auth/roles";
import type { Db } from "@/lib/db/client";
import { findLabelsOnChangedDocuments } from "@/lib/db/label-repair";

/** Characters of the new text shown on each side of a candidate. */
const CANDIDATE_CONTEXT = 60;

/** A place the label could move to, with its surroundings in the new text (plain text). */
type RepairCandidateView = {
  start: number;
  end: number;
  /** In [0, 1]: quote, context and position agreement (see score-anchor-candidate.ts). */
  score: number;
  before: string;
  text: string;
  after: string;
};

/** One label of the repair queue; serializable, for the queue page's client component. */
export type RepairItem = {
  labelId: string;
  query: { id: string; key: string; text: string };
  document: { id: string; externalId: string; title: string; version: number };
  /** The version the label was made on. */
  labeledVersion: number;
  state: "orphaned" | "ambiguous";
  grade: number;
  annotatorName: string | null;
  /** Whether the viewer may re-anchor or drop it (its owner, or an adjudicator). */
  mayChange: boolean;
  /** The quote as it was labeled, with its stored context. */
  old: { prefix: string; exact: string; suffix: string };
  candidates: RepairCandidateView[];
};

/**
 * A set's orphan repair queue: its quote labels that, after their document changed, no longer
 * anchor in the current text (orphaned) or anchor ambiguously, in set order, each with the best
 * candidates to re-anchor it (rankRepairCandidates). Fuzzy and relocated labels anchor by
 * themselves and are not listed.
 */
export async function loadRepairQueue(
  prisma: Db,
  options: { setId: string; viewer: { id: string; role: string }; candidates?: number },
): Promise<RepairItem[]> {
  const items: RepairItem[] = [];
  for (const label of await findLabelsOnChangedDocuments(prisma, options.setId)) {
    const selector = storedQuoteSelector(label);
    if (!selector) continue;
    const text = label.currentText;
    const anchor = resolveQuote({ text, selector, sameVersion: false });
    if (anchor.state !== "orphaned" && anchor.state !== "ambiguous") continue;
    const candidates = rankRepairCandidates({ text, selector, limit: options.candidates ?? 3 });
    items.push({
      labelId: label.id,
      query: label.query,
      document: label.document,
      labeledVersion: label.documentVersion,
      state: anchor.state,
      grade: label.grade,
      annotatorName: label.annotator?.name ?? null,
      mayChange: mayChangeLabel(options.viewer, label),
      old: { prefix: selector.prefix, exact: selector.exact, suffix: selector.suffix },
      candidates: candidates.map((candidate) => ({
        start: candidate.start,
        end: candidate.end,
        score: candidate.score,
        before: text.slice(Math.max(0, candidate.start - CANDIDATE_CONTEXT), candidate.start),
        text: text.slice(candidate.start, candidate.end),
        after: text.slice(candidate.end, candidate.end + CANDIDATE_CONTEXT),
      })),
    });
  }
  return items;
}

/** How many labels of the set need repair (the set page links to the queue when > 0). */
export async function countRepairQueue(prisma: Db, setId: string): Promise<number> {
  let count = 0;
  for (const label of await findLabelsOnChangedDocuments(prisma, setId)) {
    const selector = storedQuoteSelector(label);
    if (!selector) continue;
    const anchor = resolveQuote({
      text: label.currentText,
      selector,
      sameVersion: false,
    });
    if (anchor.state === "orphaned" || anchor.state === "ambiguous") count++;
  }
  return count;
}
