import type { ReactNode } from "react";
import type { RetrieverFormFields, RetrieverFormKind } from "@/lib/configs/retriever-form-fields";
import { EmbeddingEndpointFields, RunFileField, SearchEndpointFields } from "./endpoint-fields";
import { CheckboxField, NumberField, SelectField } from "./evaluate-controls";
import { retrieverUses } from "./retriever-uses";

type Fusion = RetrieverFormFields["fusion"];

/**
 * The chosen retriever's own settings: BM25's parameters and analyzer, LSA's dimensions, an
 * embeddings endpoint, a hybrid's fusion, the team's search endpoint or an uploaded run file.
 * The fusion is controlled by the form (the sweep offers its parameter).
 */
export function RetrieverFields(props: {
  kind: RetrieverFormKind;
  defaults: RetrieverFormFields;
  fusion: Fusion;
  onFusionChange: (fusion: Fusion) => void;
  /** the outbound allow-list, said under every URL field */
  urlHint: ReactNode;
}) {
  const { kind, defaults, urlHint } = props;
  const uses = retrieverUses(kind);
  return (
    <div className="grid grid-cols-2 gap-3">
      {uses.bm25 ? (
        <>
          <NumberField name="k1" label="BM25 k1" value={defaults.k1} step="0.05" />
          <NumberField name="b" label="BM25 b" value={defaults.b} step="0.05" />
          <div className="col-span-2 flex flex-wrap gap-x-3 gap-y-1">
            <CheckboxField name="lowercase" label="lowercase" checked={defaults.lowercase} />
            <CheckboxField name="stopwords" label="stopwords" checked={defaults.stopwords} />
            <CheckboxField name="stem" label="Porter stemming" checked={defaults.stem} />
          </div>
        </>
      ) : null}
      {uses.lsa ? (
        <NumberField
          name="lsaDimensions"
          label="LSA dimensions"
          value={defaults.lsaDimensions}
          hint="8–512, fitted on the chunks"
        />
      ) : null}
      {uses.embeddingEndpoint ? <EmbeddingEndpointFields defaults={defaults} urlHint={urlHint} /> : null}
      {uses.fusion ? (
        <FusionFields defaults={defaults} fusion={props.fusion} onFusionChange={props.onFusionChange} />
      ) : null}
      {uses.searchEndpoint ? <SearchEndpointFields defaults={defaults} urlHint={urlHint} /> : null}
      {uses.runFile ? <RunFileField /> : null}
    </div>
  );
}

/** A hybrid's merge of its two rankings: reciprocal rank with k, or weighted scores with alpha. */
function FusionFields(props: {
  defaults: RetrieverFormFields;
  fusion: Fusion;
  onFusionChange: (fusion: Fusion) => void;
}) {
  const { defaults } = props;
  return (
    <>
      <SelectField
        name="fusion"
        label="Fusion"
        value={props.fusion}
        onChange={(value) => props.onFusionChange(value === "weighted" ? "weighted" : "rrf")}
        testId="field-fusion"
      >
        <option value="rrf">Reciprocal rank (RRF)</option>
        <option value="weighted">Weighted scores</option>
      </SelectField>
      {props.fusion === "rrf" ? (
        <NumberField name="rrfK" label="RRF k" value={defaults.rrfK} hint="Σ 1/(k + rank), usually 60" />
      ) : (
        <>
          <NumberField
            name="alpha"
            label="Alpha"
            value={defaults.alpha}
            step="0.05"
            hint="weight of the dense list; 1 = dense alone"
          />
          <SelectField name="normalization" label="Normalization" defaultValue={defaults.normalization}>
            <option value="min-max">min-max</option>
            <option value="z-score">z-score</option>
          </SelectField>
        </>
      )}
    </>
  );
}
