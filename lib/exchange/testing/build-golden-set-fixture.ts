import type { GoldenSetFile } from "@/lib/exchange/golden-set-schema";

/**
 * A small valid golden set file for tests: grade scale 0–3, two documents (one listed at two
 * versions), three queries (a quote label, a document label, a label on an older document
 * version, an unlabeled query).
 * Returns a fresh object on every call, so tests may mutate it.
 */
export function buildGoldenSetFixture(): GoldenSetFile {
  return {
    format: "goldenset",
    version: 1,
    set: {
      name: "Support search",
      description: "Real queries from the support portal, March",
      relevantThreshold: 2,
      gradeScale: [
        { grade: 0, name: "not relevant" },
        { grade: 1, name: "partly" },
        { grade: 2, name: "relevant" },
        { grade: 3, name: "answers it" },
      ],
      judgmentPolicy: "any",
      modelJudgments: "ignore",
      contextBudgetChars: 2000,
    },
    corpus: {
      name: "Support articles",
      documents: [
        { id: "kb-1", version: 1, contentHash: `sha256:${"b".repeat(64)}` },
        { id: "kb-1", version: 2, contentHash: `sha256:${"a".repeat(64)}` },
        { id: "kb-2", version: 1, contentHash: `sha256:${"0123456789abcdef".repeat(4)}` },
      ],
    },
    queries: [
      {
        id: "q1",
        text: "error E-4012 on upgrade to 4.3.0",
        informationNeed: "Why the upgrade fails and how to fix it",
        tags: ["error-code"],
        notes: "",
        status: "labeled",
        source: { logQuery: "error e-4012 on upgrade to 4.3.0" },
        labels: [
          {
            document: "kb-1",
            documentVersion: 2,
            grade: 3,
            annotator: "ana@example.com",
            createdAt: "2025-03-01T10:00:00.000Z",
            updatedAt: "2025-03-02T09:30:00.000Z",
            target: {
              kind: "quote",
              selector: [
                {
                  type: "TextQuoteSelector",
                  exact: "clear the cache first",
                  prefix: "E-4012, ",
                  suffix: " and retry.",
                },
                { type: "TextPositionSelector", start: 120, end: 141 },
              ],
            },
          },
          {
            document: "kb-2",
            documentVersion: 1,
            grade: 1,
            annotator: null,
            createdAt: "2025-03-01T10:05:00.000Z",
            updatedAt: "2025-03-01T10:05:00.000Z",
            target: { kind: "document" },
          },
        ],
      },
      {
        id: "q2",
        text: "reset 2fa “lost phone”",
        informationNeed: "",
        tags: [],
        notes: "Ask support about the recovery codes",
        status: "in_progress",
        source: null,
        labels: [
          {
            document: "kb-1",
            documentVersion: 1,
            grade: 2,
            annotator: "bo@example.com",
            createdAt: "2025-02-01T08:00:00+01:00",
            updatedAt: "2025-02-01T08:00:00+01:00",
            target: { kind: "document" },
          },
        ],
      },
      {
        id: "q3",
        text: "c++ build flags",
        informationNeed: "",
        tags: ["keyword"],
        notes: "",
        status: "unlabeled",
        source: null,
        labels: [],
      },
    ],
  };
}
