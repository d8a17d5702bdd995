import { AppError } from "@/lib/errors";

/**
 * THE cap on how far an upload may expand when it is decompressed (gzip files and streams, zip
 * entries): at most `ratio` times its compressed size, and never less than `floorBytes`. Text
 * compresses 3–10 times, highly repetitive logs some 20–50; deflate's own limit is about 1,032,
 * which is what a compression bomb uses (a 36 KB gzip of 5M lines). So a real file is never near
 * the cap, and a bomb is stopped after reading at most `ratio` times what was uploaded.
 */
const DECOMPRESSION_CAP = { ratio: 100, floorBytes: 1024 * 1024 } as const;

/** The most bytes `compressedBytes` of gzip or deflate may expand to. */
export function decompressedByteCap(compressedBytes: number): number {
  return Math.max(DECOMPRESSION_CAP.floorBytes, compressedBytes * DECOMPRESSION_CAP.ratio);
}

/** The error for `label` (e.g. `"logs.gz"`) expanding past its cap. */
export function decompressionCapError(label: string, compressedBytes: number): AppError {
  const cap = decompressedByteCap(compressedBytes);
  return new AppError(
    "bad_request",
    `${label} expands to more than ${megabytes(cap)} when decompressed: over the cap of ${DECOMPRESSION_CAP.ratio} times its compressed size (${megabytes(compressedBytes)}), at least ${megabytes(DECOMPRESSION_CAP.floorBytes)}. Is it a compression bomb? If the data is real, upload it uncompressed.`,
  );
}

/**
 * Passes decompressed chunks through, counting them against the cap of the compressed bytes read
 * so far (`compressedSoFar()`, which runs ahead of the output); throws decompressionCapError as
 * soon as the output crosses it, so a bomb costs no more than the cap.
 */
export async function* capDecompressed(
  chunks: AsyncIterable<Uint8Array>,
  options: { label: string; compressedSoFar: () => number },
): AsyncGenerator<Uint8Array> {
  let decompressed = 0;
  for await (const chunk of chunks) {
    decompressed += chunk.length;
    const compressed = options.compressedSoFar();
    if (decompressed > decompressedByteCap(compressed))
      throw decompressionCapError(options.label, compressed);
    yield chunk;
  }
}

function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return `${value >= 10 ? Math.round(value) : Number(value.toFixed(2))} MB`;
}
