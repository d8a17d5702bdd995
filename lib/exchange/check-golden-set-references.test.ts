import { describe, expect, it } from "vitest";
import { formatJsonPath } from "@/lib/errors";
import { buildGoldenSetFixture } from "@/lib/exchange/testing/build-golden-set-fixture";
import { checkGoldenSetReferences } from "./check-golden-set-references";
import type { GoldenSetFile } from "./golden-set-schema";

/** Runs the check directly (no zod parse) and returns its issues as "path: message". */
function issuesOf(mutate: (file: GoldenSetFile) => void): string[] {
  const file = buildGoldenSetFixture();
  mutate(file);
  const issues: string[] = [];
  const context = {
    addIssue: (issue: { path: (string | number)[]; message: string }) => {
      issues.push(`${formatJsonPath(issue.path)}: ${issue.message}`);
    },
  };
  checkGoldenSetReferences(file, context as unknown as Parameters<typeof checkGoldenSetReferences>[1]);
  return issues;
}

describe("checkGoldenSetReferences", () => {
  it("finds nothing wrong with the fixture", () => {
    expect(issuesOf(() => {})).toEqual([]);
  });

  it("matches labels to corpus.documents by id and version", () => {
    // kb-1 is listed at versions 1 and 2: labels on either are fine.
    expect(
      issuesOf((file) => {
        file.queries[1]!.labels[0]!.documentVersion = 2;
      }),
    ).toEqual([]);
    expect(
      issuesOf((file) => {
        file.queries[0]!.labels[1]!.documentVersion = 2;
      }),
    ).toEqual([
      'queries[0].labels[1].documentVersion: version 2 of "kb-2" is not listed in corpus.documents (listed: 1)',
    ]);
    expect(
      issuesOf((file) => {
        file.corpus.documents.splice(0, 1);
      }),
    ).toEqual([
      'queries[1].labels[0].documentVersion: version 1 of "kb-1" is not listed in corpus.documents (listed: 2)',
    ]);
  });

  it("skips checks that an earlier problem makes meaningless", () => {
    expect(
      issuesOf((file) => {
        file.set.gradeScale = [];
        const target = file.queries[0]!.labels[0]!.target;
        if (target.kind === "quote") target.selector[0].exact = "";
      }),
    ).toEqual([]);
  });

  it("compares timestamps as instants, offsets included", () => {
    expect(
      issuesOf((file) => {
        const label = file.queries[0]!.labels[1]!;
        label.createdAt = "2025-03-01T12:00:00+02:00";
        label.updatedAt = "2025-03-01T10:30:00Z";
      }),
    ).toEqual([]);
    expect(
      issuesOf((file) => {
        const label = file.queries[0]!.labels[1]!;
        label.createdAt = "2025-03-01T12:00:00-02:00";
        label.updatedAt = "2025-03-01T10:30:00Z";
      }),
    ).toEqual(["queries[0].labels[1].updatedAt: is before createdAt"]);
  });

  it("refuses two labels on the same (query, document, span, annotator), naming the second", () => {
    const duplicate =
      "queries[0].labels[2]: duplicate label: same document, span and annotator as queries[0].labels[0] (a label is unique per query, document, span and annotator; keep one)";
    // The same quote by the same annotator, even with another grade.
    expect(
      issuesOf((file) => {
        const labels = file.queries[0]!.labels;
        labels.push({ ...structuredClone(labels[0]!), grade: 1 });
      }),
    ).toEqual([duplicate]);
    // The whole document twice by the same annotator.
    expect(
      issuesOf((file) => {
        const labels = file.queries[0]!.labels;
        labels[1]!.annotator = "ana@example.com";
        labels.push(structuredClone(labels[1]!));
      }),
    ).toEqual([
      "queries[0].labels[2]: duplicate label: same document, span and annotator as queries[0].labels[1] (a label is unique per query, document, span and annotator; keep one)",
    ]);
  });

  it("accepts the same span by another annotator, in another query, or with no annotator", () => {
    expect(
      issuesOf((file) => {
        const labels = file.queries[0]!.labels;
        labels.push({ ...structuredClone(labels[0]!), annotator: "bo@example.com" });
        labels.push(structuredClone(labels[1]!)); // annotator null: maybe another person
        file.queries[1]!.labels.push(structuredClone(labels[0]!));
      }),
    ).toEqual([]);
  });
});
