import { closeSync, openSync, renameSync, writeSync } from "node:fs";

// The plain-text query logs bench/import-log.ts imports: seeded, so every run reads the same.

/** A deterministic PRNG (mulberry32) so that every run imports the same logs. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ACCENTED = ["café", "über", "niño", "señal", "müller", "résumé", "año", "grüße", "déjà", "jalapeño"];

/**
 * `lines` queries, one a line. Each line is, with probability `freshShare`, a new query (1–12
 * words, mostly 2–4, from a 20,000-word vocabulary drawn Zipf-like), else a repeat of an earlier
 * query picked log-uniformly by age (early queries are the popular ones), sometimes capitalized
 * differently (a new variant). ~1% of lines carry é/ü/ñ words written as Latin-1 single bytes.
 */
export function generateLog(
  path: string,
  options: { lines: number; freshShare: number; seed: number },
): void {
  const next = random(options.seed);
  const syllables = [
    "ra",
    "id",
    "fan",
    "tor",
    "mo",
    "dul",
    "sen",
    "ex",
    "pro",
    "ver",
    "lin",
    "ka",
    "zu",
    "pel",
    "net",
    "disk",
  ];
  const vocabulary = Array.from({ length: 20_000 }, (_, index) => {
    let word = "";
    for (let n = index + 1; n > 0; n = Math.floor(n / syllables.length))
      word += syllables[n % syllables.length];
    return word;
  });
  const word = () => vocabulary[Math.floor(Math.exp(next() * Math.log(vocabulary.length))) - 1]!;
  const queries: string[] = [];
  const seen = new Set<string>();
  const out = openSync(`${path}.partial`, "w");
  const pending: Buffer[] = [];
  let pendingBytes = 0;
  for (let line = 0; line < options.lines; line++) {
    let text: string;
    if (queries.length === 0 || next() < options.freshShare) {
      // A fresh query is new: short ones collide often, so draw again (up to 20 times).
      for (let attempt = 0; ; attempt++) {
        const length = Math.min(12, 1 + Math.floor(-Math.log(1 - next()) * 2.2));
        const words = Array.from({ length }, word);
        if (next() < 0.02)
          words[Math.floor(next() * length)] = ACCENTED[Math.floor(next() * ACCENTED.length)]!;
        text = words.join(" ");
        if (!seen.has(text) || attempt === 20) break;
      }
      seen.add(text);
      queries.push(text);
    } else {
      text = queries[Math.floor(Math.exp(next() * Math.log(queries.length + 1))) - 1]!;
      if (next() < 0.05) text = text.charAt(0).toUpperCase() + text.slice(1);
    }
    const latin1 = /[éüñß]/.test(text) && next() < 0.5;
    const bytes = Buffer.from(`${text}\n`, latin1 ? "latin1" : "utf8");
    pending.push(bytes);
    pendingBytes += bytes.length;
    if (pendingBytes > 1 << 20) {
      writeSync(out, Buffer.concat(pending));
      pending.length = 0;
      pendingBytes = 0;
    }
  }
  writeSync(out, Buffer.concat(pending));
  closeSync(out);
  renameSync(`${path}.partial`, path);
}
