import { randomUUID } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { endianness } from "node:os";
import { crc32 } from "node:zlib";
import { AppError } from "@/lib/errors";
import type { AnalyzerOptions } from "@/lib/retrieval/analyzer-options";
import { Bm25Index } from "@/lib/retrieval/bm25-index";
import type { Bm25IndexParts } from "@/lib/retrieval/bm25-index-parts";

/**
 * A built Bm25Index as one binary file, loaded without recomputing anything, so a loaded index
 * returns the same hits with the same float scores as the one that was saved.
 *
 * Layout (version 1). A 64-byte header, read little-endian:
 *   0  magic "GSBM25IX"          8  u32 format version      12 u32 scoring (0 lucene, 1 exact)
 *   16 u32 analyzer flag bits    20 u32 texts               24 u32 terms
 *   28 u32 postings              32 f64 k1                  40 f64 b
 *   48 u32 vocabulary bytes      52 u32 CRC-32 of header bytes 0–51 and of everything after 64
 *   56 reserved (0)
 * then the arrays as their raw bytes (little-endian machines only), each starting on a multiple
 * of 8 so that loading makes typed-array views of the file's buffer instead of copies:
 *   normInverses f64[texts], idfs f64[terms], postingStarts i32[terms + 1], postingDocs i32[postings],
 *   postingFrequencies i32[postings], vocabulary offsets u32[terms + 1] (byte offsets), vocabulary
 *   UTF-8 bytes (the terms in id order, concatenated).
 */
export const BM25_INDEX_FORMAT_VERSION = 1;

const MAGIC = "GSBM25IX";
const HEADER_BYTES = 64;
const CHECKSUM_OFFSET = 52;
const ANALYZER_FLAGS = ["lowercase", "stopwords", "stem", "possessives"] as const;

export function encodeBm25Index(index: Bm25Index): Uint8Array {
  requireLittleEndian();
  const parts = index.toParts();
  const { vocabulary } = parts;
  const joined = vocabulary.join("");
  // A lone UTF-16 surrogate has no UTF-8 form: such a term would not come back as it was.
  if (/\p{Cs}/u.test(joined)) {
    throw new AppError(
      "internal",
      "The BM25 index has a term with an unpaired surrogate; it cannot be saved.",
    );
  }
  const vocabularyBytes = Buffer.byteLength(joined, "utf8");
  const layout = sectionLayout({
    texts: parts.normInverses.length,
    terms: vocabulary.length,
    postings: parts.postingDocs.length,
    vocabularyBytes,
  });
  const bytes = new Uint8Array(layout.totalBytes);
  const header = new DataView(bytes.buffer);
  for (let position = 0; position < MAGIC.length; position++) bytes[position] = MAGIC.charCodeAt(position);
  header.setUint32(8, BM25_INDEX_FORMAT_VERSION, true);
  header.setUint32(12, parts.scoring === "lucene" ? 0 : 1, true);
  header.setUint32(16, analyzerFlags(parts.analyzer), true);
  header.setUint32(20, parts.normInverses.length, true);
  header.setUint32(24, vocabulary.length, true);
  header.setUint32(28, parts.postingDocs.length, true);
  header.setFloat64(32, parts.params.k1, true);
  header.setFloat64(40, parts.params.b, true);
  header.setUint32(48, vocabularyBytes, true);

  const copy = (array: ArrayBufferView, offset: number) =>
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset);
  copy(parts.normInverses, layout.normInverses);
  copy(parts.idfs, layout.idfs);
  copy(parts.postingStarts, layout.postingStarts);
  copy(parts.postingDocs, layout.postingDocs);
  copy(parts.postingFrequencies, layout.postingFrequencies);
  const offsets = new Uint32Array(bytes.buffer, layout.vocabularyOffsets, vocabulary.length + 1);
  const encoder = new TextEncoder();
  let written = 0;
  for (const [id, term] of vocabulary.entries()) {
    written += encoder.encodeInto(term, bytes.subarray(layout.vocabulary + written)).written;
    offsets[id + 1] = written;
  }
  header.setUint32(CHECKSUM_OFFSET, checksum(bytes), true);
  return bytes;
}

