import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  buildClassifierContext,
  type ClassifierContextOptions,
  classifyQuery,
} from "@/lib/logs/classify-query";
import { normalizeQuery } from "@/lib/logs/normalize-query";

/**
 * The hand-labeled help-center queries of labeled-queries.tsv (see its header): each with its
 * lines in the log, its misspelled words and its other marked classes. `split` alternates by
 * position (dev, test, dev, …), so that a check can hold half of the collection out.
 */
export type LabeledQuery = {
  query: string;
  count: number;
  typos: string[];
  classes: Set<string>;
  split: "dev" | "test";
};

/** The classes the collection marks on every line: only these can be scored. */
export const MARKED_CLASSES = ["typo", "error-code", "question", "non-english"] as const;

export function readLabeledQueries(file = join(__dirname, "labeled-queries.tsv")): LabeledQuery[] {
  const rows = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"));
  return rows.map((row, position) => {
    const [count = "", query = "", typos = "", classes = ""] = row.split("\t");
    const typoWords = typos.split(",").filter(Boolean);
    const marked = new Set(classes.split(",").filter(Boolean));
    if (typoWords.length > 0) marked.add("typo");
    return {
      query,
      count: Number(count),
      typos: typoWords,
      classes: marked,
      split: position % 2 === 0 ? "dev" : "test",
    };
  });
}

export type ClassScore = { truePositives: number; falsePositives: number; falseNegatives: number };

/**
 * Classifies the collection with the collection itself as the log (its counts give the token
 * counts, as an import would) and scores each marked class over the queries of `split`.
 */
export function scoreLabeledQueries(
  labeled: readonly LabeledQuery[],
  options: ClassifierContextOptions & { split?: "dev" | "test" },
): { scores: Record<string, ClassScore>; predicted: string[][] } {
  const { split, ...contextOptions } = options;
  const context = buildClassifierContext(
    labeled.map((entry) => ({
      normalized: normalizeQuery(entry.query),
      count: entry.count,
      display: entry.query,
    })),
    contextOptions,
  );
  const predicted = labeled.map((entry) =>
    classifyQuery(normalizeQuery(entry.query), context, { display: entry.query }),
  );
  const scores: Record<string, ClassScore> = {};
  for (const queryClass of MARKED_CLASSES) {
    const score = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
    labeled.forEach((entry, position) => {
      if (split && entry.split !== split) return;
      const expected = entry.classes.has(queryClass);
      const found = predicted[position]!.includes(queryClass);
      if (expected && found) score.truePositives += 1;
      else if (found) score.falsePositives += 1;
      else if (expected) score.falseNegatives += 1;
    });
    scores[queryClass] = score;
  }
  return { scores, predicted };
}

export function precisionOf(score: ClassScore): number {
  const found = score.truePositives + score.falsePositives;
  return found === 0 ? 0 : score.truePositives / found;
}

export function recallOf(score: ClassScore): number {
  const expected = score.truePositives + score.falseNegatives;
  return expected === 0 ? 0 : score.truePositives / expected;
}
