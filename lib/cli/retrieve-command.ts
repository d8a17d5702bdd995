import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { basename, extname } from "node:path";
import {
  type CommandArgs,
  type CommandOptions,
  helpOption,
  type OptionValue,
  refusePositionals,
  requireString,
} from "@/lib/cli/command-options";
import { createCliRunServices } from "@/lib/cli/create-cli-run-services";
import { parseSavedConfig, retrievalRunOfSavedConfig } from "@/lib/configs/parse-saved-config";
import {
  parseRetrievalConfigFile,
  type RetrievalRunConfig,
  resolveRetrievalPreset,
} from "@/lib/configs/retrieval-run-config";
import { AppError } from "@/lib/errors";
import { type BeirSource, openBeirFolder } from "@/lib/exchange/read-beir";
import { retrieveBeirRun } from "@/lib/runs/retrieve-beir-run";

const usage =
  "usage: goldenset retrieve --beir DIR --config FILE.json|PRESET --out RUN.txt [--split test] [--hits 1000] [--qrels-out QRELS.txt] [--ignore-identical-ids]";

/**
 * `goldenset retrieve --beir DIR --config FILE.json|PRESET --out RUN.txt [--split test] [--hits N]`:
 * runs a retriever configuration — a preset (`bm25`: Anserini's BM25; `lsa`: the built-in LSA dense
 * baseline, 128 dimensions; `hybrid-rrf`: both fused by RRF, k 60, depth 1000) or a JSON file
 * `{ "name"?, "retriever" }` holding the app's retriever JSON (see retrieval-run-config.ts) — over a
 * BEIR folder's whole documents and writes a document-level TREC run, `qid Q0 docid rank score tag`
 * with scores at 6 decimals as Anserini prints them. `--ignore-identical-ids` (or the config's
 * `ignoreIdenticalIds`) drops a document whose id equals the query's (BEIR's
 * `ignore_identical_ids`, Anserini's `-removeQuery`); off by default, as in the app's runs. No
 * database: embedding providers are reached through GOLDENSET_OUTBOUND_ALLOWLIST with API keys from
 * the environment, cached in memory.
 */
export const retrieveCommand = {
  options: {
    ...helpOption,
    beir: { type: "string" },
    config: { type: "string" },
    out: { type: "string" },
    split: { type: "string" },
    hits: { type: "string" },
    "qrels-out": { type: "string" },
    "ignore-identical-ids": { type: "boolean" },
  } as CommandOptions,

  run: async (args: CommandArgs): Promise<number> => {
    const { values, positionals } = args;
    refusePositionals(positionals, usage);
    const beirDir = requireString(values.beir, "beir", usage);
    const configArgument = requireString(values.config, "config", usage);
    const outPath = requireString(values.out, "out", usage);
    const split = values.split === undefined ? "test" : requireString(values.split, "split", usage);
    const hits = parseHits(values.hits);
    const loaded = await loadConfig(configArgument);
    // the flag turns the setting on; a config file that sets it keeps it on
    const config = {
      ...loaded,
      ignoreIdenticalIds: loaded.ignoreIdenticalIds || values["ignore-identical-ids"] === true,
    };
    const source = await openBeirFolder(beirDir);
    if (!source.splits.includes(split)) {
      const known = source.splits.length === 0 ? "it has none" : `it has ${source.splits.join(", ")}`;
      throw new AppError("bad_request", `no qrels/${split}.tsv in "${beirDir}" (${known}); see --split`);
    }

    const qrelsOut = values["qrels-out"];
    if (qrelsOut !== undefined)
      await writeTrecQrels(source, split, requireString(qrelsOut, "qrels-out", usage));

    const services = createCliRunServices();
    const rankings = retrieveBeirRun({ source, split, config, hits, services });
    const output = createWriteStream(outPath);
    const closed = once(output, "close");
    try {
      for await (const { queryId, documents } of rankings) {
        const lines = documents.map(
          (document, rank) =>
            `${queryId} Q0 ${document.documentId} ${rank + 1} ${document.score.toFixed(6)} ${config.name}\n`,
        );
        if (!output.write(lines.join(""))) await once(output, "drain");
      }
    } finally {
      output.end();
    }
    await closed;
    return 0;
  },
};

/** The split's BEIR qrels as TREC qrels (`qid 0 docid grade`), what `eval-trec` reads. */
async function writeTrecQrels(source: BeirSource, split: string, path: string): Promise<void> {
  const lines: string[] = [];
  for await (const qrel of source.qrels(split))
    lines.push(`${qrel.queryId} 0 ${qrel.documentId} ${qrel.grade}\n`);
  await writeFile(path, lines.join(""));
}

async function loadConfig(argument: string): Promise<RetrievalRunConfig> {
  if (!argument.toLowerCase().endsWith(".json")) return resolveRetrievalPreset(argument);
  const text = await readFile(argument, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new AppError("bad_request", `cannot read config "${argument}": ${error.code ?? error.message}`);
  });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AppError("bad_request", `config "${argument}" is not valid JSON: ${(error as Error).message}`);
  }
  // a saved configuration's JSON (what `evaluate` takes) runs too, when it searches as retrieve does
  if (typeof value === "object" && value !== null && "chunking" in value)
    return retrievalRunOfSavedConfig(parseSavedConfig(value));
  return parseRetrievalConfigFile({ value, fallbackName: basename(argument, extname(argument)) });
}

function parseHits(value: OptionValue): number {
  if (value === undefined) return 1000;
  if (typeof value !== "string" || !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 1_000_000) {
    throw new AppError(
      "bad_request",
      `--hits takes a whole number from 1 to 1000000, got "${String(value)}"`,
    );
  }
  return Number(value);
}
