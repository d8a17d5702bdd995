"use client";

import { type ReactNode, useState } from "react";
import type { RetrieverFormFields } from "@/lib/configs/retriever-form-fields";
import { CheckboxField, NumberField, TextField } from "./evaluate-controls";

type RerankerDefaults = Pick<
  RetrieverFormFields,
  "rerank" | "rerankBaseUrl" | "rerankModel" | "rerankDepth" | "rerankApiKeyEnv"
>;

/** The optional second stage: a /rerank endpoint re-scores the first `depth` results. */
export function RerankerFields({ defaults, urlHint }: { defaults: RerankerDefaults; urlHint: ReactNode }) {
  const [rerank, setRerank] = useState(defaults.rerank);
  return (
    <div className="space-y-2 rounded-md border border-zinc-200 p-2">
      <CheckboxField
        name="rerank"
        label="Rerank with a /rerank endpoint"
        checked={defaults.rerank}
        onChange={setRerank}
      />
      {rerank ? (
        <div className="grid grid-cols-2 gap-3">
          <TextField
            name="rerankBaseUrl"
            label="Rerank base URL"
            value={defaults.rerankBaseUrl}
            placeholder="http://localhost:8080"
            hint={<>Cohere/TEI-compatible: requests go to …/rerank. {urlHint}</>}
            required
          />
          <TextField
            name="rerankModel"
            label="Model"
            value={defaults.rerankModel}
            placeholder="BAAI/bge-reranker-v2-m3"
            required
          />
          <NumberField name="rerankDepth" label="Depth" value={defaults.rerankDepth} hint="≥ top k" />
          <TextField
            name="rerankApiKeyEnv"
            label="API key variable"
            value={defaults.rerankApiKeyEnv}
            placeholder="COHERE_API_KEY"
            className=""
          />
        </div>
      ) : null}
    </div>
  );
}
