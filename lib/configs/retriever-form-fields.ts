import { defaultRetrievers, type RetrieverConfig } from "@/lib/configs/config-schema";

/** The evaluate form's retriever choices; hybrid in the form always fuses with RRF. */
export const RETRIEVER_FORM_KINDS = ["bm25", "dense", "hybrid"] as const;
export type RetrieverFormKind = (typeof RETRIEVER_FORM_KINDS)[number];

/** The flat fields the evaluate form shows for a retriever; fields a kind lacks keep the defaults. */
export type RetrieverFormFields = {
  retrieverKind: RetrieverFormKind;
  k1: number;
  b: number;
  lsaDimensions: number;
  rrfK: number;
};

/** A stored retriever → the form's starting values (a weighted hybrid starts the form at RRF). */
export function retrieverFormFields(retriever: RetrieverConfig): RetrieverFormFields {
  const fields: RetrieverFormFields = {
    retrieverKind: retriever.kind,
    k1: defaultRetrievers.bm25.k1,
    b: defaultRetrievers.bm25.b,
    lsaDimensions: defaultRetrievers.dense.provider.dimensions,
    rrfK: defaultRetrievers.hybrid.fusion.k,
  };
  switch (retriever.kind) {
    case "bm25":
      return { ...fields, k1: retriever.k1, b: retriever.b };
    case "dense":
      return { ...fields, lsaDimensions: retriever.provider.dimensions };
    case "hybrid":
      return {
        ...fields,
        k1: retriever.sparse.k1,
        b: retriever.sparse.b,
        lsaDimensions: retriever.dense.provider.dimensions,
        rrfK: retriever.fusion.kind === "rrf" ? retriever.fusion.k : fields.rrfK,
      };
  }
}

/**
 * Submitted fields → the input of `retrieverConfigSchema` (which validates and fills what a
 * field left undefined, e.g. one the form did not show for the chosen kind).
 */
export function retrieverInputFromForm(
  fields: Partial<Omit<RetrieverFormFields, "retrieverKind">> & {
    retrieverKind: RetrieverFormKind;
  },
): unknown {
  const bm25 = { k1: fields.k1, b: fields.b };
  const provider = { kind: "builtin-lsa", dimensions: fields.lsaDimensions };
  switch (fields.retrieverKind) {
    case "bm25":
      return { kind: "bm25", ...bm25 };
    case "dense":
      return { kind: "dense", provider };
    case "hybrid":
      return { kind: "hybrid", sparse: bm25, dense: { provider }, fusion: { kind: "rrf", k: fields.rrfK } };
  }
}
