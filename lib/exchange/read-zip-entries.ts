import { createReadStream } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { basename } from "node:path";
import { Inflate } from "fflate";
import { AppError } from "@/lib/errors";
import { decompressedByteCap, decompressionCapError } from "./decompression-cap";

/**
 * Zip reading by random access, like yauzl: the central directory at the end of the file lists
 * the entries (zip64 included), then each entry is streamed on demand from its offset — stored
 * entries as is, deflated ones through fflate's streaming `Inflate`. Nothing is decompressed
 * until asked for, and only one chunk at a time is held in memory.
 */
export type ZipEntry = {
  name: string; // path inside the archive, "/"-separated; folders end with "/"
  method: number; // 0 stored, 8 deflate; others are refused when opened
  encrypted: boolean;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
};

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const UINT32_MAX = 0xffffffff;

export async function listZipEntries(zipPath: string): Promise<ZipEntry[]> {
  const name = basename(zipPath);
  const handle = await openOrExplain(zipPath);
  try {
    const { size } = await handle.stat();
    const tailSize = Math.min(size, EOCD_SIZE + MAX_COMMENT + 20);
    const tail = await readAt(handle, size - tailSize, tailSize);
    let eocd = -1;
    for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
        eocd = i;
        break;
      }
    }
    if (eocd === -1)
      throw notZip(name, "no zip directory at the end of the file — is it a zip, or truncated?");

    let entryCount = tail.readUInt16LE(eocd + 10);
    let directorySize = tail.readUInt32LE(eocd + 12);
    let directoryOffset = tail.readUInt32LE(eocd + 16);
    if (eocd >= 20 && tail.readUInt32LE(eocd - 20) === ZIP64_LOCATOR_SIGNATURE) {
      const record = await readAt(handle, readUInt64(tail, eocd - 20 + 8), 56);
      if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE)
        throw notZip(name, "damaged zip64 directory");
      entryCount = readUInt64(record, 32);
      directorySize = readUInt64(record, 40);
      directoryOffset = readUInt64(record, 48);
    }
    if (directoryOffset + directorySize > size) throw notZip(name, "the zip directory points past the end");

    const directory = await readAt(handle, directoryOffset, directorySize);
    const entries: ZipEntry[] = [];
    let at = 0;
    for (let index = 0; index < entryCount; index++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_HEADER_SIGNATURE) {
        throw notZip(name, "damaged zip directory");
      }
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      const entry: ZipEntry = {
        name: directory.toString("utf8", at + 46, at + 46 + nameLength).replaceAll("\\", "/"),
        method: directory.readUInt16LE(at + 10),
        encrypted: (directory.readUInt16LE(at + 8) & 1) === 1,
        compressedSize: directory.readUInt32LE(at + 20),
        uncompressedSize: directory.readUInt32LE(at + 24),
        localHeaderOffset: directory.readUInt32LE(at + 42),
      };
      applyZip64Extra(entry, directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
      entries.push(entry);
      at += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** Sizes and offset that overflow 32 bits are 0xffffffff in the header and live in extra field 1. */
function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = (): number => {
        const value = field + 8 <= at + 4 + length ? readUInt64(extra, field) : UINT32_MAX;
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === UINT32_MAX) entry.uncompressedSize = next();
      if (entry.compressedSize === UINT32_MAX) entry.compressedSize = next();
      if (entry.localHeaderOffset === UINT32_MAX) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + length;
  }
}

/** Streams one entry's uncompressed bytes; a corrupt or truncated entry is AppError("bad_request"). */
export async function* openZipEntry(zipPath: string, entry: ZipEntry): AsyncGenerator<Uint8Array> {
  const label = `"${entry.name}" in ${basename(zipPath)}`;
  if (entry.encrypted) throw new AppError("bad_request", `${label} is encrypted; upload an unencrypted zip`);
  if (entry.method !== 0 && entry.method !== 8) {
    throw new AppError(
      "bad_request",
      `${label} uses zip compression method ${entry.method}; only stored and deflate entries can be read — re-create the zip with standard settings`,
    );
  }
  const handle = await openOrExplain(zipPath);
  let dataOffset: number;
  try {
    const header = await readAt(handle, entry.localHeaderOffset, 30);
    if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE) {
      throw new AppError("bad_request", `${label} is damaged (bad local header)`);
    }
    dataOffset = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await handle.close();
  }
  // a zip bomb announces its size: refused before anything is inflated (and counted below, for one that lies)
  const cap = entry.method === 8 ? decompressedByteCap(entry.compressedSize) : Number.POSITIVE_INFINITY;
  if (entry.uncompressedSize > cap) throw decompressionCapError(label, entry.compressedSize);
  if (entry.compressedSize === 0) {
    if (entry.method === 0 && entry.uncompressedSize === 0) return;
    throw new AppError("bad_request", `${label} is damaged (no compressed data)`);
  }

  const file = createReadStream(zipPath, {
    start: dataOffset,
    end: dataOffset + entry.compressedSize - 1,
    // small reads: one chunk of a bomb inflates to up to ~1,000 times its size at once
    highWaterMark: entry.method === 8 ? 64 * 1024 : 256 * 1024,
  });
  const inflated: Uint8Array[] = [];
  const inflater = entry.method === 8 ? new Inflate((chunk) => inflated.push(chunk)) : null;
  let compressedRead = 0;
  let uncompressedYielded = 0;
  try {
    for await (const chunk of file) {
      const bytes = chunk as Buffer;
      compressedRead += bytes.length;
      const final = compressedRead >= entry.compressedSize;
      const out = inflater ? inflate(inflater, inflated, bytes, final, label) : [bytes];
      for (const part of out) {
        uncompressedYielded += part.length;
        if (uncompressedYielded > cap) throw decompressionCapError(label, entry.compressedSize);
        yield part;
      }
    }
  } finally {
    file.destroy();
  }
  if (compressedRead < entry.compressedSize) {
    throw new AppError("bad_request", `${label} is truncated: the zip file ends inside it`);
  }
  if (uncompressedYielded !== entry.uncompressedSize) {
    throw new AppError(
      "bad_request",
      `${label} is corrupt: ${uncompressedYielded} bytes decompressed, ${entry.uncompressedSize} expected`,
    );
  }
}

function inflate(inflater: Inflate, sink: Uint8Array[], bytes: Uint8Array, final: boolean, label: string) {
  try {
    inflater.push(bytes, final);
  } catch (error) {
    throw new AppError("bad_request", `${label} is corrupt or truncated (${(error as Error).message})`);
  }
  return sink.splice(0, sink.length);
}

async function openOrExplain(zipPath: string): Promise<FileHandle> {
  try {
    return await open(zipPath, "r");
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") {
      throw new AppError("not_found", `file "${basename(zipPath)}" does not exist`);
    }
    throw error;
  }
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

function readUInt64(buffer: Buffer, offset: number): number {
  return Number(buffer.readBigUInt64LE(offset));
}

function notZip(name: string, reason: string): AppError {
  return new AppError("bad_request", `"${name}" is not a readable zip file: ${reason}`);
}
