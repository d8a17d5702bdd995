import { findOccurrences } from "@/lib/anchor/find-occurrences";
import { AppError } from "@/lib/errors";

/**
 * A label's quote: W3C TextQuoteSelector (`exact`, `prefix`, `suffix`) plus a
 * TextPositionSelector hint (`start`, `end`, end exclusive, UTF-16 offsets into the normalized
 * text of the document version the label was made on).
 */
export type QuoteSelector = { exact: string; prefix: string; suffix: string; start: number; end: number };

const DEFAULT_CONTEXT_LENGTH = 32;
/** Context never grows past this while looking for a unique prefix+exact+suffix. */
const MAX_CONTEXT_LENGTH = 256;
const WIDENING_STEP = 32;

/**
 * Builds the selector for `text.slice(start, end)` of an already-normalized text (see
 * normalize-text.ts). A boundary that splits a surrogate pair or separates a combining mark from
 * its base moves outward, so the returned start/end may be wider than asked.
 *
 * `occurrences` counts the exact quote in the text (overlaps included); `distinctive` is true
 * when it occurs once — the labeling UI warns otherwise. When it is not distinctive the context
 * widens (32 units at a time, up to 256 or `contextLength` if larger) until
 * prefix+exact+suffix occurs once, or the cap or the document's edges are reached.
 */
export function createQuoteSelector(options: {
  text: string;
  start: number;
  end: number;
  contextLength?: number;
}): QuoteSelector & { distinctive: boolean; occurrences: number } {
  const { text, contextLength = DEFAULT_CONTEXT_LENGTH } = options;
  validateRange(text, options.start, options.end, contextLength);
  const start = snapStart(text, options.start);
  const end = snapEnd(text, options.end);
  const exact = text.slice(start, end);
  const occurrences = findOccurrences({ text, needle: exact }).length;

  const cap = Math.max(MAX_CONTEXT_LENGTH, contextLength);
  let length = contextLength;
  let context = contextAround(text, start, end, length);
  while (occurrences > 1 && length < cap) {
    const combined = context.prefix + exact + context.suffix;
    if (findOccurrences({ text, needle: combined, limit: 2 }).length < 2) break;
    const reachedEdges = start - context.prefix.length <= 0 && end + context.suffix.length >= text.length;
    if (reachedEdges) break;
    length = Math.min(cap, length + WIDENING_STEP);
    context = contextAround(text, start, end, length);
  }
  return { exact, ...context, start, end, distinctive: occurrences === 1, occurrences };
}

function validateRange(text: string, start: number, end: number, contextLength: number): void {
  const valid =
    Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start < end && end <= text.length;
  if (!valid) {
    throw new AppError(
      "bad_request",
      `A quote needs 0 ≤ start < end ≤ ${text.length} in whole characters (got ${start}–${end}).`,
    );
  }
  if (!Number.isInteger(contextLength) || contextLength < 0) {
    throw new AppError("bad_request", `Context length must be a whole number ≥ 0 (got ${contextLength}).`);
  }
}

function contextAround(
  text: string,
  start: number,
  end: number,
  length: number,
): { prefix: string; suffix: string } {
  let prefixStart = Math.max(0, start - length);
  if (isLowSurrogate(text.charCodeAt(prefixStart))) prefixStart += 1;
  let suffixEnd = Math.min(text.length, end + length);
  if (suffixEnd < text.length && isLowSurrogate(text.charCodeAt(suffixEnd))) suffixEnd -= 1;
  return { prefix: text.slice(prefixStart, start), suffix: text.slice(end, suffixEnd) };
}

const combiningMark = /\p{M}/u;

function startsCombining(text: string, offset: number): boolean {
  const code = text.codePointAt(offset);
  return code !== undefined && combiningMark.test(String.fromCodePoint(code));
}

/** Moves a start back off a low surrogate and off combining marks, onto their base character. */
function snapStart(text: string, offset: number): number {
  let start = offset;
  while (start > 0 && (isLowSurrogate(text.charCodeAt(start)) || startsCombining(text, start))) start -= 1;
  return start;
}

/** Moves an end forward off a low surrogate and over the combining marks that follow. */
function snapEnd(text: string, offset: number): number {
  let end = offset;
  while (end < text.length && (isLowSurrogate(text.charCodeAt(end)) || startsCombining(text, end))) end += 1;
  return end;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * The selector a stored quote label holds (Label.exact/prefix/suffix/start/end; a missing prefix
 * or suffix is empty), or null for a document-level label or one without a position.
 */
export function storedQuoteSelector(label: {
  exact: string | null;
  prefix: string | null;
  suffix: string | null;
  start: number | null;
  end: number | null;
}): QuoteSelector | null {
  if (label.exact === null || label.start === null || label.end === null) return null;
  return {
    exact: label.exact,
    prefix: label.prefix ?? "",
    suffix: label.suffix ?? "",
    start: label.start,
    end: label.end,
  };
}
