import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  type CommandArgs,
  type CommandOptions,
  helpOption,
  type OptionValue,
  onePositional,
  requireString,
} from "@/lib/cli/command-options";
import { printJson } from "@/lib/cli/write-stdout";
import { chunkingConfigSchema } from "@/lib/configs/config-schema";
import { importJudgments } from "@/lib/curation/judgment-imports";
import { db } from "@/lib/db/client";
import { findGoldenSetByNameOrId } from "@/lib/db/golden-sets";
import {
  loadBeirCorpusLines,
  loadBeirQueryLines,
  loadRunTrec,
  loadSetChunkQrels,
  loadSetQrels,
} from "@/lib/db/judgment-exports";
import { AppError } from "@/lib/errors";
import { formatBeirQrels } from "@/lib/exchange/format-beir-qrels";
import { parseJudgmentFiles } from "@/lib/exchange/parse-judgment-files";
import { type QrelJudgments, qrelJudgmentsSchema } from "@/lib/exchange/qrel-judgments";
import { formatQrels } from "@/lib/exchange/trec-format";

function text(value: OptionValue): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

const importUsage =
  "usage: goldenset import-qrels QRELS --format trec|beir --queries FILE --set NAME [--corpus NAME] | import-qrels RATINGS.csv --format quepid|csv --set NAME [--corpus NAME]";

/**
 * `goldenset import-qrels QRELS --format trec|beir|quepid|csv [--queries FILE] --set NAME
 * [--corpus NAME]`: judgments into a set (created over --corpus when no set has the name), all
 * or nothing; prints the import's counts as JSON. Exit 2 on bad input (every problem listed).
 */
export const importQrelsCommand = {
  options: {
    ...helpOption,
    format: { type: "string" },
    queries: { type: "string" },
    corpus: { type: "string" },
    set: { type: "string" },
  } as CommandOptions,
  errorExitCode: 2,
  run: async ({ values, positionals }: CommandArgs): Promise<number> => {
    const file = onePositional(positionals, "QRELS", importUsage);
    const setName = requireString(values.set, "set", importUsage);
    const queriesFile = text(values.queries);
    const parsed = parseJudgmentFiles({
      format: text(values.format) ?? "",
      judgments: { name: path.basename(file), text: await readFile(file, "utf8") },
      ...(queriesFile
        ? { queries: { name: path.basename(queriesFile), text: await readFile(queriesFile, "utf8") } }
        : {}),
    });
    const corpusName = text(values.corpus);
    const result = await importJudgments(db(), { ...parsed, setName, ...(corpusName ? { corpusName } : {}) });
    printJson(result);
    return 0;
  },
};

const exportUsage =
  "usage: goldenset export-qrels NAME --format trec|beir --out PATH [--judgments human|human+model|model] [--chunking JSON [--coverage 1]]";

/**
 * `goldenset export-qrels NAME --format trec|beir --out PATH`: the set's document-level qrels
 * (loadSetQrels) as a TREC qrels file, or a BEIR folder (corpus.jsonl, queries.jsonl,
 * qrels/test.tsv) at PATH. Without --out, TREC qrels go to stdout. `--judgments` (default human:
 * people's labels only) adds or takes LLM judges' labels (lib/exchange/qrel-judgments.ts).
 */
