import { describe, expect, it } from "vitest";
import { formatJsonPath } from "@/lib/errors";
import { buildGoldenSetFixture } from "@/lib/exchange/testing/build-golden-set-fixture";
import { type GoldenSetFile, goldenSetFileSchema } from "./golden-set-schema";

/** The issues of an invalid file as "path: message" lines. */
function problems(mutate: (file: GoldenSetFile & Record<string, unknown>) => void): string[] {
  const file = buildGoldenSetFixture() as GoldenSetFile & Record<string, unknown>;
  mutate(file);
  const result = goldenSetFileSchema.safeParse(file);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${formatJsonPath(issue.path)}: ${issue.message}`);
}

const firstQuote = (file: GoldenSetFile) => {
  const target = file.queries[0]!.labels[0]!.target;
  if (target.kind !== "quote") throw new Error("fixture changed");
  return target.selector;
};

describe("goldenSetFileSchema", () => {
  it("accepts the fixture, including a label made on an older document version", () => {
    expect(problems(() => {})).toEqual([]);
  });

  it("names the path of a wrong field type", () => {
    expect(
      problems((file) => {
        (file.queries[0]!.labels[1] as Record<string, unknown>).grade = "2";
      }),
    ).toEqual(["queries[0].labels[1].grade: must be a number"]);
  });

  it("rejects unknown fields at any depth", () => {
    expect(problems((file) => Object.assign(file, { extra: 1 }))).toEqual([
      '(root): Unrecognized key: "extra"',
    ]);
    expect(problems((file) => Object.assign(file.queries[1]!.labels[0]!, { confidence: 0.9 }))).toEqual([
      'queries[1].labels[0]: Unrecognized key: "confidence"',
    ]);
  });

  it("checks every label grade against the grade scale", () => {
    expect(
      problems((file) => {
        file.queries[0]!.labels[1]!.grade = 7;
      }),
    ).toEqual(["queries[0].labels[1].grade: grade 7 is not in set.gradeScale (0, 1, 2, 3)"]);
  });

  it("checks the quote selectors", () => {
    expect(
      problems((file) => {
        firstQuote(file)[1].end = 140;
      }),
    ).toEqual([
      "queries[0].labels[0].target.selector[1].end: end − start is 20, but the quote is 21 characters long",
    ]);
    expect(
      problems((file) => {
        firstQuote(file)[1].end = 120;
      }),
    ).toEqual(["queries[0].labels[0].target.selector[1].end: must be greater than start (120)"]);
    expect(
      problems((file) => {
        firstQuote(file)[0].exact = "";
      }),
    ).toEqual(["queries[0].labels[0].target.selector[0].exact: must not be empty"]);
    expect(
      problems((file) => {
        const selector = firstQuote(file) as unknown[];
        selector.reverse();
      }),
    ).toContain('queries[0].labels[0].target.selector[0].type: Invalid input: expected "TextQuoteSelector"');
    expect(
      problems((file) => {
        (file.queries[0]!.labels[1]!.target as { kind: string }).kind = "chunk";
      }),
    ).toEqual([
      "queries[0].labels[1].target.kind: Invalid discriminator value. Expected 'document' | 'quote'",
    ]);
  });

  it("checks cross references: unique ids and texts, listed documents and versions", () => {
    expect(
      problems((file) => {
        file.queries[1]!.id = "q1";
        file.queries[2]!.text = file.queries[0]!.text;
        file.corpus.documents.push({ ...file.corpus.documents[0]! });
      }),
    ).toEqual([
      'corpus.documents[3]: document "kb-1" version 1 is listed twice',
      "queries[1].id: duplicate query id (as queries[0])",
      "queries[2].text: duplicate query text (as queries[0])",
    ]);
    expect(
      problems((file) => {
        file.queries[0]!.labels[1]!.document = "kb-9";
        file.queries[1]!.labels[0]!.documentVersion = 3;
      }),
    ).toEqual([
      'queries[0].labels[1].document: document "kb-9" is not listed in corpus.documents',
      'queries[1].labels[0].documentVersion: version 3 of "kb-1" is not listed in corpus.documents (listed: 1, 2)',
    ]);
  });

  it("checks the grade scale and threshold", () => {
    expect(
      problems((file) => {
        file.set.gradeScale.reverse();
        file.set.relevantThreshold = 4;
      }),
    ).toEqual([
      "set.gradeScale[1].grade: grades must be unique and ascending (2 after 3)",
      "set.gradeScale[2].grade: grades must be unique and ascending (1 after 2)",
      "set.gradeScale[3].grade: grades must be unique and ascending (0 after 1)",
      "set.relevantThreshold: is 4, above the highest grade 3",
    ]);
    expect(
      problems((file) => {
        file.set.gradeScale = [];
      }),
    ).toEqual(["set.gradeScale: Too small: expected array to have >=1 items"]);
  });

  it("checks formats of hashes, timestamps and statuses", () => {
    expect(
      problems((file) => {
        file.corpus.documents[0]!.contentHash = "sha256:ABC";
        file.queries[0]!.labels[0]!.createdAt = "yesterday";
        (file.queries[2] as { status: string }).status = "done";
      }),
    ).toEqual([
      'corpus.documents[0].contentHash: must be "sha256:" followed by 64 lowercase hex digits',
      "queries[0].labels[0].createdAt: Invalid ISO datetime",
      'queries[2].status: Invalid option: expected one of "unlabeled"|"in_progress"|"labeled"|"skipped"|"no_answer"',
    ]);
    expect(
      problems((file) => {
        file.queries[0]!.labels[1]!.updatedAt = "2025-02-01T00:00:00Z";
      }),
    ).toEqual(["queries[0].labels[1].updatedAt: is before createdAt"]);
  });
});
