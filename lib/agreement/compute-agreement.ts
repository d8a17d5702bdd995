import { cohensKappa } from "./cohens-kappa";
import { type AgreementItem, compareNames } from "./collect-agreement-items";
import { krippendorffAlpha } from "./krippendorff-alpha";

/** Agreement of two annotators on the items both judged. */
type PairAgreement = {
  a: string;
  b: string;
  /** Items both judged. */
  items: number;
  /** Cohen's kappa on their values binarized at the relevance threshold; null when undefined. */
  kappa: number | null;
  /** Share of those items on whose relevance (binarized value) they agree. */
  observed: number;
};

export type AgreementReport = {
  /** Items: (query, document) pairs judged by two or more annotators. */
  items: number;
  /** Every annotator who judged an item, ascending. */
  annotators: string[];
  /** Every pair of annotators with an item in common, a < b, in order. */
  pairs: PairAgreement[];
  /** Krippendorff's alpha over all annotators on the raw grades; null when undefined. */
  alpha: { nominal: number | null; ordinal: number | null };
};

/**
 * Agreement among the annotators of a set (docs/domain.md, "Grades and judgments"; issue 12):
 * Cohen's kappa per pair of annotators on relevance (value ≥ `relevantThreshold`) over the items
 * both judged, and Krippendorff's alpha over all annotators and items, nominal and ordinal, on the
 * grades themselves. Kappa is null where it is undefined (see cohensKappa), alpha likewise.
 */
export function computeAgreement(options: {
  items: readonly AgreementItem[];
  relevantThreshold: number;
}): AgreementReport {
  const { items, relevantThreshold } = options;
  const annotators = [...new Set(items.flatMap((item) => item.values.map((value) => value.annotator)))].sort(
    compareNames,
  );
  const pairs: PairAgreement[] = [];
  for (const [position, a] of annotators.entries()) {
    for (const b of annotators.slice(position + 1)) {
      const ratings: [boolean, boolean][] = [];
      for (const item of items) {
        const valueA = item.values.find((value) => value.annotator === a);
        const valueB = item.values.find((value) => value.annotator === b);
        if (valueA && valueB)
          ratings.push([valueA.value >= relevantThreshold, valueB.value >= relevantThreshold]);
      }
      if (ratings.length === 0) continue;
      pairs.push({
        a,
        b,
        items: ratings.length,
        kappa: cohensKappa({ ratings }),
        observed: ratings.filter(([x, y]) => x === y).length / ratings.length,
      });
    }
  }
  const units = items.map((item) => item.values.map((value) => value.value));
  return {
    items: items.length,
    annotators,
    pairs,
    alpha: {
      nominal: krippendorffAlpha({ units, metric: "nominal" }),
      ordinal: krippendorffAlpha({ units, metric: "ordinal" }),
    },
  };
}