export const exportQrelsCommand = {
  options: {
    ...helpOption,
    format: { type: "string" },
    out: { type: "string" },
    chunking: { type: "string" },
    coverage: { type: "string" },
    judgments: { type: "string" },
  } as CommandOptions,
  errorExitCode: 2,
  run: async ({ values, positionals }: CommandArgs): Promise<number> => {
    const judgments = parseQrelJudgments(values.judgments);
    const set = await findGoldenSetByNameOrId(db(), onePositional(positionals, "NAME", exportUsage));
    const format = text(values.format) ?? "trec";
    const out = text(values.out);
    const chunking = text(values.chunking);
    if (chunking) {
      if (format !== "trec")
        throw new AppError("bad_request", "--chunking exports TREC qrels only (--format trec)");
      const body = formatQrels(
        await chunkLevelQrels({
          setId: set.id,
          chunkingJson: chunking,
          coverageText: text(values.coverage) ?? "1",
          judgments,
        }),
      );
      if (out) await writeFile(out, body);
      else process.stdout.write(body);
      return 0;
    }
    const qrels = await loadSetQrels(db(), set.id, { judgments });
    if (format === "trec") {
      const body = formatQrels(qrels);
      if (out) await writeFile(out, body);
      else process.stdout.write(body);
      return 0;
    }
    if (format !== "beir")
      throw new AppError("bad_request", `--format must be trec or beir (got "${format}")`);
    if (!out) throw new AppError("bad_request", `--out DIR is required for BEIR; ${exportUsage}`);
    await writeBeirFolder(set.id, out, qrels);
    process.stdout.write(`${JSON.stringify({ out: path.resolve(out), qrels: qrels.length }, null, 2)}\n`);
    return 0;
  },
};

/** `--judgments human|human+model|model`, human when absent; anything else is bad input (exit 2). */
function parseQrelJudgments(value: OptionValue): QrelJudgments {
  if (value === undefined) return "human";
  const parsed = qrelJudgmentsSchema.safeParse(value);
  if (!parsed.success)
    throw new AppError(
      "bad_request",
      `--judgments must be human, human+model or model (got "${String(value)}")`,
    );
  return parsed.data;
}

/** `--chunking '{"strategy":"fixed-characters","size":400,"overlap":80}'` and `--coverage θ`. */
async function chunkLevelQrels(options: {
  setId: string;
  chunkingJson: string;
  coverageText: string;
  judgments: QrelJudgments;
}) {
  const { setId, chunkingJson, coverageText, judgments } = options;
  let json: unknown;
  try {
    json = JSON.parse(chunkingJson);
  } catch {
    throw new AppError("bad_request", `--chunking is not JSON (got ${chunkingJson})`);
  }
  const chunking = chunkingConfigSchema.parse(json);
  const coverage = Number(coverageText);
  if (!(coverage > 0 && coverage <= 1))
    throw new AppError("bad_request", `--coverage must be in (0, 1] (got ${coverageText})`);
  const { entries, skipped } = await loadSetChunkQrels(db(), { setId, chunking, coverage, judgments });
  if (skipped > 0)
    process.stderr.write(
      `${skipped} quote label(s) on an older document version left out (repair them first)\n`,
    );
  return entries;
}

async function writeBeirFolder(setId: string, out: string, qrels: Awaited<ReturnType<typeof loadSetQrels>>) {
  await mkdir(path.join(out, "qrels"), { recursive: true });
  const queries = await loadBeirQueryLines(db(), setId);
  await writeFile(path.join(out, "queries.jsonl"), queries.map((line) => `${line}\n`).join(""));
  await writeFile(path.join(out, "qrels", "test.tsv"), formatBeirQrels(qrels));
  const corpus = createWriteStream(path.join(out, "corpus.jsonl"));
  for await (const line of loadBeirCorpusLines(db(), setId)) {
    if (!corpus.write(`${line}\n`)) await once(corpus, "drain");
  }
  corpus.end();
  await once(corpus, "finish");
}

const runUsage = "usage: goldenset export-run RUN_ID [--passages] [--out FILE]";

/**
 * `goldenset export-run RUN_ID [--passages] [--out FILE]`: a finished run as a TREC run file —
 * document level (each document at its first rank), or with `--passages` every result as
 * `docid#start-end` at its rank (UTF-16 offsets into the document text, end exclusive), which the
 * run importer reads back as the same passages. To stdout without --out.
 */
export const exportRunCommand = {
  options: { ...helpOption, out: { type: "string" }, passages: { type: "boolean" } } as CommandOptions,
  errorExitCode: 2,
  run: async ({ values, positionals }: CommandArgs): Promise<number> => {
    const runId = onePositional(positionals, "RUN_ID", runUsage);
    const { text: body } = await loadRunTrec(db(), runId, values.passages === true ? "passage" : "document");
    const out = text(values.out);
    if (out) await writeFile(out, body);
    else process.stdout.write(body);
    return 0;
  },
};
