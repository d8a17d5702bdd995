import { CheckboxField, NumberField, SelectField } from "./evaluate-controls";

/**
 * What is kept and how it is scored: top k, a minimum score, whether the query's own document is
 * dropped (ignoreIdenticalIds), coverage θ and the scoring mode.
 */
export function ScoringFields(props: {
  topK: number;
  scoreThreshold: number | null;
  ignoreIdenticalIds: boolean;
  coverage: number;
}) {
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
      <CheckboxField
        name="ignoreIdenticalIds"
        label="Drop the query's own document"
        hint="Leave out a result whose document id equals the query's id (BEIR's ignore_identical_ids); its rank goes to the next result."
        checked={props.ignoreIdenticalIds}
      />
      <SelectField name="mode" label="Scoring" defaultValue="label" testId="scoring-mode">
        <option value="label">Label-based: quotes resolved to passages</option>
        <option value="document">Document-level: a passage counts for its document</option>
      </SelectField>
    </>
  );
}
