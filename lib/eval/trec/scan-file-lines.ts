import { createReadStream } from "node:fs";
import { AppError } from "@/lib/errors";

/**
 * Receives one line: bytes [start, end) of `buffer`, without the "\n" (a "\r" before it stays:
 * callers treat it as whitespace). `buffer` is only valid during the call.
 */
export type LineHandler = (buffer: Buffer, start: number, end: number, lineNumber: number) => void;

// Large reads: a 355 MB run is ~90 chunks, and the line loop below stays in native indexOf.
const CHUNK_BYTES = 4 << 20;

/**
 * Streams a file line by line without decoding it: only the current chunk (and one line that
 * straddles two chunks) is in memory. Line numbers are 1-based; a last line without "\n" counts.
 */
export async function scanFileLines(path: string, onLine: LineHandler): Promise<void> {
  let carry: Buffer | undefined;
  let lineNumber = 0;
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>) {
      let start = 0;
      if (carry) {
        const newline = chunk.indexOf(0x0a);
        if (newline === -1) {
          carry = Buffer.concat([carry, chunk]);
          continue;
        }
        const line = Buffer.concat([carry, chunk.subarray(0, newline)]);
        carry = undefined;
        onLine(line, 0, line.length, ++lineNumber);
        start = newline + 1;
      }
      for (let newline = chunk.indexOf(0x0a, start); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
        onLine(chunk, start, newline, ++lineNumber);
        start = newline + 1;
      }
      // Copy the tail so the 4 MB chunk can be freed.
      if (start < chunk.length) carry = Buffer.from(chunk.subarray(start));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EISDIR" || code === "EACCES") {
      throw new AppError("bad_request", `cannot read ${path} (${code})`);
    }
    throw error;
  }
  if (carry && carry.length > 0) onLine(carry, 0, carry.length, ++lineNumber);
}
