import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openFileStream } from "@/lib/exchange/read-lines";
import { buildClassifierContext, classifyQuery } from "@/lib/logs/classify-query";
import { loadSpellingDictionary } from "@/lib/logs/load-spelling-dictionary";
import { normalizeQuery } from "@/lib/logs/normalize-query";
import type { SpellingDictionary } from "@/lib/logs/query-classes/spelling-dictionary";
import { readLog } from "@/lib/logs/read-log";
import { injectTypos } from "@/lib/logs/testing/inject-typos";
import {
  type ClassScore,
  type LabeledQuery,
  MARKED_CLASSES,
  precisionOf,
  readLabeledQueries,
  recallOf,
  scoreLabeledQueries,
} from "@/lib/logs/testing/labeled-queries";
import { generateLog } from "./generate-query-log";

// Precision and recall of the query classes the labeled collection marks
// (lib/logs/testing/labeled-queries.tsv), with the collection as the log: with the spelling
// dictionary, and without it (the log's own spellings only) as the peer. Scores the whole
// collection and each half (dev: rows 1, 3, 5…; test: rows 2, 4, 6…). See bench/README.md.
//
//   npx tsx bench/classify-queries.ts [--errors [--test-errors]] [--speed]

async function main() {
  const labeled = readLabeledQueries();
  const started = performance.now();
  const dictionary = await loadSpellingDictionary();
  const loadMs = performance.now() - started;
  const typoQueries = labeled.filter((entry) => entry.typos.length > 0).length;
  console.log(
    `${labeled.length} queries (${typoQueries} with typos, ${labeled.reduce((sum, entry) => sum + entry.count, 0)} log lines); dictionary: ${dictionary.words.size.toLocaleString("en-US")} words, loaded in ${Math.round(loadMs)} ms`,
  );
  for (const [name, options] of [
    ["with the dictionary", { dictionary }],
    ["log only (peer)", {}],
  ] as const) {
    console.log(`\n${name}`);
    console.log("class        | split | precision | recall | TP  | FP  | FN");
    for (const split of [undefined, "dev", "test"] as const) {
      const { scores } = scoreLabeledQueries(labeled, { ...options, ...(split ? { split } : {}) });
      for (const queryClass of MARKED_CLASSES) printRow(queryClass, split ?? "all", scores[queryClass]!);
    }
  }
  printInjected(labeled, dictionary);
  if (process.argv.includes("--errors")) printErrors(labeled, dictionary);
  if (process.argv.includes("--speed")) await printSpeed(dictionary);
}

/**
 * The cost of the dictionary: classifying every distinct query of a generated 200,000-line log
 * (bench/generate-query-log.ts: made-up words, none in the dictionary — the worst case, where
 * every token is looked up) with and without it, alternately, twice.
 */
async function printSpeed(dictionary: SpellingDictionary) {
  const file = join(tmpdir(), `goldenset-classify-speed-${process.pid}.txt`);
  generateLog(file, { lines: 200_000, freshShare: 0.4, seed: 7 });
  try {
    const { entries } = await readLog(openFileStream(file), { format: "text" });
    const times = { logOnly: [] as number[], dictionary: [] as number[] };
    for (let round = 0; round < 2; round += 1) {
      for (const key of ["logOnly", "dictionary"] as const) {
        const started = performance.now();
        const context = buildClassifierContext(entries, key === "dictionary" ? { dictionary } : {});
        for (const entry of entries) classifyQuery(entry.normalized, context, { display: entry.display });
        times[key].push(performance.now() - started);
      }
    }
    const best = (values: number[]) => Math.min(...values);
    console.log(
      `\nspeed on ${entries.length.toLocaleString("en-US")} distinct generated queries (best of 2): ` +
        `log only ${Math.round(best(times.logOnly))} ms, with the dictionary ${Math.round(best(times.dictionary))} ms, ` +
        `ratio ${(best(times.dictionary) / best(times.logOnly)).toFixed(2)}`,
    );
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * Held out from every rule: the collection's correct queries, each with one random slip added
 * as a new query seen once, classified with the collection and the slipped queries as the log.
 * Recall on the slipped queries; the false alarms on the correct ones they came from.
 */
function printInjected(labeled: LabeledQuery[], dictionary: SpellingDictionary) {
  const correct = labeled.filter((entry) => entry.typos.length === 0 && !entry.classes.has("non-english"));
  const { injected, realWordSlips } = injectTypos(
    correct.map((entry) => entry.query),
    { seed: 22, isWord: (word) => dictionary.words.has(word) },
  );
  const log = [
    ...labeled.map((entry) => ({ query: entry.query, count: entry.count })),
    ...injected.map((entry) => ({ query: entry.query, count: 1 })),
  ];
  const context = buildClassifierContext(
    log.map((entry) => ({
      normalized: normalizeQuery(entry.query),
      count: entry.count,
      display: entry.query,
    })),
    { dictionary },
  );
  const isTypo = (query: string) =>
    classifyQuery(normalizeQuery(query), context, { display: query }).includes("typo");
  const found = injected.filter((entry) => isTypo(entry.query)).length;
  const falseAlarms = correct.filter((entry) => isTypo(entry.query)).length;
  console.log(
    `\ninjected slips (seed 22): ${found} of ${injected.length} found, recall ${(found / injected.length).toFixed(3)}; ` +
      `${falseAlarms} of ${correct.length} correct queries flagged; ${realWordSlips} slips made real words and were left out`,
  );
}

function printRow(queryClass: string, split: string, score: ClassScore) {
  const cells = [
    queryClass.padEnd(12),
    split.padEnd(5),
    precisionOf(score).toFixed(3).padStart(9),
    recallOf(score).toFixed(3).padStart(6),
    String(score.truePositives).padStart(3),
    String(score.falsePositives).padStart(3),
    String(score.falseNegatives).padStart(3),
  ];
  console.log(cells.join(" | "));
}

function printErrors(labeled: LabeledQuery[], dictionary: SpellingDictionary) {
  const { predicted } = scoreLabeledQueries(labeled, { dictionary });
  // Only the dev half's errors unless asked: the test half stays held out while rules change.
  console.log("\ntypo errors on dev (FP: found, not marked; FN: marked, not found)");
  labeled.forEach((entry, position) => {
    const found = predicted[position]!.includes("typo");
    const expected = entry.typos.length > 0;
    if (found !== expected && (entry.split === "dev" || process.argv.includes("--test-errors")))
      console.log(`${found ? "FP" : "FN"} ${entry.split} ${entry.query} [${entry.typos}]`);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
