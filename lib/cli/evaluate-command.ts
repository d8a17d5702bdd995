import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import {
  type CommandArgs,
  type CommandOptions,
  helpOption,
  type OptionValue,
  refusePositionals,
  requireString,
} from "@/lib/cli/command-options";
import { writeStdout } from "@/lib/cli/write-stdout";
import { describeConfig } from "@/lib/configs/describe-config";
import {
  parseSavedConfig,
  resolveSavedConfigPreset,
  type SavedConfig,
} from "@/lib/configs/parse-saved-config";
import { type Db, db } from "@/lib/db/client";
import { findGoldenSetIdByName } from "@/lib/db/golden-sets";
import { AppError } from "@/lib/errors";
import { formatContextBudget } from "@/lib/eval/format-context-budget";
import { describeRunJudgments } from "@/lib/eval/run-judgments";
import { type RunMetrics, runMetricsSchema, scoringModeSchema } from "@/lib/eval/run-report-schema";
import { contextBudgetCharsSchema } from "@/lib/exchange/golden-set-schema";
import { locateJsonSyntaxError } from "@/lib/exchange/locate-json-syntax-error";
import { createRun } from "@/lib/runs/create-run";
import { drainJobs, type WorkerOptions } from "@/lib/worker/worker";

const evaluateUsage =
  "usage: goldenset evaluate --set NAME --config FILE.json|PRESET [--mode label|document] [--budget-chars B] [--json]";

/** How often the command looks again at a run another worker (the server's) has taken up. */
const POLL_MS = 500;

/**
 * `goldenset evaluate --set NAME --config FILE.json|PRESET [--mode label|document] [--budget-chars B] [--json]`:
 * creates a run exactly as the app's evaluate form does (createRun: the set's version frozen,
 * the configuration saved, the evaluate-run job queued), then runs queued jobs as `run-jobs` does
 * — the same executeRun the server's worker runs — or, when the server's worker took the job
 * first, waits for it. The run then appears in the app. Prints the run's stored metrics (`--json`:
 * `{ "runId", "metrics" }`, `metrics.context` holding `{ budgetChars, recall, precision, iou }`),
 * else a summary. `--budget-chars B`: the context budget of context recall, precision and IoU
 * (100 to 1,000,000 characters; the set's when absent). Exit 0 when the run succeeded, 1 when it failed, 2
 * on bad input (unknown set, unreadable or invalid configuration, with its JSON path).
 *
 * FILE.json: a saved configuration `{ "name", "chunking", "retriever", "topK", ... }`
 * (parse-saved-config.ts). PRESET: bm25, lsa, hybrid-rrf over whole documents with titles, top
 * 1,000 — what `goldenset retrieve` runs.
 */
export function createEvaluateCommand(options: { prisma: () => Db; worker?: WorkerOptions }) {
  return {
    errorExitCode: 2,
    options: {
      ...helpOption,
      set: { type: "string" },
      config: { type: "string" },
      mode: { type: "string" },
      "budget-chars": { type: "string" },
      json: { type: "boolean" },
    } as CommandOptions,

    run: async (args: CommandArgs): Promise<number> => {
      const { values, positionals } = args;
      refusePositionals(positionals, evaluateUsage);
      const setName = requireString(values.set, "set", evaluateUsage);
      const saved = await loadSavedConfig(requireString(values.config, "config", evaluateUsage));
      const mode = scoringModeSchema.safeParse(values.mode ?? "label");
      if (!mode.success)
        throw new AppError("bad_request", `--mode must be label or document; ${evaluateUsage}`);
      const budgetChars = parseBudgetChars(values["budget-chars"]);

      const prisma = options.prisma();
      const setId = await findGoldenSetIdByName(prisma, setName).catch((error: unknown) => {
        throw error instanceof AppError ? new AppError("bad_request", error.message) : error;
      });
      const { runId } = await createRun(prisma, {
        setId,
        configName: saved.name,
        config: saved.config,
        coverage: 1,
        mode: mode.data,
        budgetChars,
        userId: null,
      });
      const run = await waitForRun(prisma, { runId, worker: options.worker });
      if (run.status !== "succeeded") {
        process.stderr.write(`goldenset: run ${runId} failed: ${run.error ?? "no reason recorded"}\n`);
        if (values.json) await writeStdout(`${JSON.stringify({ runId, error: run.error }, null, 2)}\n`);
        return 1;
      }
      const metrics = runMetricsSchema.parse(run.metrics);
      await writeStdout(
        values.json
          ? `${JSON.stringify({ runId, metrics: run.metrics }, null, 2)}\n`
          : formatSummary({ runId, setName, saved, mode: mode.data, metrics }),
      );
      return 0;
    },
  };
}

