import type { z } from "zod";
import { AppError, formatJsonPath } from "@/lib/errors";

/**
 * Text both databases can store. PostgreSQL refuses a NUL character (U+0000) in text and any
 * string that is not valid UTF-8 — in JavaScript, a lone surrogate (U+D800–U+DFFF not paired),
 * which JSON's `\ud800` escapes and broken tools produce; SQLite would store both. Such text is
 * refused with a message naming where it is before any driver sees it, on both databases, so the
 * two behave alike: through the schemas' refinement (`refuseUnstorableText`), the route and
 * action wrappers (`assertStorableText` on every body, form, parameter and query), and the file
 * readers (which add the line).
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** NUL or any surrogate: the quick test, before telling paired surrogates (fine) from lone ones. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL characters is the point
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

/** Why `text` cannot be stored ("a NUL character (\u0000) at character 4"), or undefined. */
export function unstorableTextProblem(text: string): string | undefined {
  if (!SUSPECT.test(text)) return undefined;
  const nul = text.indexOf("\u0000");
  const surrogate = text.search(LONE_SURROGATE);
  if (nul === -1 && surrogate === -1) return undefined;
  if (nul !== -1 && (surrogate === -1 || nul < surrogate))
    return `a NUL character (\\u0000) at character ${nul + 1}`;
  const unit = text.charCodeAt(surrogate).toString(16).toUpperCase();
  return `a lone surrogate (\\u${unit}, not valid UTF-8) at character ${surrogate + 1}`;
}

export type UnstorableText = { path: (string | number)[]; problem: string };

/**
 * The first string in `value` (a string, or nested in arrays and objects, keys included) that
 * cannot be stored, with its path. Allocates nothing while all is well: file readers call it per line.
 */
export function findUnstorableText(value: unknown): UnstorableText | undefined {
  if (typeof value === "string") {
    const problem = unstorableTextProblem(value);
    return problem ? { path: [], problem } : undefined;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnstorableText(value[index]);
      if (found) {
        found.path.unshift(index);
        return found;
      }
    }
    return undefined;
  }
  if (value !== null && typeof value === "object") {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const keyProblem = unstorableTextProblem(key);
      if (keyProblem) return { path: [], problem: `a key with ${keyProblem}` };
      const found = findUnstorableText((value as Record<string, unknown>)[key]);
      if (found) {
        found.path.unshift(key);
        return found;
      }
    }
  }
  return undefined;
}

/** The message for text that cannot be stored: where, and what is wrong with it. */
function unstorableTextMessage(found: UnstorableText, where?: string): string {
  const parts = [where, found.path.length > 0 ? formatJsonPath(found.path) : undefined].filter(Boolean);
  const place = parts.length > 0 ? parts.join(", ") : "The text";
  return `${place}: the text has ${found.problem}, which the database cannot store; remove it (is this a binary file?)`;
}

/**
 * Throws AppError("bad_request") naming the JSON path of the first string in `value` that cannot
 * be stored (`location.path`, and `line` when given). `where` prefixes the message ("line 12").
 */
export function assertStorableText(value: unknown, options: { line?: number; where?: string } = {}): void {
  const found = findUnstorableText(value);
  if (!found) return;
  throw new AppError("bad_request", unstorableTextMessage(found, options.where), {
    ...(options.line !== undefined ? { line: options.line } : {}),
    path: found.path,
  });
}

/**
 * A zod refinement for a schema's root (`schema.superRefine(refuseUnstorableText)`): an issue at
 * the path of each string that cannot be stored.
 */
export function refuseUnstorableText(value: unknown, context: z.RefinementCtx): void {
  const found = findUnstorableText(value);
  if (found)
    context.addIssue({
      code: "custom",
      path: found.path,
      message: `the text has ${found.problem}, which the database cannot store`,
    });
}
