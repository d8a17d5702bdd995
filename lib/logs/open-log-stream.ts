import { createReadStream } from "node:fs";
import { basename } from "node:path";
import { pipeline, Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { AppError } from "@/lib/errors";
import { capDecompressed } from "@/lib/exchange/decompression-cap";

const GZIP_MAGIC = [0x1f, 0x8b] as const;

/**
 * Passes a byte stream through, gunzipping it when its first two bytes are the gzip magic
 * 1f 8b (whatever the file is called; concatenated gzip members are read as one stream). A
 * truncated or corrupt gzip stream is AppError("bad_request"), raised while iterating.
 */
export async function* gunzipIfCompressed(input: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const iterator = input[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let ended = false;
  try {
    while (headBytes < GZIP_MAGIC.length) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      headBytes += next.value.length;
    }
    const first = head.length === 1 ? head[0]! : Buffer.concat(head);
    let compressedBytes = headBytes;
    const whole = async function* (): AsyncGenerator<Uint8Array> {
      yield* head;
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        compressedBytes += next.value.length;
        yield next.value;
      }
    };
    if (first[0] !== GZIP_MAGIC[0] || first[1] !== GZIP_MAGIC[1]) {
      yield* whole();
      return;
    }
    const gunzip = createGunzip();
    // Errors of the source reach us through gunzip's iterator: pipeline destroys it with them.
    pipeline(Readable.from(whole()), gunzip, () => {});
    try {
      yield* capDecompressed(gunzip, { label: "the gzip stream", compressedSoFar: () => compressedBytes });
    } catch (error) {
      if (!isZlibError(error)) throw error;
      throw new AppError(
        "bad_request",
        `the gzip stream is truncated or corrupt (${(error as Error).message})`,
      );
    } finally {
      gunzip.destroy();
    }
  } finally {
    await iterator.return?.();
  }
}

/**
 * The raw bytes of a log file (readLog gunzips them itself). A missing file is `not_found`, a
 * folder `bad_request`; both surface on the first iteration, since this is a lazy stream.
 */
export async function* openLogStream(path: string): AsyncGenerator<Uint8Array> {
  const file = createReadStream(path, { highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of file) yield chunk as Buffer;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const name = basename(path);
    if (code === "ENOENT") throw new AppError("not_found", `file "${name}" does not exist`);
    if (code === "EISDIR") throw new AppError("bad_request", `"${name}" is a folder, not a file`);
    throw error;
  } finally {
    file.destroy();
  }
}

function isZlibError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("Z_");
}
