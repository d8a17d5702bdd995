import { buildJudgePrompt } from "@/lib/judging/build-judge-prompt";
import { type ChatClient, ChatClientError, type ChatFailureReason } from "@/lib/judging/chat-client";
import { checkJudgeEvidence, type JudgeEvidence } from "@/lib/judging/check-judge-evidence";
import { parseJudgeAnswer } from "@/lib/judging/parse-judge-answer";
import type { GradeScale } from "@/lib/sets/set-schema";

/**
 * The longest text sent for one passage, in characters (UTF-16 units). A whole-document pair sends
 * the document's text cut here (about 3,000 tokens): the judge grades the document by its opening,
 * and its quote is looked for in what it was sent. Chunked passages are far shorter.
 */
export const MAX_JUDGED_CHARS = 12_000;

/** The span of a document a judge reads for one passage: the chunk, or the document's opening. */
export function judgedSpan(options: {
  textLength: number;
  start: number;
  end: number;
  wholeDocument: boolean;
}): { start: number; end: number } {
  const { textLength } = options;
  if (options.wholeDocument) return { start: 0, end: Math.min(textLength, MAX_JUDGED_CHARS) };
  const start = Math.max(0, Math.min(options.start, textLength));
  const end = Math.max(start, Math.min(options.end, textLength, start + MAX_JUDGED_CHARS));
  return { start, end };
}

export type PassageQuestion = {
  scale: GradeScale;
  query: string;
  need: string;
  title: string;
  /** The document's text, and the judged span of it. */
  text: string;
  span: { start: number; end: number };
};

type Usage = { calls: number; promptTokens: number; completionTokens: number };

/** A usable answer (graded, its evidence checked), or none after one retry or a passing failure. */
export type PassageVerdict =
  | (Usage & {
      kind: "answered";
      grade: number;
      quote: string;
      reason: string;
      raw: string;
      evidence: JudgeEvidence;
    })
  | (Usage & { kind: "failed"; raw: string; error: string; reason: ChatFailureReason | "unusable-answer" });

/** Client failures that fail the whole job: every further request would fail the same way. */
const JOB_FATAL_REASONS: readonly ChatFailureReason[] = ["refused-key", "nonsense", "rejected"];

/**
 * Asks the judge about one passage: the UMBRELA prompt on the set's scale, JSON mode; an answer
 * that cannot be parsed or is off the scale is asked once more, then recorded as failed with the
 * raw answer. A rate limit, timeout, 5xx or network error after the client's retries makes the
 * passage failed too. Failures that would repeat for every passage (refused key, nonsense, a
 * rejected request) and a cancellation are thrown as the ChatClientError, its `calls` counted.
 */
export async function judgePassage(options: {
  client: ChatClient;
  question: PassageQuestion;
  signal?: AbortSignal | undefined;
}): Promise<PassageVerdict> {
  const { question } = options;
  const passage = question.text.slice(question.span.start, question.span.end);
  const { messages } = buildJudgePrompt({
    scale: question.scale,
    query: question.query,
    need: question.need,
    title: question.title,
    passage,
  });
  const usage: Usage = { calls: 0, promptTokens: 0, completionTokens: 0 };
  let raw = "";
  let problem = "";
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const completion = await options.client.complete(messages, { json: true, signal: options.signal });
      usage.calls += completion.calls;
      usage.promptTokens += completion.promptTokens;
      usage.completionTokens += completion.completionTokens;
      raw = completion.content;
    } catch (error) {
      if (!(error instanceof ChatClientError)) throw error;
      usage.calls += error.calls;
      if (error.reason === "cancelled" || JOB_FATAL_REASONS.includes(error.reason))
        throw withCalls(error, usage);
      return { kind: "failed", ...usage, raw, error: error.message, reason: error.reason };
    }
    const parsed = parseJudgeAnswer({ answer: raw, scale: question.scale });
    if (parsed.ok) {
      const evidence = checkJudgeEvidence({
        text: question.text,
        passage: question.span,
        grade: parsed.grade,
        quote: parsed.quote,
      });
      return {
        kind: "answered",
        ...usage,
        grade: parsed.grade,
        quote: parsed.quote,
        reason: parsed.reason,
        raw,
        evidence,
      };
    }
    problem = parsed.problem;
  }
  return {
    kind: "failed",
    ...usage,
    raw,
    error: `No usable answer after a retry: ${problem}`,
    reason: "unusable-answer",
  };
}

/** The same error carrying every request this passage made, the earlier attempt's included. */
function withCalls(error: ChatClientError, usage: Usage): ChatClientError {
  if (error.calls === usage.calls) return error;
  return new ChatClientError({
    code: error.code,
    reason: error.reason,
    message: error.message,
    calls: usage.calls,
  });
}
