import { basename } from "node:path";
import type { CommandArgs, CommandOptions } from "@/lib/cli/command-options";
import { formatComparisonTable, toComparisonJson } from "@/lib/cli/comparison-table";
import {
  comparisonOptions,
  parseComparisonOptions,
  parseSplitRestriction,
} from "@/lib/cli/parse-comparison-options";
import { writeStdout } from "@/lib/cli/write-stdout";
import { describeTest } from "@/lib/comparisons/format-comparison";
import { AppError } from "@/lib/errors";
import { compareTrecFiles } from "@/lib/eval/trec/compare-trec-files";

/**
 * `goldenset compare QRELS BASELINE_RUN RUN... [-m MEASURE]... [--test randomization|t-test]
 * [--permutations N] [--seed S] [--json]`: each run against the baseline on every query of the
 * qrels (`eval-trec -q -c`'s per-query values), through compareRuns — the comparison page's code.
 * With `--split dev|holdout --set-file SET.json`, only the queries on that side of the exported
 * set's split (restrictToSplit). Exit 0 with the comparison; 2 on unreadable input or bad
 * arguments (as `gate`).
 */
export const compareCommand = {
  errorExitCode: 2,
  options: { ...comparisonOptions, json: { type: "boolean" } } as CommandOptions,

  run: async (args: CommandArgs): Promise<number> => {
    const { values, positionals } = args;
    const [qrelsPath, baselinePath, ...runPaths] = positionals;
    if (!qrelsPath || !baselinePath || runPaths.length === 0) {
      throw new AppError(
        "bad_request",
        "usage: goldenset compare QRELS BASELINE_RUN RUN... [-m MEASURE]... [--test randomization|t-test] [--permutations N] [--seed S] [--split dev|holdout --set-file SET.json] [--json]",
      );
    }
    const options = parseComparisonOptions(values);
    const split = await parseSplitRestriction(values);
    const comparison = await compareTrecFiles({
      qrelsPath,
      baselinePath,
      runPaths,
      ...options,
      ...(split ? { split } : {}),
    });
    const output =
      values.json === true
        ? `${JSON.stringify(toComparisonJson(comparison), null, 2)}\n`
        : formatComparisonTable(comparison, {
            qrelsName: split ? `${basename(qrelsPath)} (${split.split} queries only)` : basename(qrelsPath),
            test: describeTest(options),
            alpha: 0.05,
          });
    await writeStdout(output);
    return 0;
  },
};
