import { readdir, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import { AppError } from "@/lib/errors";
import { type BeirQrel, readBeirQrels } from "./read-beir-qrels";
import { type BeirQuery, readBeirQueries } from "./read-beir-queries";
import { readCorpusJsonl, type SourceDocument } from "./read-corpus-jsonl";
import { openFileStream } from "./read-lines";
import { listZipEntries, openZipEntry } from "./read-zip-entries";

/**
 * A BEIR dataset: corpus.jsonl (required), queries.jsonl (optional when there are no qrels)
 * and qrels/<split>.tsv. Each method opens a fresh stream, so a source can be read twice
 * (for instance once to validate and once to insert). Errors name the file and the line.
 */
export type BeirSource = {
  documents(): AsyncGenerator<SourceDocument>;
  /** Yields nothing when the dataset has no queries.jsonl (a corpus-only dataset). */
  queries(): AsyncGenerator<BeirQuery>;
  /** Throws AppError("bad_request") on iteration when `split` is not one of `splits`. */
  qrels(split: string): AsyncGenerator<BeirQrel>;
  /** Names of the qrels files without ".tsv", sorted: ["dev", "test", "train"]. */
  splits: string[];
};

/** Relative "/"-separated file names in a dataset, and a way to stream one of them. */
type FileAccess = { label: string; names: string[]; open(name: string): AsyncIterable<Uint8Array> };

/** Opens a BEIR folder; its files may sit at the top or one folder down (`scifact/corpus.jsonl`). */
export async function openBeirFolder(dir: string): Promise<BeirSource> {
  const info = await stat(dir).catch(() => null);
  if (info === null) throw new AppError("not_found", `folder "${basename(dir)}" does not exist`);
  if (!info.isDirectory()) throw new AppError("bad_request", `"${basename(dir)}" is not a folder`);
  const names = await listFiles(dir, "", 2);
  return createBeirSource({
    label: `folder "${basename(dir)}"`,
    names,
    open: (name) => openFileStream(join(dir, name)),
  });
}

/**
 * Opens a BEIR zip (files at the top or one folder down). The central directory is read once;
 * entries are stream-decompressed on demand (see read-zip-entries.ts), never unzipped whole.
 */
export async function openBeirZip(zipPath: string): Promise<BeirSource> {
  const entries = new Map((await listZipEntries(zipPath)).map((entry) => [entry.name, entry]));
  return createBeirSource({
    label: `zip "${basename(zipPath)}"`,
    names: [...entries.keys()].filter((name) => !name.endsWith("/")),
    open: (name) => openZipEntry(zipPath, entries.get(name)!),
  });
}

function createBeirSource(access: FileAccess): BeirSource {
  const names = access.names.filter(
    (name) => !name.startsWith("__MACOSX/") && !basename(name).startsWith("._"),
  );
  const corpusCandidates = names.filter(
    (name) => basename(name) === "corpus.jsonl" && name.split("/").length <= 2,
  );
  const corpus =
    corpusCandidates.find((name) => name === "corpus.jsonl") ??
    (corpusCandidates.length === 1 ? corpusCandidates[0] : undefined);
  if (corpus === undefined) {
    const why =
      corpusCandidates.length === 0
        ? "has no corpus.jsonl (looked at the top level and one folder down)"
        : `has several corpus.jsonl files (${corpusCandidates.join(", ")}) — keep one dataset per upload`;
    throw new AppError(
      "bad_request",
      `the ${access.label} ${why}; a BEIR dataset holds corpus.jsonl, queries.jsonl and qrels/<split>.tsv`,
    );
  }
  const prefix = corpus.slice(0, -"corpus.jsonl".length);
  const queriesName = names.includes(`${prefix}queries.jsonl`) ? `${prefix}queries.jsonl` : null;
  const qrelsNameBySplit = new Map<string, string>();
  for (const name of names) {
    const match = name.startsWith(`${prefix}qrels/`) && /^([^/]+)\.tsv$/.exec(name.slice(prefix.length + 6));
    if (match) qrelsNameBySplit.set(match[1]!, name);
  }
  const splits = [...qrelsNameBySplit.keys()].sort();
  if (splits.length > 0 && queriesName === null) {
    throw new AppError(
      "bad_request",
      `the ${access.label} has qrels (${splits.join(", ")}) but no ${prefix}queries.jsonl to say what the queries are`,
    );
  }

  return {
    splits,
    documents: () => namingFile(corpus, readCorpusJsonl(access.open(corpus))),
    async *queries() {
      if (queriesName !== null) yield* namingFile(queriesName, readBeirQueries(access.open(queriesName)));
    },
    async *qrels(split: string) {
      const name = qrelsNameBySplit.get(split);
      if (name === undefined) {
        const known = splits.length === 0 ? "there are none" : `available: ${splits.join(", ")}`;
        throw new AppError("bad_request", `no qrels for split "${split}" in the ${access.label} (${known})`);
      }
      yield* namingFile(name, readBeirQrels(access.open(name)));
    },
  };
}

/** Prefixes bad-input errors with the file they come from: `qrels/test.tsv: line 4: …`. */
async function* namingFile<T>(name: string, items: AsyncGenerator<T>): AsyncGenerator<T> {
  try {
    yield* items;
  } catch (error) {
    if (error instanceof AppError && error.code === "bad_request") {
      throw new AppError(error.code, `${name}: ${error.message}`, error.location);
    }
    throw error;
  }
}

/** Files under `dir` down to `depth` folders below it, as "/"-separated relative names. */
async function listFiles(dir: string, relative: string, depth: number): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await readdir(join(dir, relative), { withFileTypes: true })) {
    const name = relative === "" ? entry.name : `${relative}/${entry.name}`;
    // Symbolic links count as what they point to (datasets are often linked, not copied).
    const target = entry.isSymbolicLink() ? await stat(join(dir, name)).catch(() => null) : entry;
    if (target?.isFile()) names.push(name);
    else if (target?.isDirectory() && depth > 0) names.push(...(await listFiles(dir, name, depth - 1)));
  }
  return names;
}
