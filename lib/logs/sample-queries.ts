import { z } from "zod";
import { createSeededRandom, randomIndex } from "@/lib/eval/statistics/seeded-random";
import { createNearDuplicateIndex } from "./near-duplicates";

export type SampleCandidate = {
  id: string;
  normalized: string;
  /** Lines of the log with this query. */
  frequency: number;
  classes: readonly string[];
};

/** How a sample is drawn from a log: by class (the default), the most frequent, or the rarest queries. */
export const sampleStrategySchema = z.enum(["stratified", "head", "tail"]);
export type SampleStrategy = z.infer<typeof sampleStrategySchema>;
type SampleReason = "head" | "tail" | `class:${string}` | "fill";

export type SampleResult = {
  picked: { id: string; reason: SampleReason }[];
  /** Distinct candidates skipped as (near-)duplicates of an existing or an earlier pick. */
  skippedNearDuplicates: number;
  /** Picks per class; a pick counts for each of its classes, or for UNCLASSIFIED. */
  perClass: Record<string, number>;
};

export const UNCLASSIFIED = "unclassified";
export const DEFAULT_SAMPLE_SEED = 1;
export const DEFAULT_MIN_PER_CLASS = 3;

/**
 * Picks up to `size` queries for a golden set; pure and deterministic given the seed (the
 * result does not depend on the order of `candidates`).
 * - `head`: most frequent first, ties by normalized text, then id.
 * - `tail`: uniformly at random among the rare candidates: frequency ≤ `tailMaxFrequency`,
 *   by default the (lower) median frequency of the candidates.
 * - `stratified`: strata are the classes, plus UNCLASSIFIED for candidates without a class; a
 *   candidate is in the stratum of each of its classes. Weight of a stratum = the summed
 *   frequency of its candidates (the class mix of the log's lines). Then:
 *   1. floors: round robin over the strata, lightest first, one pick at a time, until each
 *      stratum counts `minPerClass` picks or has no candidate left (a pick counts for each of
 *      its classes, so it may satisfy several floors at once);
 *   2. the slots left are shared among the strata in proportion to their weight (largest
 *      remainder), heaviest stratum first, each drawing uniformly at random from its own
 *      candidates;
 *   3. slots a stratum could not use are filled uniformly at random from all candidates
 *      (reason "fill").
 * Candidates equal to an `existing` text are always skipped; with `excludeNearDuplicates`
 * (default) so is every near-duplicate (see near-duplicates.ts) of an existing query or of an
 * earlier pick. Both count in `skippedNearDuplicates`.
 */
export function sampleQueries(options: {
  candidates: readonly SampleCandidate[];
  existing?: readonly string[];
  strategy: SampleStrategy;
  size: number;
  seed?: number;
  excludeNearDuplicates?: boolean;
  tailMaxFrequency?: number;
  minPerClass?: number;
}): SampleResult {
  const random = createSeededRandom(options.seed ?? DEFAULT_SAMPLE_SEED);
  const picker = createPicker(options);
  const candidates = [...options.candidates].sort(byTextThenId);
  if (options.strategy === "head") {
    const ordered = candidates.sort(
      (left, right) => right.frequency - left.frequency || byTextThenId(left, right),
    );
    takeInOrder(ordered, picker, "head");
  } else if (options.strategy === "tail") {
    const threshold =
      options.tailMaxFrequency ?? lowerMedian(candidates.map((candidate) => candidate.frequency));
    const rare = candidates.filter((candidate) => candidate.frequency <= threshold);
    takeInOrder(shuffle(rare, random), picker, "tail");
  } else {
    sampleStratified(candidates, picker, random, options.minPerClass ?? DEFAULT_MIN_PER_CLASS);
  }
  return picker.result();
}

type Picker = {
  remaining: () => number;
  /** Picks the candidate unless picked, skipped or a duplicate; true when picked. */
  tryPick: (candidate: SampleCandidate, reason: SampleReason) => boolean;
  result: () => SampleResult;
};

