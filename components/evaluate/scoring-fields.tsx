import { NumberField, SelectField } from "./evaluate-controls";

/** What is kept and how it is scored: top k, a minimum score, coverage θ and the scoring mode. */
export function ScoringFields(props: { topK: number; scoreThreshold: number | null; coverage: number }) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <NumberField name="topK" label="top k kept" value={props.topK} hint="recall@20 needs ≥ 20" />
        <NumberField
          name="scoreThreshold"
          label="Min score"
          value={props.scoreThreshold}
          step="any"
          hint="empty = keep all; on the final score"
          optional
        />
        <NumberField
          name="coverage"
          label="Coverage θ"
          value={props.coverage}
          step="0.05"
          hint="1.0 = quote wholly in chunk"
        />
      </div>
      <SelectField name="mode" label="Scoring" defaultValue="label" testId="scoring-mode">
        <option value="label">Label-based: quotes resolved to passages</option>
        <option value="document">Document-level: a passage counts for its document</option>
      </SelectField>
    </>
  );
}
