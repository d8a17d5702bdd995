import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import { basename } from "node:path";
import { pipeline } from "node:stream";
import { createGunzip } from "node:zlib";
import { AppError } from "@/lib/errors";
import { capDecompressed } from "./decompression-cap";

/**
 * One line of a byte stream. `lineNumber` is 1-based; `bytes` excludes the "\n" or "\r\n"
 * terminator and may share memory with the input chunk (read it, don't mutate it).
 * `truncated` is set when the line was longer than `maxLineBytes`: `bytes` then holds only
 * the first `maxLineBytes` bytes and the rest of the line was dropped.
 */
export type RawLine = { lineNumber: number; bytes: Uint8Array; truncated?: boolean };

const LF = 0x0a;
const CR = 0x0d;

/**
 * Splits a byte stream into lines, holding at most one line (capped at `maxLineBytes`,
 * default unlimited) in memory. Lines end at "\n"; a lone "\r" is not a line break. A final
 * line without a terminator is yielded; a trailing "\n" does not add an empty line, so the
 * number of lines equals `wc -l` when the input ends with "\n".
 */
export async function* readLines(
  input: AsyncIterable<Uint8Array>,
  options: { maxLineBytes?: number } = {},
): AsyncGenerator<RawLine> {
  for await (const lines of readLineBatches(input, options)) yield* lines;
}

/**
 * readLines, one array per input chunk (the lines it completes): for readers that go through
 * millions of lines, where a suspension of the async generator per line was a measurable share
 * of the time. The lines' bytes may share memory with that chunk.
 */
export async function* readLineBatches(
  input: AsyncIterable<Uint8Array>,
  options: { maxLineBytes?: number } = {},
): AsyncGenerator<RawLine[]> {
  const maxLineBytes = options.maxLineBytes ?? Number.POSITIVE_INFINITY;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let truncated = false;
  let lineNumber = 0;
  let sawBytesAfterLastBreak = false;

  const append = (part: Uint8Array) => {
    if (part.length === 0) return;
    const room = maxLineBytes - pendingBytes;
    if (part.length > room) {
      truncated = true;
      if (room > 0) part = part.subarray(0, room);
      else return;
    }
    pending.push(part);
    pendingBytes += part.length;
  };

  const takeLine = (): RawLine => {
    lineNumber += 1;
    let bytes = pending.length === 1 ? pending[0]! : concat(pending, pendingBytes);
    // The CR of a CRLF is part of the terminator; a truncated line lost its terminator.
    if (!truncated && bytes.length > 0 && bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, -1);
    const line: RawLine = truncated ? { lineNumber, bytes, truncated: true } : { lineNumber, bytes };
    pending = [];
    pendingBytes = 0;
    truncated = false;
    return line;
  };

  for await (const chunk of input) {
    const lines: RawLine[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(LF, start);
      if (newline === -1) {
        append(chunk.subarray(start));
        sawBytesAfterLastBreak = true;
        break;
      }
      append(chunk.subarray(start, newline));
      lines.push(takeLine());
      sawBytesAfterLastBreak = false;
      start = newline + 1;
    }
    if (lines.length > 0) yield lines;
  }
  if (sawBytesAfterLastBreak) yield [takeLine()];
}

function concat(parts: Uint8Array[], totalBytes: number): Uint8Array {
  const out = new Uint8Array(totalBytes);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const GZIP_MAGIC = [0x1f, 0x8b] as const;

/**
 * Streams a file's bytes, gunzipping transparently when it starts with the gzip magic bytes
 * (whatever its name). A missing file is `not_found`; a truncated or corrupt gzip is
 * `bad_request` — both surface on the first iteration, since this is a lazy stream.
 */
export async function* openFileStream(path: string): AsyncGenerator<Uint8Array> {
  const name = basename(path);
  const magic = await readFirstBytes(path, GZIP_MAGIC.length);
  const file = createReadStream(path, { highWaterMark: 256 * 1024 });
  if (magic[0] !== GZIP_MAGIC[0] || magic[1] !== GZIP_MAGIC[1]) {
    try {
      for await (const chunk of file) yield chunk as Buffer;
    } catch (error) {
      throw toFileError(error, name);
    } finally {
      file.destroy();
    }
    return;
  }
  const compressedBytes = (await stat(path)).size;
  const gunzip = createGunzip();
  // Errors reach us through the iterator of `gunzip`; pipeline forwards the file's errors to it.
  pipeline(file, gunzip, () => {});
  try {
    yield* capDecompressed(gunzip, { label: `"${name}"`, compressedSoFar: () => compressedBytes });
  } catch (error) {
    if (isZlibError(error)) {
      throw new AppError(
        "bad_request",
        `"${name}" is a truncated or corrupt gzip file (${(error as Error).message}) — compress it again or upload the uncompressed file`,
      );
    }
    throw toFileError(error, name);
  } finally {
    gunzip.destroy();
    file.destroy();
  }
}

async function readFirstBytes(path: string, count: number): Promise<Uint8Array> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, "r");
    const buffer = new Uint8Array(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } catch (error) {
    throw toFileError(error, basename(path));
  } finally {
    await handle?.close();
  }
}

function isZlibError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("Z_");
}

function toFileError(error: unknown, name: string): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ENOENT") return new AppError("not_found", `file "${name}" does not exist`);
  if (code === "EISDIR") return new AppError("bad_request", `"${name}" is a folder, not a file`);
  return error;
}
