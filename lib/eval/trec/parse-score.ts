import { decodeByteString } from "@/lib/eval/trec/encode-byte-string";

// Exact powers of ten: 10^22 is the largest that a double holds exactly.
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => 10 ** i);
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A run score as trec_eval reads it: `atof` into a C float, i.e. the decimal rounded to the
 * nearest double, then to the nearest float32 (`Math.fround`). Accepts decimal and exponent
 * notation with an optional sign (`-1.5`, `3.1e-01`, `.5`, `7.`); returns NaN for anything else
 * (atof would read a prefix, or hex, inf and nan: rejected here as malformed runs).
 */
export function parseScore(buffer: Buffer, start: number, end: number): number {
  // Fast path (Clinger): ≤ 15 significant digits and |exponent| ≤ 22 make the value one exactly
  // rounded operation on two exact doubles. Anything else falls back to Number(), which rounds
  // correctly like glibc's strtod.
  let i = start;
  let negative = false;
  if (buffer[i] === 0x2d || buffer[i] === 0x2b) negative = buffer[i++] === 0x2d;
  let mantissa = 0;
  let significantDigits = 0;
  let exponent = 0;
  let digits = 0;
  let seenPoint = false;
  for (; i < end; i++) {
    const byte = buffer[i]!;
    if (byte === 0x2e && !seenPoint) {
      seenPoint = true;
      continue;
    }
    const digit = byte - 0x30;
    if (digit < 0 || digit > 9) break;
    digits++;
    if (seenPoint) exponent--;
    if (mantissa !== 0 || digit !== 0) {
      mantissa = mantissa * 10 + digit;
      significantDigits++;
    }
  }
  if (digits === 0) return Number.NaN;
  if (i < end) {
    if (buffer[i] !== 0x65 && buffer[i] !== 0x45) return Number.NaN;
    i++;
    let exponentNegative = false;
    if (buffer[i] === 0x2d || buffer[i] === 0x2b) exponentNegative = buffer[i++] === 0x2d;
    let exponentPart = 0;
    const exponentStart = i;
    for (; i < end; i++) {
      const digit = buffer[i]! - 0x30;
      if (digit < 0 || digit > 9) return Number.NaN;
      if (exponentPart < 100_000) exponentPart = exponentPart * 10 + digit;
    }
    if (i === exponentStart) return Number.NaN;
    exponent += exponentNegative ? -exponentPart : exponentPart;
  }
  if (significantDigits > 15 || exponent > 22 || exponent < -22) return parseSlowly(buffer, start, end);
  const magnitude = exponent < 0 ? mantissa / POWERS_OF_TEN[-exponent]! : mantissa * POWERS_OF_TEN[exponent]!;
  return Math.fround(negative ? -magnitude : magnitude);
}

function parseSlowly(buffer: Buffer, start: number, end: number): number {
  const text = decodeByteString(buffer, start, end);
  return DECIMAL.test(text) ? Math.fround(Number(text)) : Number.NaN;
}
