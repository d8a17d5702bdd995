import { z } from "zod";

/**
 * Which TREC run file of a run: `document` (each document once, at its first rank — what document
 * mode scores) or `passage` (every result as `docid#start-end` at its rank, the chunk ids the run
 * importer reads back).
 */
const runTrecLevelSchema = z.enum(["document", "passage"], {
  error: 'level must be "document" or "passage"',
});
export type RunTrecLevel = z.infer<typeof runTrecLevelSchema>;

/** The query of the TREC download routes: `?level=document|passage`, document when absent. */
export const runTrecQuerySchema = z.object({ level: runTrecLevelSchema.default("document") });
