import { AppError } from "@/lib/errors";
import { CONTEXT_MEASURES } from "@/lib/eval/context-budget";

/**
 * The app's measure names ("ndcg@10", "mrr" — queryMeasureValues) and trec_eval's, as
 * `goldenset compare --json` prints them ("ndcg_cut_10", "recip_rank"). The API speaks trec_eval's
 * so that a CI job reads the same keys from `POST /api/v1/compare` as from `goldenset compare`.
 * judged@k, partial_recall@k and the context-budget measures have no trec_eval measure; they are
 * spelled in the same style ("judged_10", "partial_recall_10", "context_recall").
 */
const PER_K: readonly { app: string; trec: string }[] = [
  { app: "recall", trec: "recall" },
  { app: "ndcg", trec: "ndcg_cut" },
  { app: "precision", trec: "P" },
  { app: "hit", trec: "success" },
  { app: "judged", trec: "judged" },
  { app: "partial_recall", trec: "partial_recall" },
];
const SINGLE: readonly { app: string; trec: string }[] = [
  { app: "mrr", trec: "recip_rank" },
  { app: "map", trec: "map" },
  ...CONTEXT_MEASURES.map((name) => ({ app: name, trec: name })),
];

/** trec_eval's output name of an app measure: "ndcg@10" → "ndcg_cut_10", "mrr" → "recip_rank". */
export function toTrecMeasureName(appName: string): string {
  const single = SINGLE.find((entry) => entry.app === appName);
  if (single) return single.trec;
  const [measure, k] = appName.split("@");
  const perK = PER_K.find((entry) => entry.app === measure);
  if (!perK || !k) throw new Error(`No trec_eval name for measure "${appName}".`);
  return `${perK.trec}_${k}`;
}

/**
 * The app measure a request names, in trec_eval's spelling (`ndcg_cut.10`, `ndcg_cut_10`,
 * `recip_rank`, `P.5`) or the app's (`ndcg@10`, `mrr`). Throws bad_request (at `path`) otherwise.
 */
export function parseMeasureRequest(request: string, path: (string | number)[] = []): string {
  const single = SINGLE.find((entry) => entry.app === request || entry.trec === request);
  if (single) return single.app;
  const match = /^([A-Za-z_]+?)(?:@|\.|_)(\d+)$/.exec(request);
  const perK = match && PER_K.find((entry) => entry.app === match[1] || entry.trec === match[1]);
  if (match && perK && Number(match[2]) > 0) return `${perK.app}@${Number(match[2])}`;
  throw new AppError(
    "bad_request",
    `Unknown measure "${request}": use ndcg_cut_10, recip_rank, recall_10, P_5, success_1, map or judged_10 (or ndcg@10, mrr, recall@10).`,
    { path },
  );
}
