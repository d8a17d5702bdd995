import {
  type CommandArgs,
  type CommandOptions,
  helpOption,
  type OptionValue,
  toList,
} from "@/lib/cli/command-options";
import { AppError } from "@/lib/errors";
import { evaluateTrecFiles } from "@/lib/eval/trec/evaluate-trec-files";
import { formatTrecEvalReport } from "@/lib/eval/trec/format-trec-eval-lines";

/**
 * `goldenset eval-trec QRELS RUN [-q] [-c] [-l N] [-m MEASURE ...]`: trec_eval 9.0.7's output for
 * the measures implemented in lib/eval/trec (num_q num_ret num_rel num_rel_ret map Rprec
 * recip_rank P recall ndcg_cut success). `-m` takes trec_eval's forms (`map`, `P.5,10`,
 * `ndcg_cut.10`, `official`, `all_trec`) and may repeat; without it, trec_eval's `official` set.
 */
export const evalTrecCommand = {
  options: {
    ...helpOption,
    query: { type: "boolean", short: "q" },
    complete: { type: "boolean", short: "c" },
    level: { type: "string", short: "l" },
    measure: { type: "string", short: "m", multiple: true },
  } as CommandOptions,

  run: async (args: CommandArgs): Promise<number> => {
    const { values, positionals } = args;
    const [qrelsPath, runPath, ...extra] = positionals;
    if (!qrelsPath || !runPath || extra.length > 0) {
      throw new AppError(
        "bad_request",
        "usage: goldenset eval-trec QRELS RUN [-q] [-c] [-l N] [-m MEASURE ...]",
      );
    }
    const evaluation = await evaluateTrecFiles({
      qrelsPath,
      runPath,
      averageOverAllQrels: values.complete === true,
      relevanceLevel: parseRelevanceLevel(values.level),
      measures: toList(values.measure),
    });
    for (const chunk of formatTrecEvalReport({ ...evaluation, perQueryLines: values.query === true })) {
      await new Promise<void>((resolve, reject) => {
        process.stdout.write(chunk, (error) => (error ? reject(error) : resolve()));
      });
    }
    return 0;
  },
};

function parseRelevanceLevel(value: OptionValue): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^[+-]?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new AppError("bad_request", `-l takes an integer relevance level, got "${String(value)}"`);
  }
  return Number(value);
}
