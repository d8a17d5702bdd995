import { z } from "zod";
import type { GradeScale } from "@/lib/sets/set-schema";

export type ParsedJudgeAnswer =
  | { ok: true; grade: number; quote: string; reason: string }
  | { ok: false; problem: string };

/**
 * What a judge's JSON object must hold. Models do write the grade as a string ("2") now and
 * then, and leave out the quote for grade 0, so both are accepted; anything else is refused.
 */
const answerSchema = z.object({
  grade: z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+$/)
        .transform(Number),
    ])
    .pipe(z.number().int()),
  quote: z
    .string()
    .nullish()
    .transform((quote) => quote ?? ""),
  reason: z
    .string()
    .nullish()
    .transform((reason) => reason ?? ""),
});

/**
 * Reads a judge's answer tolerantly — the object alone, inside a ``` fence, or with prose before
 * and after it — then validates it: `grade` must be a grade of the set's scale. A problem is
 * written for the job's log; the caller retries once and then records the raw answer as failed.
 */
export function parseJudgeAnswer(options: { answer: string; scale: GradeScale }): ParsedJudgeAnswer {
  const found = findAnswerObject(options.answer);
  if (!found.ok) return found;
  const parsed = answerSchema.safeParse(found.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || "answer";
    return {
      ok: false,
      problem: `The answer's ${field} is not valid: ${issue?.message ?? "unknown problem"}.`,
    };
  }
  const { grade, quote, reason } = parsed.data;
  const grades = options.scale.map((step) => step.grade);
  if (!grades.includes(grade)) {
    return { ok: false, problem: `Grade ${grade} is not on the set's scale (${grades.join(", ")}).` };
  }
  return { ok: true, grade, quote: quote.trim(), reason: reason.trim() };
}

type FoundObject = { ok: true; value: Record<string, unknown> } | { ok: false; problem: string };

function findAnswerObject(answer: string): FoundObject {
  const text = answer.trim();
  if (text.length === 0) return { ok: false, problem: "The answer is empty." };
  const whole = parseObject(text);
  if (whole) return { ok: true, value: whole };

  const candidates = jsonObjectSpans(text)
    .map((span) => parseObject(text.slice(span.start, span.end)))
    .filter((value): value is Record<string, unknown> => value !== null && "grade" in value);
  // The same object repeated (a model restating its answer) is still one answer.
  const distinct = new Set(candidates.map((value) => JSON.stringify(value)));
  if (distinct.size === 1) return { ok: true, value: candidates[0]! };
  if (distinct.size > 1)
    return { ok: false, problem: `The answer holds ${distinct.size} different JSON objects.` };
  return { ok: false, problem: "The answer holds no JSON object with a grade." };
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Outermost balanced `{…}` spans of the text, braces inside JSON strings ignored. This finds the
 * object in a ```json fence as well as one between sentences, without trusting the fence.
 */
function jsonObjectSpans(text: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
    } else if (char === '"' && depth > 0) {
      inString = true;
    } else if (char === "{") {
      if (depth === 0) start = index;
      depth++;
    } else if (char === "}" && depth > 0) {
      depth--;
      if (depth === 0) spans.push({ start, end: index + 1 });
    }
  }
  return spans;
}