export const evaluateCommand = createEvaluateCommand({ prisma: db });

/** FILE.json when the argument names a file (or ends in .json), else a preset name. */
async function loadSavedConfig(argument: string): Promise<SavedConfig> {
  if (!existsSync(argument) && !argument.endsWith(".json")) return resolveSavedConfigPreset(argument);
  let text: string;
  try {
    text = await readFile(argument, "utf8");
  } catch (error) {
    throw new AppError(
      "bad_request",
      `cannot read the configuration ${argument}: ${(error as Error).message}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const at = locateJsonSyntaxError(text);
    const where = at ? `line ${at.line}, column ${at.column}: ${at.reason}` : (error as Error).message;
    throw new AppError("bad_request", `${argument} is not JSON (${where})`);
  }
  try {
    return parseSavedConfig(value);
  } catch (error) {
    throw error instanceof AppError ? new AppError("bad_request", `${argument}: ${error.message}`) : error;
  }
}

/** Runs queued jobs (the run's among them); when another worker holds the run's job, waits for it. */
async function waitForRun(prisma: Db, options: { runId: string; worker: WorkerOptions | undefined }) {
  for (;;) {
    await drainJobs(prisma, options.worker ?? {});
    const run = await prisma.run.findUniqueOrThrow({
      where: { id: options.runId },
      select: { status: true, error: true, metrics: true },
    });
    if (run.status === "succeeded" || run.status === "failed") return run;
    await sleep(POLL_MS);
  }
}

/** `--budget-chars B`: a whole number of characters from 100 to 1,000,000; undefined when absent. */
function parseBudgetChars(value: OptionValue): number | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === "string" ? value.trim() : "";
  const parsed = contextBudgetCharsSchema.safeParse(/^\d+$/.test(text) ? Number(text) : Number.NaN);
  if (!parsed.success)
    throw new AppError(
      "bad_request",
      `--budget-chars must be a whole number of characters from 100 to 1,000,000, not "${String(value)}"; ${evaluateUsage}`,
    );
  return parsed.data;
}

/** A few lines for people: what ran, then nDCG@10, MRR, MAP and recall at each k. */
function formatSummary(options: {
  runId: string;
  setName: string;
  saved: SavedConfig;
  mode: string;
  metrics: RunMetrics;
}): string {
  const { runId, setName, saved, mode, metrics } = options;
  const fixed = (value: number | undefined) => (value === undefined ? "–" : value.toFixed(4));
  const ks = metrics.ks ?? Object.keys(metrics.recall).map(Number);
  const queries = (count: number) => `${count.toLocaleString("en")} ${count === 1 ? "query" : "queries"}`;
  const lines = [
    `run ${runId}: "${saved.name}" on "${setName}" (${mode} mode)`,
    `  ${describeConfig(saved.config)}`,
    `  ${queries(metrics.evaluated)} evaluated, ${metrics.excluded.toLocaleString("en")} without relevant labels excluded`,
    `  judgments: ${describeRunJudgments(metrics.judgments)}`,
    `  nDCG@10   ${fixed(metrics.ndcg?.["10"])}`,
    `  MRR       ${fixed(metrics.mrr)}`,
    `  MAP       ${fixed(metrics.map)}`,
    ...ks.map((k) => `  recall@${String(k).padEnd(3)}${fixed(metrics.recall[String(k)])}`),
    ...(metrics.context
      ? [
          `  context at ${formatContextBudget(metrics.context.budgetChars)}: recall ${fixed(metrics.context.recall)}, precision ${fixed(metrics.context.precision)}, IoU ${fixed(metrics.context.iou)}`,
        ]
      : []),
    "",
  ];
  return lines.join("\n");
}
