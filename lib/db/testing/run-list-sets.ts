import { defaultRetrievalConfig, type RetrievalConfig } from "@/lib/configs/config-schema";
import type { Db } from "@/lib/db/client";
import { addQueriesToSet, createGoldenSet } from "@/lib/db/golden-sets";
import {
  HELP_CENTER_TEXTS,
  type QuoteLabeledQuestion,
  seedQuoteLabeledSet,
} from "@/lib/db/testing/quote-labeled-set";
import { createRun } from "@/lib/runs/create-run";
import { drainJobs } from "@/lib/worker/worker";

/** The engineer who labels the sets and creates the runs. */
export const RUN_LIST_USER_ID = "list-engineer";

const texts: Record<string, string> = {
  ...HELP_CENTER_TEXTS,
  "kb-5": "Printer driver. Download the printer driver for your computer from the support site and run it.",
  "kb-4":
    "Printer paper jam. Open the front cover of the printer, pull the jammed paper out slowly and close the cover.",
};
const questions: QuoteLabeledQuestion[] = [
  ["how do I reset my router", "kb-1", "Hold the reset button for ten seconds", 2],
  ["how long does a drive rebuild take", "kb-2", "about an hour per terabyte", 2],
  ["printer is offline", "kb-3", "remove the printer and add it again", 1],
  // a grade-0 label: judged, not relevant
  ["printer is offline", "kb-4", "pull the jammed paper out slowly", 0],
];

/**
 * The sets the run list and run passage tests evaluate on: "tiny set", quote-labeled on the
 * help-center texts and two printer pages (titled "Title of <external id>"), and "other set" on
 * the same corpus, with one unlabeled query.
 */
export async function seedRunListSets(prisma: Db): Promise<{ setId: string; otherSetId: string }> {
  const seeded = await seedQuoteLabeledSet(prisma, {
    userId: RUN_LIST_USER_ID,
    setName: "tiny set",
    texts,
    questions,
    title: (externalId) => `Title of ${externalId}`,
  });
  const otherSetId = (
    await createGoldenSet(prisma, { name: "other set", description: "", corpusId: seeded.corpusId })
  ).id;
  await addQueriesToSet(prisma, { setId: otherSetId, queries: [{ text: "how do I reset my router" }] });
  return { setId: seeded.setId, otherSetId };
}

/** Creates a run named `name` of `setId` and runs the queued jobs to the end; the run's id. */
export async function evaluateRun(
  prisma: Db,
  options: { setId: string; name: string; config?: RetrievalConfig },
): Promise<string> {
  const { runId } = await createRun(prisma, {
    setId: options.setId,
    configName: options.name,
    config: options.config ?? defaultRetrievalConfig,
    coverage: 1,
    userId: RUN_LIST_USER_ID,
  });
  await drainJobs(prisma);
  return runId;
}
