import type { OptionValue } from "@/lib/cli/command-options";
import { AppError } from "@/lib/errors";
import { JUDGE_LIMITS, type JudgeSettingsInput } from "@/lib/judging/judge-settings-schema";
import type { JudgingSource } from "@/lib/judging/judging-source";

export const judgeUsage = `usage: goldenset judge --set NAME --endpoint URL --model M [--key-variable VAR] [--name NAME]
                       (--runs ID[,ID…] | --holes RUN_ID) [--depth 10] [--concurrency 4]
                       [--max-calls N] [--json]

Judges a pool with an LLM judge at an OpenAI-compatible endpoint (requests go to
URL/chat/completions; its host must be in GOLDENSET_OUTBOUND_ALLOWLIST) and waits, as evaluate
does: --runs pools the top --depth documents of those runs over the set's queries (document level
for document-mode runs, each document at its first rank); --holes judges what no person judged in
that run's top --depth. The judge is named --name (default: the model) and reused while its
endpoint, model, key variable and prompt stay the same; a pair it judged before is not sent again.
--key-variable names the environment variable holding the API key (none for Ollama and other
local servers; it must be allowed by GOLDENSET_KEY_VARIABLES). --max-calls pauses the job after N
requests (retries included).

Prints the pairs, what was judged, cached, unsupported and failed, the requests and tokens, the
agreement with people on pairs both judged (kappa binarized at the set's threshold, alpha) and
Kendall's tau between the runs ordered by nDCG@10 under people's and under the judge's judgments;
--json prints {"pairs", "judged", "cached", "unsupported", "failed", "calls", "promptTokens",
"completionTokens", "agreement": {"items", "kappa", "alpha": {"nominal", "ordinal"}},
"tau": {"measure", "value", "runs"}}.

Exit codes: 0 ok, 1 pairs failed (or the job failed, paused or was cancelled), 2 bad input.`;

export type JudgeCommandOptions = {
  setName: string;
  settings: JudgeSettingsInput;
  source: JudgingSource;
  json: boolean;
};

/** The flags of `goldenset judge`, checked; every problem is bad input (exit 2) naming its flag. */
export function parseJudgeOptions(
  values: Record<string, OptionValue>,
  positionals: string[],
): JudgeCommandOptions {
  if (positionals.length > 0) fail(`unexpected "${positionals[0]}"`);
  const setName = requireString(values.set, "set");
  const endpoint = requireString(values.endpoint, "endpoint");
  const model = requireString(values.model, "model");
  const runs = optionalString(values.runs, "runs");
  const holes = optionalString(values.holes, "holes");
  if ((runs === undefined) === (holes === undefined)) fail("give either --runs ID[,ID…] or --holes RUN_ID");
  const depth = parseWhole(values.depth, "depth", { min: 1, max: 100 }) ?? 10;
  const concurrency = parseWhole(values.concurrency, "concurrency", JUDGE_LIMITS.concurrency);
  const maxCalls = parseWhole(values["max-calls"], "max-calls", { min: 1, max: JUDGE_LIMITS.maxCalls.max });
  const keyVariable = optionalString(values["key-variable"], "key-variable");
  const name = optionalString(values.name, "name") ?? model;
  let source: JudgingSource;
  if (runs !== undefined) {
    const runIds = runs
      .split(",")
      .map((id) => id.trim())
      .filter(Boolean);
    if (runIds.length === 0) fail("--runs takes run ids separated by commas");
    source = { kind: "runs", runIds: [...new Set(runIds)], depth };
  } else {
    source = { kind: "holes", runId: holes!, depth };
  }
  return {
    setName,
    settings: {
      name,
      baseUrl: endpoint,
      model,
      ...(keyVariable === undefined ? {} : { apiKeyVariable: keyVariable }),
      ...(concurrency === undefined ? {} : { concurrency }),
      ...(maxCalls === undefined ? {} : { maxCalls }),
    },
    source,
    json: values.json === true,
  };
}

function fail(message: string): never {
  throw new AppError("bad_request", `${message}; ${judgeUsage.split("\n\n")[0]}`);
}

function requireString(value: OptionValue, flag: string): string {
  const text = optionalString(value, flag);
  if (text === undefined) fail(`--${flag} is required`);
  return text;
}

function optionalString(value: OptionValue, flag: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.trim() === "") fail(`--${flag} needs a value`);
  return value.trim();
}

function parseWhole(
  value: OptionValue,
  flag: string,
  range: { min: number; max: number },
): number | undefined {
  const text = optionalString(value, flag);
  if (text === undefined) return undefined;
  const number = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < range.min || number > range.max) {
    fail(
      `--${flag} must be a whole number from ${range.min} to ${range.max.toLocaleString("en-US")}, not "${text}"`,
    );
  }
  return number;
}
