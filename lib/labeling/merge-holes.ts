import type { Hole, RunHoleSummary } from "@/lib/labeling/list-holes";
import { snapHoleSpan } from "@/lib/labeling/snap-hole-span";
import { splitSentences } from "@/lib/text/split-sentences";

/**
 * Two holes of the same query and document are the same text to judge when their snapped spans
 * overlap by at least this intersection-over-union: each covers most of the other, as the same
 * passage cut by two chunkings (500 and 800 characters around one paragraph: IoU 0.625) does,
 * while neighbouring chunks of one chunking (overlap a quarter of a chunk or less: IoU ≤ 0.33) stay
 * apart, and so does a short chunk inside a long one, which is a different amount of text to read.
 */
export const SAME_TEXT_IOU = 0.5;

type Span = { start: number; end: number };

/** Whether a label on `label` satisfies `chunk` under any θ: one contains the other (coverage 1). */
function judgesWhole(label: Span, chunk: Span): boolean {
  const contains = label.start <= chunk.start && label.end >= chunk.end;
  const inside = label.start >= chunk.start && label.end <= chunk.end;
  return contains || inside;
}

function intersectionOverUnion(a: Span, b: Span): number {
  const overlap = Math.min(a.end, b.end) - Math.max(a.start, b.start);
  if (overlap <= 0) return 0;
  return overlap / (Math.max(a.end, b.end) - Math.min(a.start, b.start));
}

/**
 * The holes as an annotator meets them (`listHoles` gives one per distinct chunk): each span
 * snapped to word and sentence edges in its document's current text (`snapHoleSpan`), then the
 * holes of one query and document whose spans overlap by SAME_TEXT_IOU or more merged into one —
 * its span the union of theirs, provided a label on the union still contains or lies inside every
 * chunk merged in (coverage 1, so it fills the hole for every run at any θ) — its runs
 * every run that retrieved any of them, each once at its best rank. Whole-document holes (document
 * mode) merge only with each other, as `listHoles` already did. Order is kept: a merged hole takes
 * the place of its first member, so set order and best rank still lead.
 *
 * `textOf` gives a document's current text; a document without one keeps its holes' raw spans.
 * `runs` are the per-run summaries, whose hole counts become merged holes the run retrieved.
 */
export function mergeHoles(options: {
  holes: readonly Hole[];
  textOf: (documentId: string) => string | undefined;
  runs: readonly RunHoleSummary[];
}): { holes: Hole[]; runs: RunHoleSummary[] } {
  const sentencesByDocument = new Map<string, ReturnType<typeof splitSentences>>();
  const snap = (hole: Hole): Hole => {
    const text = options.textOf(hole.documentId);
    if (text === undefined) return hole;
    let sentences = sentencesByDocument.get(hole.documentId);
    if (!sentences) {
      sentences = splitSentences({ text, lineBreaks: "end" });
      sentencesByDocument.set(hole.documentId, sentences);
    }
    return { ...hole, ...snapHoleSpan({ text, start: hole.start, end: hole.end, sentences }) };
  };
  const merged: Hole[] = [];
  // merged holes so far, per query, document and kind, with the raw chunks merged into each
  const groups = new Map<string, { hole: Hole; chunks: Span[] }[]>();
  for (const raw of options.holes) {
    const hole = snap(raw);
    const group = `${hole.queryId}|${hole.documentId}|${hole.wholeDocument}`;
    const candidates = groups.get(group) ?? [];
    const same = candidates.find((known) => {
      if (hole.wholeDocument) return true;
      if (intersectionOverUnion(known.hole, hole) < SAME_TEXT_IOU) return false;
      // one label on the union must still judge every chunk merged in, or they stay two holes
      const union = {
        start: Math.min(known.hole.start, hole.start),
        end: Math.max(known.hole.end, hole.end),
      };
      return [...known.chunks, raw].every((chunk) => judgesWhole(union, chunk));
    });
    if (!same) {
      const copy = { ...hole, runs: [...hole.runs] };
      merged.push(copy);
      groups.set(group, [...candidates, { hole: copy, chunks: [raw] }]);
      continue;
    }
    if (!same.hole.wholeDocument) {
      same.hole.start = Math.min(same.hole.start, hole.start);
      same.hole.end = Math.max(same.hole.end, hole.end);
    }
    same.hole.runs = uniteRuns(same.hole.runs, hole.runs);
    same.chunks.push(raw);
  }
  const runs = options.runs.map((summary) => ({
    ...summary,
    holes: merged.filter((hole) => hole.runs.some((entry) => entry.runId === summary.runId)).length,
  }));
  return { holes: merged, runs };
}

/** Runs of both lists, each once at its best rank, best rank first. */
function uniteRuns(a: Hole["runs"], b: Hole["runs"]): Hole["runs"] {
  const best = new Map<string, number>();
  for (const entry of [...a, ...b])
    best.set(entry.runId, Math.min(entry.rank, best.get(entry.runId) ?? entry.rank));
  return [...best].map(([runId, rank]) => ({ runId, rank })).sort((x, y) => x.rank - y.rank);
}
