import { z } from "zod";

/**
 * "Ask the judge" in the labeling workspace (issue 23, 4c): which passages go to the judge, which
 * judge is picked, and how each answer reads beside its candidate. The judge's answers are
 * suggestions only: a person's key press makes one their own label (lib/curation/accept-judge-suggestion.ts).
 */

/** Candidates sent at once: the top of the Candidates panel (askJudge takes at most 20 passages). */
const ASKED_CANDIDATES = 10;

/** The most passages one request asks about (askJudge's limit). */
const MAX_ASKED_PASSAGES = 20;

const passageSchema = z
  .object({
    documentId: z.string().min(1, { error: "each passage names its document" }),
    start: z.number().int().min(0, { error: "a passage starts at offset 0 or later" }),
    end: z.number().int().min(1, { error: "a passage ends after offset 0" }),
  })
  .refine((passage) => passage.end > passage.start, {
    error: "a passage ends after it starts",
    path: ["end"],
  });

/** What the workspace sends to ask the judge: the judge, and the candidates' passages. */
export const askJudgeInputSchema = z.object({
  judgeId: z.string().min(1, { error: "pick a judge" }),
  passages: z
    .array(passageSchema)
    .min(1, { error: "there is no candidate passage to ask the judge about" })
    .max(MAX_ASKED_PASSAGES, { error: `ask about at most ${MAX_ASKED_PASSAGES} passages at once` }),
});
export type AskJudgeInput = z.infer<typeof askJudgeInputSchema>;

/** Accepting one suggestion: the judge's answer (ModelJudgment) to make the person's label from. */
export const acceptSuggestionInputSchema = z.object({
  judgmentId: z.string().min(1, { error: "name the suggestion to accept" }),
});

/** What the workspace shows of one judge answer (askJudge's JudgeSuggestion, as plain data). */
export type SuggestionView = {
  judgmentId: string;
  documentId: string;
  /** The passage judged (UTF-16 offsets into the document text, end exclusive). */
  start: number;
  end: number;
  status: "supported" | "not_needed" | "unsupported" | "failed";
  grade: number | null;
  /** The quote as the judge wrote it (for an unsupported answer, the one not found). */
  quote: string;
  reason: string;
  /** Where the quote was found in the document (supported answers only). */
  quoteSpan: { start: number; end: number } | null;
  /** Answered from the judge's cache: no request was sent. */
  cached: boolean;
};

export type JudgeChoice = { id: string; name: string; version: number; createdAt: string };

type CandidateLike = { documentId: string; passages: { start: number; end: number }[] };

/**
 * The judges the workspace offers: the latest version of each name (older versions are kept for
 * their judgments, not asked anew), newest first.
 */
export function latestJudges(
  judges: readonly { id: string; name: string; version: number; createdAt: Date }[],
): JudgeChoice[] {
  const latest = new Map<string, (typeof judges)[number]>();
  for (const judge of judges) {
    const kept = latest.get(judge.name);
    if (!kept || judge.version > kept.version) latest.set(judge.name, judge);
  }
  return [...latest.values()]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((judge) => ({
      id: judge.id,
      name: judge.name,
      version: judge.version,
      createdAt: judge.createdAt.toISOString(),
    }));
}

/** The best passage of each of the top `limit` candidates, in the panel's order. */
export function pickJudgePassages(
  candidates: readonly CandidateLike[],
  limit: number = ASKED_CANDIDATES,
): { documentId: string; start: number; end: number }[] {
  const passages: { documentId: string; start: number; end: number }[] = [];
  for (const candidate of candidates.slice(0, limit)) {
    const best = candidate.passages[0];
    if (best) passages.push({ documentId: candidate.documentId, start: best.start, end: best.end });
  }
  return passages;
}

/** The remembered judge when it still exists, else the newest one; null when there is none. */
export function chooseJudge(judges: readonly JudgeChoice[], rememberedId: string | null): string | null {
  if (rememberedId && judges.some((judge) => judge.id === rememberedId)) return rememberedId;
  const newest = [...judges].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b.version - a.version,
  )[0];
  return newest?.id ?? null;
}

/** "gpt-judge v2": a judge as the picker names it (the version only once there are several). */
export function judgeChoiceLabel(judge: JudgeChoice): string {
  return judge.version > 1 ? `${judge.name} v${judge.version}` : judge.name;
}

/** One suggestion per document: the answer about its best (first asked) passage. */
export function suggestionsByDocument(suggestions: readonly SuggestionView[]): Map<string, SuggestionView> {
  const byDocument = new Map<string, SuggestionView>();
  for (const suggestion of suggestions)
    if (!byDocument.has(suggestion.documentId)) byDocument.set(suggestion.documentId, suggestion);
  return byDocument;
}

/** How a suggestion reads: the chip's text, whether it counts, and why not. */
export type SuggestionReading = {
  /** "Judge: 2 · Highly relevant", or "Judge: no answer". */
  chip: string;
  /** An answer that can become the person's label with one key. */
  acceptable: boolean;
  /** Why it cannot (shown under the chip), when it cannot. */
  flag: string | null;
};

export function readSuggestion(
  suggestion: Pick<SuggestionView, "status" | "grade">,
  gradeScale: readonly { grade: number; name: string }[],
): SuggestionReading {
  if (suggestion.status === "failed" || suggestion.grade === null) {
    return {
      chip: "Judge: no answer",
      acceptable: false,
      flag: "the judge gave no usable answer — ask again later",
    };
  }
  const name = gradeScale.find((level) => level.grade === suggestion.grade)?.name;
  const chip = `Judge: ${suggestion.grade}${name ? ` · ${name}` : ""}`;
  if (suggestion.status === "unsupported")
    return { chip, acceptable: false, flag: "quote not in passage — not counted" };
  return { chip, acceptable: true, flag: null };
}

/** "3 suggestions (1 unsupported)": what an answer brought, for the panel's status line. */
export function summarizeSuggestions(
  suggestions: readonly Pick<SuggestionView, "status" | "cached">[],
): string {
  const count = suggestions.length;
  if (count === 0) return "The judge had no passage to judge.";
  const unsupported = suggestions.filter((suggestion) => suggestion.status === "unsupported").length;
  const failed = suggestions.filter((suggestion) => suggestion.status === "failed").length;
  const cached = suggestions.filter((suggestion) => suggestion.cached).length;
  const parts = [
    unsupported > 0 ? `${unsupported} unsupported` : null,
    failed > 0 ? `${failed} without an answer` : null,
    cached > 0 ? `${cached === count ? "all" : cached} from the cache` : null,
  ].filter((part) => part !== null);
  const head = `${count} ${count === 1 ? "suggestion" : "suggestions"}`;
  return parts.length > 0 ? `${head} (${parts.join(", ")})` : head;
}
