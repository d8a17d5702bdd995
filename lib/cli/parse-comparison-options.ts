import { readFile } from "node:fs/promises";
import { helpOption, type OptionValue, toList } from "@/lib/cli/command-options";
import { AppError } from "@/lib/errors";
import type { SignificanceTest } from "@/lib/eval/compare-runs";
import { DEFAULT_PERMUTATIONS } from "@/lib/eval/statistics/paired-randomization-test";
import { DEFAULT_SEED } from "@/lib/eval/statistics/seeded-random";
import { querySplitSchema } from "@/lib/exchange/golden-set-schema";
import { parseGoldenSetFile } from "@/lib/exchange/parse-golden-set-file";

type QuerySplit = "dev" | "holdout";

/** The options `compare` and `gate` share, as node:util parseArgs declares them. */
export const comparisonOptions = {
  ...helpOption,
  measure: { type: "string", short: "m", multiple: true },
  test: { type: "string" },
  permutations: { type: "string" },
  seed: { type: "string" },
  split: { type: "string" },
  "set-file": { type: "string" },
} as const;

/** `--split dev|holdout --set-file SET.json`: which side of the exported set's split to compare on. */
export type SplitRestriction = { split: QuerySplit; splitOf: (queryId: string) => string | undefined };

/**
 * Reads `--split` and `--set-file` (the set's golden-set JSON export, whose queries carry their
 * split; a query's id there is its qid in the qrels and runs). Undefined without `--split`.
 */
export async function parseSplitRestriction(
  values: Record<string, OptionValue>,
): Promise<SplitRestriction | undefined> {
  if (values.split === undefined) {
    if (values["set-file"] !== undefined)
      throw new AppError("bad_request", "--set-file is read only with --split dev|holdout");
    return undefined;
  }
  const split = querySplitSchema.safeParse(values.split);
  if (!split.success)
    throw new AppError("bad_request", `--split must be dev or holdout, got "${String(values.split)}"`);
  const setFile = values["set-file"];
  if (typeof setFile !== "string" || setFile === "")
    throw new AppError(
      "bad_request",
      "--split needs --set-file SET.json: the golden set's export, which says which queries are dev and holdout",
    );
  const file = parseGoldenSetFile(await readFile(setFile));
  const splits = new Map(file.queries.map((query) => [query.id, query.split]));
  return { split: split.data, splitOf: (queryId) => splits.get(queryId) };
}

/** How a comparison tests: what `--test`, `--permutations` and `--seed` say, or the defaults. */
export type ComparisonTestOptions = { test: SignificanceTest; permutations: number; seed: number };

/** `-m` requests (as given) and the test options, read and checked. */
export function parseComparisonOptions(
  values: Record<string, OptionValue>,
): ComparisonTestOptions & { measures: string[] } {
  return {
    measures: toList(values.measure),
    test: parseTest(values.test) ?? "randomization",
    permutations:
      parseWholeNumber(values.permutations, "--permutations", 1, 10_000_000) ?? DEFAULT_PERMUTATIONS,
    seed: parseWholeNumber(values.seed, "--seed", 0, 2 ** 32 - 1) ?? DEFAULT_SEED,
  };
}

/** A decimal number option (`--max-drop 0.02`, `--alpha 0.01`); undefined when absent. */
export function parseDecimal(value: OptionValue, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  const number = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(number)) throw new AppError("bad_request", `${flag} takes a number, got "${text}"`);
  return number;
}

function parseTest(value: OptionValue): SignificanceTest | undefined {
  if (value === undefined) return undefined;
  if (value === "randomization" || value === "t-test") return value;
  throw new AppError("bad_request", `--test must be randomization or t-test, got "${String(value)}"`);
}

function parseWholeNumber(value: OptionValue, flag: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  const number = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(number >= min && number <= max)) {
    throw new AppError(
      "bad_request",
      `${flag} takes a whole number from ${min.toLocaleString("en")} to ${max.toLocaleString("en")}, got "${text}"`,
    );
  }
  return number;
}