/** The index in `bytes`; an AppError saying what is wrong when they are not a whole, intact index file. */
export function decodeBm25Index(input: Uint8Array): Bm25Index {
  requireLittleEndian();
  if (input.byteLength < HEADER_BYTES) throw corrupt(`it has ${input.byteLength} bytes, less than a header`);
  // Typed-array views need aligned offsets; a file read on its own normally starts at offset 0.
  const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
  const header = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(...bytes.subarray(0, MAGIC.length));
  if (magic !== MAGIC) throw corrupt("it is not a BM25 index file");
  const version = header.getUint32(8, true);
  if (version !== BM25_INDEX_FORMAT_VERSION) {
    throw corrupt(`it has format version ${version}, this build reads ${BM25_INDEX_FORMAT_VERSION}`);
  }
  const counts = {
    texts: header.getUint32(20, true),
    terms: header.getUint32(24, true),
    postings: header.getUint32(28, true),
    vocabularyBytes: header.getUint32(48, true),
  };
  const layout = sectionLayout(counts);
  if (bytes.byteLength !== layout.totalBytes) {
    throw corrupt(
      `it has ${bytes.byteLength} bytes where its header promises ${layout.totalBytes} (truncated?)`,
    );
  }
  if (header.getUint32(CHECKSUM_OFFSET, true) !== checksum(bytes))
    throw corrupt("its checksum does not match");

  const scoringCode = header.getUint32(12, true);
  if (scoringCode > 1) throw corrupt(`unknown scoring code ${scoringCode}`);
  const at = bytes.byteOffset;
  const offsets = new Uint32Array(bytes.buffer, at + layout.vocabularyOffsets, counts.terms + 1);
  const vocabularyBlob = bytes.subarray(layout.vocabulary, layout.vocabulary + counts.vocabularyBytes);
  const parts: Bm25IndexParts = {
    params: { k1: header.getFloat64(32, true), b: header.getFloat64(40, true) },
    analyzer: analyzerFromFlags(header.getUint32(16, true)),
    scoring: scoringCode === 0 ? "lucene" : "exact",
    vocabulary: decodeVocabulary(vocabularyBlob, offsets),
    normInverses: new Float64Array(bytes.buffer, at + layout.normInverses, counts.texts),
    idfs: new Float64Array(bytes.buffer, at + layout.idfs, counts.terms),
    postingStarts: new Int32Array(bytes.buffer, at + layout.postingStarts, counts.terms + 1),
    postingDocs: new Int32Array(bytes.buffer, at + layout.postingDocs, counts.postings),
    postingFrequencies: new Int32Array(bytes.buffer, at + layout.postingFrequencies, counts.postings),
  };
  return Bm25Index.fromParts(parts);
}

/** Writes `index` to `path` atomically: a reader sees the old file or the whole new one, never a part. */
export async function writeBm25IndexFile(options: { path: string; index: Bm25Index }): Promise<number> {
  const bytes = encodeBm25Index(options.index);
  const temporary = `${options.path}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, options.path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return bytes.byteLength;
}

/** The index saved at `path`. Node's errors for a missing file pass through (code ENOENT). */
export async function readBm25IndexFile(path: string): Promise<Bm25Index> {
  const bytes = await readFile(path);
  try {
    return decodeBm25Index(bytes);
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, `${path}: ${error.message}`);
    throw error;
  }
}

type SectionCounts = { texts: number; terms: number; postings: number; vocabularyBytes: number };

function sectionLayout(counts: SectionCounts) {
  let offset = HEADER_BYTES;
  const section = (byteLength: number) => {
    const start = offset;
    offset += Math.ceil(byteLength / 8) * 8;
    return start;
  };
  const normInverses = section(counts.texts * 8);
  const idfs = section(counts.terms * 8);
  const postingStarts = section((counts.terms + 1) * 4);
  const postingDocs = section(counts.postings * 4);
  const postingFrequencies = section(counts.postings * 4);
  const vocabularyOffsets = section((counts.terms + 1) * 4);
  const vocabulary = section(counts.vocabularyBytes);
  return {
    normInverses,
    idfs,
    postingStarts,
    postingDocs,
    postingFrequencies,
    vocabularyOffsets,
    vocabulary,
    totalBytes: offset,
  };
}

function decodeVocabulary(blob: Uint8Array, offsets: Uint32Array): string[] {
  const terms = new Array<string>(offsets.length - 1);
  if (offsets[0] !== 0 || offsets[offsets.length - 1] !== blob.byteLength) {
    throw corrupt("its vocabulary offsets do not span the vocabulary");
  }
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let text: string;
  try {
    text = decoder.decode(blob);
  } catch {
    throw corrupt("its vocabulary is not valid UTF-8");
  }
  // All ASCII (one byte per UTF-16 unit): byte offsets are string offsets, so slice the one string.
  const ascii = text.length === blob.byteLength;
  for (let id = 0; id < terms.length; id++) {
    const start = offsets[id]!;
    const end = offsets[id + 1]!;
    if (start > end) throw corrupt("its vocabulary offsets decrease");
    terms[id] = ascii ? text.slice(start, end) : decoder.decode(blob.subarray(start, end));
  }
  return terms;
}

function analyzerFlags(analyzer: AnalyzerOptions): number {
  return ANALYZER_FLAGS.reduce((flags, name, bit) => (analyzer[name] ? flags | (1 << bit) : flags), 0);
}

function analyzerFromFlags(flags: number): AnalyzerOptions {
  if (flags >>> ANALYZER_FLAGS.length !== 0) throw corrupt(`unknown analyzer flags ${flags}`);
  return {
    lowercase: (flags & 1) !== 0,
    stopwords: (flags & 2) !== 0,
    stem: (flags & 4) !== 0,
    possessives: (flags & 8) !== 0,
  };
}

/** CRC-32 of the header before the checksum field and of the body (the reserved bytes are zero). */
function checksum(bytes: Uint8Array): number {
  return crc32(bytes.subarray(HEADER_BYTES), crc32(bytes.subarray(0, CHECKSUM_OFFSET)));
}

function requireLittleEndian(): void {
  if (endianness() !== "LE") {
    throw new AppError("internal", "BM25 index files are little-endian; this machine is big-endian.");
  }
}

function corrupt(reason: string): AppError {
  return new AppError("internal", `Not a usable BM25 index file: ${reason}.`);
}
