import { describe, expect, it } from "vitest";
import { defaultRetrievalConfig } from "@/lib/configs/config-schema";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { loadCorpusDocuments } from "@/lib/db/current-documents";
import { DEMO_CORPUS_NAME } from "@/lib/demo/seed-demo";
import { setUpDemoDatabase } from "@/lib/demo/testing/demo-database-hooks";
import { parseRunResolution } from "@/lib/eval/run-report-schema";
import type { SourceDocument } from "@/lib/exchange/read-corpus-jsonl";
import { evaluateRun } from "@/lib/runs/testing/evaluate-run";

// docs/domain.md, "Ideas", never silently zero: after documents are edited, a run says which
// labels moved (relocated), which were found approximately (fuzzy) and which are gone (orphaned).

let prisma: Db;
setUpDemoDatabase((client) => {
  prisma = client;
});

async function* documents(items: SourceDocument[]) {
  yield* items;
}

describe("a run after documents were edited", () => {
  it("reports relocated, fuzzy and orphaned labels instead of scoring them as misses", async () => {
    const corpus = await prisma.corpus.findUniqueOrThrow({ where: { name: DEMO_CORPUS_NAME } });
    const current = await loadCorpusDocuments(prisma, corpus.id);
    const byId = new Map(current.map((document) => [document.externalId, document]));
    const edit = (externalId: string, change: (text: string) => string): SourceDocument => {
      const document = byId.get(externalId);
      if (!document) throw new Error(`no ${externalId}`);
      const text = change(document.text);
      expect(text).not.toBe(document.text);
      return { externalId, title: document.title, text, metadata: null };
    };
    const moved = "the SATA controller never saw the drive finish link negotiation";
    const reworded =
      "In almost every case this is a mechanical problem with the tray or the connector, not a failed drive.";
    const deleted = "the LED blinks amber twice and pauses";
    await importDocuments(prisma, {
      corpusName: DEMO_CORPUS_NAME,
      documents: documents([
        // Words inserted before the quote: the quote is found again elsewhere in the text.
        // Words changed inside another quote: only an approximate match remains.
        edit("kb-0039", (text) =>
          `Updated for LarkOS 4.3.1.\n\n${text}`.replace(
            reworded,
            "In almost every case this is a mechanical problem with the tray or the cable, not a failed drive.",
          ),
        ),
        // The sentence of a quote deleted: the label cannot be anchored any more.
        edit("kb-0005", (text) => text.replace(deleted, "")),
      ]),
    });

    const engineer = await prisma.user.findFirstOrThrow({ where: { role: "engineer" } });
    const set = await prisma.goldenSet.findFirstOrThrow();
    const run = await evaluateRun(prisma, {
      setId: set.id,
      configName: "after edits",
      config: defaultRetrievalConfig,
      coverage: 1,
      userId: engineer.id,
    });
    const resolution = parseRunResolution(run.resolution);
    const stateOf = (exact: string) =>
      resolution?.labels.filter((label) => label.exact === exact).map((label) => label.state);
    expect(stateOf(moved)?.every((state) => state === "relocated")).toBe(true);
    expect(stateOf(moved)?.length).toBeGreaterThan(0);
    expect(stateOf(reworded)).toContain("fuzzy");
    expect(stateOf(deleted)).toEqual(["orphaned"]);
    expect(resolution?.counts.orphaned).toBe(1);
    expect(resolution?.counts.fuzzy).toBeGreaterThanOrEqual(1);
    const relocated = resolution?.labels.find((label) => label.exact === moved);
    expect(relocated?.to?.start).toBe((relocated?.from?.start ?? 0) + "Updated for LarkOS 4.3.1.\n\n".length);
  });
});