function createPicker(options: {
  existing?: readonly string[];
  size: number;
  excludeNearDuplicates?: boolean;
}): Picker {
  const existing = new Set(options.existing ?? []);
  const nearDuplicates =
    options.excludeNearDuplicates === false ? undefined : createNearDuplicateIndex(existing);
  const pickedTexts = new Set<string>();
  const picked: { candidate: SampleCandidate; reason: SampleReason }[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  const size = Math.max(0, Math.floor(options.size));

  return {
    remaining: () => size - picked.length,
    tryPick: (candidate, reason) => {
      if (picked.length >= size || seen.has(candidate.id)) return false;
      seen.add(candidate.id);
      const text = candidate.normalized;
      if (existing.has(text) || pickedTexts.has(text) || nearDuplicates?.hasNearDuplicate(text)) {
        skipped += 1;
        return false;
      }
      picked.push({ candidate, reason });
      pickedTexts.add(text);
      nearDuplicates?.add(text);
      return true;
    },
    result: () => {
      const perClass: Record<string, number> = {};
      for (const { candidate } of picked) {
        for (const stratum of strataOf(candidate)) perClass[stratum] = (perClass[stratum] ?? 0) + 1;
      }
      const list = picked.map(({ candidate, reason }) => ({ id: candidate.id, reason }));
      return { picked: list, skippedNearDuplicates: skipped, perClass };
    },
  };
}

function sampleStratified(
  candidates: SampleCandidate[],
  picker: Picker,
  random: () => number,
  minPerClass: number,
): void {
  const members = new Map<string, SampleCandidate[]>();
  const weights = new Map<string, number>();
  for (const candidate of candidates) {
    for (const stratum of strataOf(candidate)) {
      const list = members.get(stratum);
      if (list) list.push(candidate);
      else members.set(stratum, [candidate]);
      weights.set(stratum, (weights.get(stratum) ?? 0) + candidate.frequency);
    }
  }
  const names = [...members.keys()].sort();
  const queues = new Map(names.map((name) => [name, shuffle(members.get(name)!, random)]));
  const cursors = new Map(names.map((name) => [name, 0]));
  const counts = new Map(names.map((name) => [name, 0]));
  const weightOf = (name: string) => weights.get(name)!;

  const drawFrom = (name: string): boolean => {
    const queue = queues.get(name)!;
    for (let cursor = cursors.get(name)!; cursor < queue.length; cursor += 1) {
      const candidate = queue[cursor]!;
      if (picker.tryPick(candidate, `class:${name}`)) {
        cursors.set(name, cursor + 1);
        for (const stratum of strataOf(candidate)) counts.set(stratum, (counts.get(stratum) ?? 0) + 1);
        return true;
      }
    }
    cursors.set(name, queue.length);
    return false;
  };

  const lightestFirst = [...names].sort(
    (left, right) => weightOf(left) - weightOf(right) || compare(left, right),
  );
  let progress = true;
  while (progress && picker.remaining() > 0) {
    progress = false;
    for (const name of lightestFirst) {
      if (counts.get(name)! < minPerClass && drawFrom(name)) progress = true;
    }
  }

  const quotas = largestRemainderQuotas(names, weightOf, picker.remaining());
  for (const name of [...lightestFirst].reverse()) {
    for (let taken = 0; taken < quotas.get(name)! && drawFrom(name); taken += 1);
  }
  takeInOrder(shuffle(candidates, random), picker, "fill");
}

/** Splits `slots` in proportion to the weights; leftover slots go to the largest remainders. */
function largestRemainderQuotas(
  names: string[],
  weightOf: (name: string) => number,
  slots: number,
): Map<string, number> {
  const total = names.reduce((sum, name) => sum + weightOf(name), 0);
  const shares = names.map((name) => ({ name, share: total > 0 ? (slots * weightOf(name)) / total : 0 }));
  const quotas = new Map(shares.map(({ name, share }) => [name, Math.floor(share)]));
  let left = slots - [...quotas.values()].reduce((sum, quota) => sum + quota, 0);
  const byRemainder = [...shares].sort(
    (left, right) =>
      right.share - Math.floor(right.share) - (left.share - Math.floor(left.share)) ||
      compare(left.name, right.name),
  );
  for (const { name } of byRemainder) {
    if (left <= 0) break;
    quotas.set(name, quotas.get(name)! + 1);
    left -= 1;
  }
  return quotas;
}

function takeInOrder(candidates: readonly SampleCandidate[], picker: Picker, reason: SampleReason): void {
  for (const candidate of candidates) {
    if (picker.remaining() <= 0) return;
    picker.tryPick(candidate, reason);
  }
}

function strataOf(candidate: SampleCandidate): readonly string[] {
  return candidate.classes.length > 0 ? [...new Set(candidate.classes)] : [UNCLASSIFIED];
}

/** Fisher–Yates on a copy. */
function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomIndex(random, index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

function lowerMedian(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function byTextThenId(left: SampleCandidate, right: SampleCandidate): number {
  return compare(left.normalized, right.normalized) || compare(left.id, right.id);
}

function compare(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
