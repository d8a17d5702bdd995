import { basename } from "node:path";
import type { CommandArgs, CommandOptions } from "@/lib/cli/command-options";
import { fixed, pValue, signed } from "@/lib/cli/comparison-table";
import {
  comparisonOptions,
  parseComparisonOptions,
  parseDecimal,
  parseSplitRestriction,
} from "@/lib/cli/parse-comparison-options";
import { writeStdout } from "@/lib/cli/write-stdout";
import { describeTest } from "@/lib/comparisons/format-comparison";
import { AppError } from "@/lib/errors";
import { decideGate, type GateDecision } from "@/lib/eval/decide-gate";
import { compareTrecFiles } from "@/lib/eval/trec/compare-trec-files";
import { listComparedMeasures } from "@/lib/eval/trec/list-compared-measures";

const usage =
  "usage: goldenset gate QRELS BASELINE_RUN CANDIDATE_RUN -m MEASURE --max-drop D [--alpha 0.05] [--test randomization|t-test] [--permutations N] [--seed S] [--split dev|holdout --set-file SET.json]";

/**
 * `goldenset gate QRELS BASELINE_RUN CANDIDATE_RUN -m MEASURE --max-drop D [--alpha 0.05]`: for
 * CI. Compares the candidate with the baseline exactly as `compare` does (one measure, so no
 * multiple-testing adjustment) and exits 1 when the candidate is worse by at least D and the
 * drop is significant at alpha (decide-gate.ts), 0 otherwise, 2 on unreadable input or bad
 * arguments. Prints a plain-text report either way. With `--split dev|holdout --set-file
 * SET.json`, only the queries on that side of the exported set's split (restrictToSplit).
 */
export const gateCommand = {
  errorExitCode: 2,
  options: {
    ...comparisonOptions,
    "max-drop": { type: "string" },
    alpha: { type: "string" },
  } as CommandOptions,

  run: async (args: CommandArgs): Promise<number> => {
    const { values, positionals } = args;
    const [qrelsPath, baselinePath, candidatePath, ...extra] = positionals;
    if (!qrelsPath || !baselinePath || !candidatePath || extra.length > 0)
      throw new AppError("bad_request", usage);
    const options = parseComparisonOptions(values);
    const measures = listComparedMeasures(options.measures);
    if (options.measures.length !== 1 || measures.length !== 1) {
      const what =
        options.measures.length === 1 ? ` ("${options.measures[0]}" means ${measures.join(", ")})` : "";
      throw new AppError("bad_request", `gate takes exactly one -m MEASURE, e.g. -m ndcg_cut.10${what}`);
    }
    const maxDrop = parseDecimal(values["max-drop"], "--max-drop");
    if (maxDrop === undefined)
      throw new AppError("bad_request", "--max-drop D is required, e.g. --max-drop 0.02");
    const alpha = parseDecimal(values.alpha, "--alpha") ?? 0.05;
    // Checked before the files are read: bad arguments fail fast.
    decideGate({ baseline: 0, candidate: 0, p: null, maxDrop, alpha });
    const split = await parseSplitRestriction(values);

    const comparison = await compareTrecFiles({
      qrelsPath,
      baselinePath,
      runPaths: [candidatePath],
      ...options,
      measures,
      alpha,
      ...(split ? { split } : {}),
    });
    const measure = comparison.measures[0]!;
    const candidate = comparison.runs[0]!;
    const result = candidate.measures[measure]!;
    const decision = decideGate({
      baseline: result.baseline,
      candidate: result.mean,
      p: result.p,
      maxDrop,
      alpha,
    });

    const test = describeTest(options);
    const ci = result.ci95 ? `  95% CI [${signed(result.ci95[0])}, ${signed(result.ci95[1])}]` : "";
    const nameWidth = Math.max(comparison.baselineName.length, candidate.name.length);
    await writeStdout(
      [
        `gate: ${measure} on ${comparison.queries.toLocaleString("en")} ${split ? `${split.split} ` : ""}${comparison.queries === 1 ? "query" : "queries"} of ${basename(qrelsPath)}, ${test}`,
        `  baseline   ${comparison.baselineName.padEnd(nameWidth)}  ${fixed(result.baseline)}`,
        `  candidate  ${candidate.name.padEnd(nameWidth)}  ${fixed(result.mean)}`,
        `  delta      ${signed(result.delta)}${ci}`,
        `  p          ${pValue(result.p)} (two-sided)`,
        `  W/L/T      ${result.wins}/${result.losses}/${result.ties} (queries better/worse/equal than the baseline)`,
        describeDecision({ decision, measure, maxDrop, alpha, p: result.p }),
        "",
      ].join("\n"),
    );
    return decision.failed ? 1 : 0;
  },
};

/** The verdict: PASS or FAIL and one sentence saying why. */
function describeDecision(options: {
  decision: GateDecision;
  measure: string;
  maxDrop: number;
  alpha: number;
  p: number | null;
}): string {
  const { decision, measure, maxDrop, alpha, p } = options;
  const dropped = `${measure} dropped by ${fixed(decision.drop)}`;
  const limit = `the allowed ${maxDrop}`;
  switch (decision.reason) {
    case "not-worse":
      return `PASS: the candidate is not worse than the baseline on ${measure} (delta ${signed(-decision.drop)}).`;
    case "drop-below-limit":
      return `PASS: ${dropped}, less than ${limit}.`;
    case "drop-not-significant":
      return p === null
        ? `PASS: ${dropped}, at least ${limit}, but there are too few queries to test it.`
        : `PASS: ${dropped}, at least ${limit}, but the drop is not significant (p ${pValue(p)} > alpha ${alpha}): it may be noise.`;
    case "significant-drop":
      return `FAIL: ${dropped}, at least ${limit}, and the drop is significant (p ${pValue(p)} ≤ alpha ${alpha}).`;
  }
}
