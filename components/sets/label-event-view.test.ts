import { describe, expect, it } from "vitest";
import { labelEventAction, labelEventActor, labelEventGrades, labelEventOwner } from "./label-event-view";

describe("labelEventActor", () => {
  it("names the user, else the email kept at the time, else where the change came from", () => {
    expect(labelEventActor({ action: "deleted", actorName: "Eli", actorEmail: "eli@example.com" })).toBe(
      "Eli",
    );
    expect(labelEventActor({ action: "deleted", actorName: null, actorEmail: "gone@example.com" })).toBe(
      "gone@example.com",
    );
    expect(labelEventActor({ action: "created", actorName: null, actorEmail: "" })).toBe("command line");
    expect(labelEventActor({ action: "merged", actorName: null, actorEmail: "" })).toBe("migration");
  });
});

describe("labelEventGrades", () => {
  it("reads before → after, with nothing before a creation or after a deletion", () => {
    expect(labelEventGrades({ before: null, after: { grade: 3 } })).toEqual({
      before: null,
      after: 3,
    });
    expect(labelEventGrades({ before: { grade: 1 }, after: { grade: 3 } })).toEqual({
      before: 1,
      after: 3,
    });
    expect(labelEventGrades({ before: { grade: 2 }, after: null })).toEqual({
      before: 2,
      after: null,
    });
    expect(labelEventGrades({ before: { grade: 2 }, after: null })).toEqual({
      before: 2,
      after: null,
    });
  });
});

describe("labelEventAction", () => {
  it("words each action, and shows an unknown one as it is", () => {
    expect(labelEventAction("updated")).toMatchObject({ label: "regraded", tone: "blue" });
    expect(labelEventAction("deleted").tone).toBe("red");
    expect(labelEventAction("archived")).toEqual({ label: "archived", tone: "neutral", hint: "" });
  });
});

describe("labelEventOwner", () => {
  const importedFrom = {
    fileName: "judged.qrels",
    format: "trec",
    importedAt: new Date("2026-12-01T10:05:00Z"),
    importedBy: "Eli Engineer",
  };
  it("names the import an unowned label came from, with its format, time and importer", () => {
    expect(labelEventOwner({ annotatorName: null, importedFrom })).toEqual({
      name: "import of judged.qrels",
      from: null,
      detail: "Imported from judged.qrels (TREC qrels) on 2026-12-01 10:05 UTC by Eli Engineer",
    });
  });
  it("keeps the annotator first and names the import under them; unknown only without either", () => {
    expect(
      labelEventOwner({
        annotatorName: "Ana",
        importedFrom: { ...importedFrom, format: "goldenset", importedBy: null },
      }),
    ).toEqual({
      name: "Ana",
      from: "from judged.qrels",
      detail: "Imported from judged.qrels (golden-set file) on 2026-12-01 10:05 UTC by the command line",
    });
    expect(labelEventOwner({ annotatorName: null, importedFrom: null })).toEqual({
      name: "unknown",
      from: null,
      detail: null,
    });
  });
});

describe("labelEventOwner with an accepted judge suggestion", () => {
  it("credits the person and says the grade came from the model", () => {
    expect(
      labelEventOwner({
        annotatorName: "Ana",
        importedFrom: null,
        after: { suggestedBy: { judge: "model:gpt-judge" } },
      }),
    ).toEqual({
      name: "Ana",
      from: "accepted from model:gpt-judge's suggestion",
      detail:
        "Accepted from model:gpt-judge's suggestion in the labeling workspace: the label is the person's own",
    });
  });
});
