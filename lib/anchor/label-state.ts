import { z } from "zod";

/**
 * Where a label landed in the current corpus (docs/domain.md, "Anchoring"), one definition for
 * anchoring, the run report and the labeling UI:
 * - `exact`, `relocated`, `fuzzy`, `ambiguous`, `orphaned`: how its quote resolved;
 * - `document`: a document-level label (no quote to resolve);
 * - `missing-document`: its document is no longer in the corpus.
 * Ordered from the most to the least trouble, the order the run report lists labels in.
 */
export const labelStateSchema = z.enum([
  "orphaned",
  "missing-document",
  "ambiguous",
  "fuzzy",
  "relocated",
  "exact",
  "document",
]);
export type LabelState = z.infer<typeof labelStateSchema>;

/** The states resolving a quote against a document's text can end in. */
const anchorStateSchema = labelStateSchema.extract(["exact", "relocated", "fuzzy", "ambiguous", "orphaned"]);
export type AnchorState = z.infer<typeof anchorStateSchema>;

/** How worrying a state is: red needs repair, amber a look, green is fine. */
export function labelStateTone(state: LabelState): "red" | "amber" | "green" {
  if (state === "orphaned" || state === "missing-document") return "red";
  if (state === "exact" || state === "document") return "green";
  return "amber";
}
