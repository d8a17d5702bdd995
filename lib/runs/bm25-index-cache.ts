import { createHash } from "node:crypto";
import { mkdir, readdir, rm, stat, utimes } from "node:fs/promises";
import path from "node:path";
import type { AnalyzerOptions } from "@/lib/retrieval/analyzer-options";
import type { Bm25Index, Bm25Params, Bm25Scoring } from "@/lib/retrieval/bm25-index";
import {
  BM25_INDEX_FORMAT_VERSION,
  readBm25IndexFile,
  writeBm25IndexFile,
} from "@/lib/retrieval/bm25-index-file";

export type Bm25IndexRequest = {
  /** the chunk texts, in the order the index numbers them */
  texts: readonly string[];
  params: Bm25Params;
  analyzer: AnalyzerOptions;
  scoring?: Bm25Scoring;
};

/**
 * `hit`: loaded from disk, `build` not called. `warning`: what went wrong with the cache itself (a
 * damaged file that was rebuilt, a file that could not be saved); the index is good either way.
 */
export type Bm25IndexCacheResult = { index: Bm25Index; hit: boolean; warning?: string };

const FILE_EXTENSION = ".bm25";

/**
 * Built BM25 indexes on disk, one file per `<key>.bm25` in `directory` (the app uses
 * data/indexes), so a run over an unchanged corpus with unchanged chunking loads its index instead
 * of analyzing every chunk again.
 *
 * The key (bm25IndexKey) hashes what the index is a function of: the chunk texts in order, the
 * BM25 parameters, the analyzer and scoring, and the file format version. A changed document
 * text or chunking changes the chunk texts and so the key; a chunking change that cuts exactly
 * the same texts gives the same index, and rightly the same key.
 *
 * At most `maxFiles` indexes are kept; the least recently used (by file mtime, touched on each
 * hit) are deleted after a save. Writes are atomic, so concurrent runs at worst build twice.
 */
export class Bm25IndexCache {
  readonly directory: string;
  readonly maxFiles: number;

  constructor(options: { directory: string; maxFiles?: number }) {
    this.directory = options.directory;
    this.maxFiles = options.maxFiles ?? 20;
  }

  /** The cached index for `texts` etc. when there is a usable one; otherwise `build()`'s, saved. */
  async getOrBuild(options: Bm25IndexRequest & { build: () => Bm25Index }): Promise<Bm25IndexCacheResult> {
    const file = this.pathFor(bm25IndexKey(options));
    let damaged: string | undefined;
    try {
      const index = await readBm25IndexFile(file);
      if (matchesRequest(index, options)) {
        await touch(file);
        return { index, hit: true };
      }
      damaged = `${file} was built with other settings`;
    } catch (error) {
      if (!isMissingFile(error)) damaged = errorMessage(error);
    }
    const index = options.build();
    const warnings = damaged === undefined ? [] : [`rebuilt the cached BM25 index: ${damaged}`];
    try {
      await mkdir(this.directory, { recursive: true });
      await writeBm25IndexFile({ path: file, index });
      await this.evict(file);
    } catch (error) {
      warnings.push(`could not save the BM25 index to ${file}: ${errorMessage(error)}`);
    }
    return warnings.length === 0
      ? { index, hit: false }
      : { index, hit: false, warning: warnings.join("; ") };
  }

  pathFor(key: string): string {
    return path.join(this.directory, `${key}${FILE_EXTENSION}`);
  }

  /** Deletes the least recently used index files beyond `maxFiles`, never `keep` (just saved). */
  private async evict(keep: string): Promise<void> {
    const names = (await readdir(this.directory)).filter((name) => name.endsWith(FILE_EXTENSION));
    if (names.length <= this.maxFiles) return;
    const others = names.map((name) => path.join(this.directory, name)).filter((file) => file !== keep);
    const files = await Promise.all(
      others.map(async (file) => {
        const modified = await stat(file).then(
          (stats) => stats.mtimeMs,
          () => Number.NEGATIVE_INFINITY, // deleted meanwhile by another run
        );
        return { file, modified };
      }),
    );
    files.sort((first, second) => second.modified - first.modified || first.file.localeCompare(second.file));
    await Promise.all(
      files.slice(Math.max(0, this.maxFiles - 1)).map(({ file }) => rm(file, { force: true })),
    );
  }
}

/**
 * sha256 (hex) of the format version, the scoring settings, and the texts: each text's length
 * in UTF-16 units, then all texts as UTF-16, so no two different lists hash the same input.
 */
export function bm25IndexKey(request: Bm25IndexRequest): string {
  const { texts, params, analyzer, scoring = "lucene" } = request;
  const hash = createHash("sha256");
  const settings = {
    format: BM25_INDEX_FORMAT_VERSION,
    k1: params.k1,
    b: params.b,
    scoring,
    analyzer: {
      lowercase: analyzer.lowercase,
      stopwords: analyzer.stopwords,
      stem: analyzer.stem,
      possessives: analyzer.possessives,
    },
    texts: texts.length,
  };
  hash.update(JSON.stringify(settings));
  hash.update(Uint32Array.from(texts, (text) => text.length));
  // UTF-16 rather than UTF-8: lossless even for unpaired surrogates. Per text, because joining
  // groups of texts first measured slower (~0.15 s for 200k chunks this way, 24 MB of text).
  for (const text of texts) hash.update(text, "utf16le");
  return hash.digest("hex");
}

/** Guards against a key collision or a file copied under another name. */
function matchesRequest(index: Bm25Index, request: Bm25IndexRequest): boolean {
  const parts = index.settings;
  const { analyzer } = request;
  return (
    index.size === request.texts.length &&
    parts.params.k1 === request.params.k1 &&
    parts.params.b === request.params.b &&
    parts.scoring === (request.scoring ?? "lucene") &&
    parts.analyzer.lowercase === analyzer.lowercase &&
    parts.analyzer.stopwords === analyzer.stopwords &&
    parts.analyzer.stem === analyzer.stem &&
    parts.analyzer.possessives === analyzer.possessives
  );
}

/** Marks a file as just used, for eviction; failing to is harmless. */
async function touch(file: string): Promise<void> {
  const now = new Date();
  await utimes(file, now, now).catch(() => {});
}

function isMissingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
