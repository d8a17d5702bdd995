import { z } from "zod";
import { type RetrievalConfig, retrievalConfigSchema } from "@/lib/configs/config-schema";
import {
  findDroppedKeys,
  RETRIEVAL_PRESETS,
  type RetrievalRunConfig,
} from "@/lib/configs/retrieval-run-config";
import { AppError } from "@/lib/errors";
import { describeSchemaIssues } from "@/lib/exchange/describe-schema-issues";
import { trecTag } from "@/lib/exchange/run-to-trec";

/** A named configuration as the app saves it: what `goldenset evaluate --config` runs. */
export type SavedConfig = { name: string; config: RetrievalConfig };

/**
 * A saved configuration's JSON as one schema: its name and the retrieval configuration — what
 * `goldenset evaluate --config FILE.json` reads and `POST /api/v1/sets/{id}/runs` takes as `config`
 * (and what the OpenAPI document publishes).
 */
export const savedConfigSchema = z
  .object({ name: z.string().trim().min(1, "name the configuration").max(120) })
  .and(retrievalConfigSchema)
  .describe("A saved configuration: name, chunking, retriever, topK, scoreThreshold?, reranker?");

/**
 * A saved configuration's JSON: `{ "name", "chunking", "retriever", "topK", "scoreThreshold"?,
 * "reranker"? }` — the app's configuration (config-schema.ts) with its name. Problems are
 * reported with their JSON path, unknown fields included (a misspelt `prepend_title` must not
 * silently run without the title).
 */
export function parseSavedConfig(value: unknown): SavedConfig {
  const shape = z
    .looseObject({ name: z.string().trim().min(1, "name the configuration").max(120) })
    .safeParse(value);
  if (!shape.success) throw describeSchemaIssues(shape.error, "bad_request", "config: ");
  const { name, ...rest } = shape.data;
  const parsed = retrievalConfigSchema.safeParse(rest);
  if (!parsed.success) throw describeSchemaIssues(parsed.error, "bad_request", "config: ");
  const unknownFields = findDroppedKeys({ input: rest, output: parsed.data, path: [] });
  if (unknownFields.length > 0)
    throw describeSchemaIssues(new z.ZodError(unknownFields), "bad_request", "config: ");
  return { name, config: parsed.data };
}

/**
 * A preset of `goldenset retrieve` (RETRIEVAL_PRESETS: bm25, lsa, hybrid-rrf) as an app
 * configuration that searches the way `retrieve` does: whole documents with their titles, the
 * first 1,000 results. Named after the preset.
 */
export function resolveSavedConfigPreset(name: string): SavedConfig {
  if (!Object.hasOwn(RETRIEVAL_PRESETS, name)) {
    throw new AppError(
      "bad_request",
      `unknown preset "${name}". Available presets: ${Object.keys(RETRIEVAL_PRESETS).join(", ")}; or pass a FILE.json.`,
    );
  }
  const retriever = structuredClone(RETRIEVAL_PRESETS[name as keyof typeof RETRIEVAL_PRESETS]);
  return {
    name,
    config: retrievalConfigSchema.parse({
      chunking: { strategy: "document", prependTitle: true },
      retriever,
      topK: 1000,
    }),
  };
}

/**
 * A saved configuration as `goldenset retrieve` runs it: retrieve searches whole documents with
 * their titles and has no reranker or score threshold, so only a configuration that searches that
 * way is taken (anything else would silently run something other than the file says); its name,
 * whitespace as "_", is the run tag; its `ignoreIdenticalIds` is kept.
 */
export function retrievalRunOfSavedConfig(saved: SavedConfig): RetrievalRunConfig {
  const { chunking, retriever, reranker, scoreThreshold } = saved.config;
  const refuse: (message: string, path: string[]) => never = (message, path) => {
    throw new AppError("bad_request", `config: ${path.join(".")}: ${message}`, { path });
  };
  if (chunking.strategy !== "document" || !chunking.prependTitle)
    refuse(
      'retrieve searches whole documents with their titles: use {"strategy": "document", "prependTitle": true}',
      ["chunking"],
    );
  if (reranker) refuse("retrieve has no reranker; remove it", ["reranker"]);
  if (scoreThreshold !== null && scoreThreshold !== undefined)
    refuse("retrieve keeps every hit (see --hits); remove it", ["scoreThreshold"]);
  if (retriever.kind === "external" || retriever.kind === "imported")
    refuse(`"${retriever.kind}" cannot run here; retrieve runs bm25, dense and hybrid`, [
      "retriever",
      "kind",
    ]);
  return {
    name: trecTag(saved.name),
    retriever,
    ignoreIdenticalIds: saved.config.ignoreIdenticalIds ?? false,
  };
}
