import type { ReactNode } from "react";
import { Field, Input } from "@/components/ui/field";
import type { RetrieverFormFields } from "@/lib/configs/retriever-form-fields";
import { inputId, NumberField, TextField, useFieldError } from "./evaluate-controls";

const KEY_HINT = "Name of a server environment variable holding the key; never the key itself.";

/** An OpenAI-compatible embeddings endpoint (the dense and hybrid "-http" retrievers). */
export function EmbeddingEndpointFields(props: { defaults: RetrieverFormFields; urlHint: ReactNode }) {
  const { defaults } = props;
  return (
    <>
      <TextField
        name="embeddingBaseUrl"
        label="Embeddings base URL"
        value={defaults.embeddingBaseUrl}
        placeholder="http://localhost:11434/v1"
        hint={<>OpenAI-compatible: requests go to …/embeddings. {props.urlHint}</>}
        required
      />
      <TextField
        name="embeddingModel"
        label="Model"
        value={defaults.embeddingModel}
        placeholder="text-embedding-3-small"
        required
      />
      <NumberField
        name="embeddingDimensions"
        label="Dimensions"
        value={defaults.embeddingDimensions === "" ? null : Number(defaults.embeddingDimensions)}
        hint="empty = the model's own"
        optional
      />
      <TextField
        name="embeddingApiKeyEnv"
        label="API key variable"
        value={defaults.embeddingApiKeyEnv}
        placeholder="OPENAI_API_KEY"
        className=""
      />
    </>
  );
}

/** The team's own search system, called with POST { query, top_k }. */
export function SearchEndpointFields(props: { defaults: RetrieverFormFields; urlHint: ReactNode }) {
  return (
    <>
      <TextField
        name="externalUrl"
        label="Search endpoint"
        value={props.defaults.externalUrl}
        placeholder="https://search.internal/api/search"
        hint={
          <>
            Receives POST {"{ query, top_k }"}, answers [{"{ doc_id, score, text?, start?, end? }"}].{" "}
            {props.urlHint}
          </>
        }
        required
      />
      <TextField
        name="externalApiKeyEnv"
        label="API key variable"
        value={props.defaults.externalApiKeyEnv}
        placeholder="SEARCH_API_KEY"
        hint={KEY_HINT}
      />
    </>
  );
}

/** Results computed elsewhere: a TREC run or JSONL, uploaded with the form. */
export function RunFileField() {
  return (
    <Field
      label="Run file"
      htmlFor={inputId("file")}
      error={useFieldError("file")}
      className="col-span-2"
      hint={
        <>
          TREC (<span className="font-mono">qid Q0 docid rank score tag</span>, docid or docid#start-end) or
          JSONL ({"{ query_id | query, doc_id, score, start?, end?, text? }"}); query ids are the set&apos;s
          (q-0001) or its query texts.
        </>
      }
    >
      <Input type="file" name="file" accept=".txt,.trec,.run,.jsonl,.gz" required data-testid="field-file" />
    </Field>
  );
}
