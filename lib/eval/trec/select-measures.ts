import { AppError } from "@/lib/errors";

export const CUTOFF_MEASURES = ["P", "recall", "ndcg_cut", "success"] as const;
type CutoffMeasure = (typeof CUTOFF_MEASURES)[number];

// Both lists are in trec_eval's print order (its measure table): every single measure comes
// before P, then recall, ndcg_cut, success.
export const SINGLE_MEASURES = [
  "num_q",
  "num_ret",
  "num_rel",
  "num_rel_ret",
  "map",
  "Rprec",
  "recip_rank",
] as const;
type SingleMeasure = (typeof SINGLE_MEASURES)[number];

/** Measures whose values are counts: printed as integers, summed (not averaged) into `all`. */
export const COUNT_MEASURES: ReadonlySet<string> = new Set(["num_q", "num_ret", "num_rel", "num_rel_ret"]);

/**
 * The measures to compute. Cutoff lists are ascending without duplicates; an empty list means the
 * measure is not requested.
 */
export type MeasureSelection = {
  singles: ReadonlySet<SingleMeasure>;
  cutoffs: Readonly<Record<CutoffMeasure, readonly number[]>>;
};

// trec_eval 9.0.7's default cutoffs (m_P.c, m_recall.c, m_ndcg_cut.c, m_success.c).
const DEFAULT_CUTOFFS: Record<CutoffMeasure, number[]> = {
  P: [5, 10, 15, 20, 30, 100, 200, 500, 1000],
  recall: [5, 10, 15, 20, 30, 100, 200, 500, 1000],
  ndcg_cut: [5, 10, 15, 20, 30, 100, 200, 500, 1000],
  success: [1, 5, 10],
};

// trec_eval's nicknames, restricted to the measures implemented here (runid, gm_map, bpref,
// iprec_at_recall and the others it also lists are not).
const NICKNAMES: Record<string, readonly string[]> = {
  official: ["num_q", "num_ret", "num_rel", "num_rel_ret", "map", "Rprec", "recip_rank", "P"],
  all_trec: [...SINGLE_MEASURES, ...CUTOFF_MEASURES],
};

/** The measure list: the default of the in-memory API. */
export const DEFAULT_MEASURES: readonly string[] = [
  ...SINGLE_MEASURES,
  "P.5,10,20,100",
  "recall.5,10,20,100,1000",
  "ndcg_cut.5,10,20,100",
  "success.1,5,10",
];

const isSingle = (name: string): name is SingleMeasure =>
  (SINGLE_MEASURES as readonly string[]).includes(name);
const isCutoff = (name: string): name is CutoffMeasure =>
  (CUTOFF_MEASURES as readonly string[]).includes(name);

/**
 * Reads measure requests in any of trec_eval's spellings: an output name (`P_5`, `map`), a `-m`
 * argument (`P`, `P.5,10`, `all_trec`, `official`). As in trec_eval, the first `name.params` of a
 * measure sets its cutoffs (later ones are ignored), a bare name or nickname without one gives the
 * default cutoffs, and a list with a duplicate or a cutoff below 1 is an error; `name_k` adds k.
 * No request at all selects `official`, trec_eval's default.
 */
export function selectMeasures(requests: readonly string[]): MeasureSelection {
  const singles = new Set<SingleMeasure>();
  const paramLists = new Map<CutoffMeasure, number[]>();
  const bare = new Set<CutoffMeasure>();
  const extra = new Map<CutoffMeasure, Set<number>>();

  const markName = (name: string, request: string) => {
    if (isSingle(name)) singles.add(name);
    else if (isCutoff(name)) bare.add(name);
    else throw unknownMeasure(request);
  };

  for (const request of requests.length ? requests : ["official"]) {
    const dot = request.indexOf(".");
    const name = dot === -1 ? request : request.slice(0, dot);
    if (dot !== -1) {
      if (!isCutoff(name)) throw unknownMeasure(request);
      if (!paramLists.has(name)) paramLists.set(name, parseCutoffList(request.slice(dot + 1), request));
      bare.add(name);
      continue;
    }
    const nickname = NICKNAMES[name];
    if (nickname) {
      for (const member of nickname) markName(member, request);
      continue;
    }
    const suffixed = /^(P|recall|ndcg_cut|success)_(\d+)$/.exec(name);
    if (suffixed) {
      const measure = suffixed[1] as CutoffMeasure;
      const cutoff = parseCutoff(suffixed[2]!, request);
      extra.set(measure, (extra.get(measure) ?? new Set()).add(cutoff));
      continue;
    }
    markName(name, request);
  }

  const cutoffs = {} as Record<CutoffMeasure, number[]>;
  for (const measure of CUTOFF_MEASURES) {
    const base = bare.has(measure) ? (paramLists.get(measure) ?? DEFAULT_CUTOFFS[measure]) : [];
    const all = new Set([...base, ...(extra.get(measure) ?? [])]);
    cutoffs[measure] = [...all].sort((a, b) => a - b);
  }
  return { singles, cutoffs };
}

/**
 * The output names of a selection in trec_eval's print order (its measure table order, cutoffs
 * ascending). Per-query and summary value arrays use this order.
 */
export function listMeasureNames(selection: MeasureSelection): string[] {
  const names: string[] = SINGLE_MEASURES.filter((single) => selection.singles.has(single));
  for (const measure of CUTOFF_MEASURES) {
    for (const cutoff of selection.cutoffs[measure]) names.push(`${measure}_${cutoff}`);
  }
  return names;
}

function parseCutoffList(params: string, request: string): number[] {
  const cutoffs = params.split(",").map((part) => parseCutoff(part, request));
  const sorted = [...cutoffs].sort((a, b) => a - b);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] === sorted[i - 1]) {
      throw new AppError("bad_request", `measure "${request}": duplicate cutoff ${sorted[i]}`);
    }
  }
  return sorted;
}

function parseCutoff(text: string, request: string): number {
  const cutoff = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(cutoff) || cutoff < 1) {
    throw new AppError(
      "bad_request",
      `measure "${request}": cutoffs must be positive integers, got "${text}"`,
    );
  }
  return cutoff;
}

function unknownMeasure(request: string): AppError {
  return new AppError(
    "bad_request",
    `unknown or unsupported measure "${request}" (supported: ${[...SINGLE_MEASURES, ...CUTOFF_MEASURES].join(", ")}, ` +
      "as name, name.k1,k2,… or name_k; nicknames official and all_trec)",
  );
}
