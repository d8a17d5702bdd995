import { describe, expect, it } from "vitest";
import { creditImportedLabels } from "./credit-imported-labels";
import type { GoldenSetFile } from "./golden-set-schema";
import { buildGoldenSetFixture } from "./testing/build-golden-set-fixture";

// A file naming the admin as annotator of adjudicated labels, imported by different people.

function spoofedFile(): GoldenSetFile {
  const file = buildGoldenSetFixture();
  const [first] = file.queries;
  const quote = first!.labels[0]!;
  first!.labels = [
    { ...quote, annotator: "Admin@Example.com", adjudicated: true, grade: 2 },
    { ...quote, annotator: "ana@example.com", grade: 3 }, // the same span, another annotator
    { ...quote, annotator: "ghost@example.com", grade: 1 },
    { ...first!.labels[1]!, annotator: null },
  ];
  return file;
}

const users = new Map([
  ["admin@example.com", "admin@example.com"],
  ["ana@example.com", "ana@example.com"],
  ["eve@example.com", "eve@example.com"],
]);
const labelsOf = (file: GoldenSetFile) => file.queries.flatMap((query) => query.labels);

describe("creditImportedLabels", () => {
  it("an annotator's import: every label theirs, adjudication dropped, duplicates merged at the highest grade", () => {
    const { file, summary } = creditImportedLabels(spoofedFile(), {
      importerEmail: "eve@example.com",
      mayAdjudicate: false,
      existingUsers: users,
    });
    const labels = labelsOf(file);
    expect(labels.every((label) => label.annotator === "eve@example.com")).toBe(true);
    expect(labels.some((label) => "adjudicated" in label)).toBe(false);
    // the three quote labels on one span became one (grade 3); the document label; q2's label
    const quotes = file.queries[0]!.labels.filter((label) => label.target.kind === "quote");
    expect(quotes.map((label) => label.grade)).toEqual([3]);
    expect(summary).toMatchObject({ labels: labels.length, adjudicationDropped: 1, merged: 2 });
    expect(summary.message).toBe(
      `${labels.length} labels credited to you; 2 duplicates merged (highest grade kept); adjudication dropped from 1 label: only engineers and admins adjudicate.`,
    );
  });

  it("an engineer's import keeps existing annotators and adjudication; unknown ones are credited to the engineer", () => {
    const { file, summary } = creditImportedLabels(spoofedFile(), {
      importerEmail: "eng@example.com",
      mayAdjudicate: true,
      existingUsers: users,
    });
    const first = file.queries[0]!.labels;
    expect(first.map((label) => [label.annotator, label.adjudicated ?? false, label.grade])).toEqual([
      ["admin@example.com", true, 2],
      ["ana@example.com", false, 3],
      ["eng@example.com", false, 1],
      [null, false, 1],
    ]);
    // ghost@ and q2's bo@ are no users here
    expect(summary).toMatchObject({
      creditedToImporter: 2,
      withoutAnnotator: 1,
      adjudicationDropped: 0,
      merged: 0,
    });
    expect(summary.message).toContain("2 labels credited to you (the file named no user of this server)");
  });

  it("leaves the file it was given as it was", () => {
    const original = spoofedFile();
    const copy = structuredClone(original);
    creditImportedLabels(original, {
      importerEmail: "eve@example.com",
      mayAdjudicate: false,
      existingUsers: users,
    });
    expect(original).toEqual(copy);
  });

  it("keeps a judge's labels under the judge, whoever imports, and says so", () => {
    const file = spoofedFile();
    const quote = file.queries[0]!.labels[1]!;
    file.queries[0]!.labels.push({ ...quote, annotator: "model:umbrela", grade: 1 });
    for (const mayAdjudicate of [false, true]) {
      const credited = creditImportedLabels(file, {
        importerEmail: "eve@example.com",
        mayAdjudicate,
        existingUsers: users, // the model user need not exist: the import creates it
      });
      const models = labelsOf(credited.file).filter((label) => label.annotator === "model:umbrela");
      expect(models.map((label) => label.grade)).toEqual([1]);
      expect(credited.summary.modelLabels).toBe(1);
      expect(credited.summary.message).toContain("1 model label kept under its judge");
    }
    const byAnnotator = creditImportedLabels(file, {
      importerEmail: "eve@example.com",
      mayAdjudicate: false,
      existingUsers: users,
    });
    expect(byAnnotator.summary.message).toMatch(/^\d+ labels credited to you;/);
  });
});
