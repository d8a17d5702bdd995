import { db } from "@/lib/db/client";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { loadSetQrels } from "@/lib/db/judgment-exports";
import { formatBeirQrels, qrelsExportQuerySchema } from "@/lib/exchange/format-beir-qrels";
import { nameExportFile } from "@/lib/exchange/name-export-file";
import { qrelJudgmentsSchema } from "@/lib/exchange/qrel-judgments";
import { formatQrels } from "@/lib/exchange/trec-format";
import { downloadResponse } from "@/lib/http/download-response";
import { idParamsSchema, withRoute } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/**
 * GET → the set's document-level qrels as a download, named after the set: TREC
 * (`<slug>.qrels`, `qid 0 docid grade`) or with `?format=beir` a BEIR qrels TSV
 * (`<slug>-qrels.tsv`, header `query-id corpus-id score`). Query keys and documents' ids; grades
 * as the set's judgment policy counts them; `?judgments=human+model|model` adds or takes an LLM
 * judge's labels (default human: people's only, as `export-qrels`). Anyone who curates sets.
 */
export const GET = withRoute(
  {
    access: "curate",
    params: idParamsSchema,
    query: qrelsExportQuerySchema.extend({ judgments: qrelJudgmentsSchema.default("human") }),
  },
  async ({ params, query }) => {
    const set = await getGoldenSet(db(), params.id);
    const entries = await loadSetQrels(db(), params.id, { judgments: query.judgments });
    if (query.format === "beir")
      return downloadResponse(formatBeirQrels(entries), {
        fileName: nameExportFile({ setName: set.name, kind: "beir-qrels" }),
        contentType: "text/tab-separated-values; charset=utf-8",
      });
    return downloadResponse(formatQrels(entries), {
      fileName: nameExportFile({ setName: set.name, kind: "trec-qrels" }),
    });
  },
);
