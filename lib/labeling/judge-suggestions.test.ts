import { describe, expect, it } from "vitest";
import {
  chooseJudge,
  judgeChoiceLabel,
  latestJudges,
  pickJudgePassages,
  readSuggestion,
  type SuggestionView,
  suggestionsByDocument,
  summarizeSuggestions,
} from "@/lib/labeling/judge-suggestions";

const scale = [
  { grade: 0, name: "Not relevant" },
  { grade: 1, name: "Related" },
  { grade: 2, name: "Highly relevant" },
  { grade: 3, name: "Perfect" },
];

function suggestion(overrides: Partial<SuggestionView>): SuggestionView {
  return {
    judgmentId: "j1",
    documentId: "d1",
    start: 0,
    end: 10,
    status: "supported",
    grade: 2,
    quote: "a quote",
    reason: "It answers.",
    quoteSpan: { start: 2, end: 9 },
    cached: false,
    ...overrides,
  };
}

describe("pickJudgePassages", () => {
  it("sends the best passage of each of the top candidates, in order", () => {
    const candidates = Array.from({ length: 12 }, (_, index) => ({
      documentId: `d${index + 1}`,
      passages: [
        { start: index * 10, end: index * 10 + 5 },
        { start: 500, end: 600 },
      ],
    }));
    const passages = pickJudgePassages(candidates);
    expect(passages).toHaveLength(10);
    expect(passages[0]).toEqual({ documentId: "d1", start: 0, end: 5 });
    expect(passages[9]).toEqual({ documentId: "d10", start: 90, end: 95 });
  });

  it("skips candidates without a passage", () => {
    expect(pickJudgePassages([{ documentId: "d1", passages: [] }], 3)).toEqual([]);
  });
});

describe("chooseJudge", () => {
  const judges = [
    { id: "old", name: "a", version: 1, createdAt: "2026-11-01T10:00:00.000Z" },
    { id: "new", name: "b", version: 1, createdAt: "2026-11-30T10:00:00.000Z" },
  ];
  it("keeps the remembered judge while it exists", () => {
    expect(chooseJudge(judges, "old")).toBe("old");
  });
  it("falls back to the newest judge", () => {
    expect(chooseJudge(judges, "gone")).toBe("new");
    expect(chooseJudge(judges, null)).toBe("new");
  });
  it("answers null when there is no judge", () => {
    expect(chooseJudge([], "old")).toBeNull();
  });
  it("names a judge with its version once it has several", () => {
    expect(judgeChoiceLabel({ id: "x", name: "gpt", version: 1, createdAt: "" })).toBe("gpt");
    expect(judgeChoiceLabel({ id: "x", name: "gpt", version: 3, createdAt: "" })).toBe("gpt v3");
  });
});

describe("latestJudges", () => {
  it("offers the latest version of each judge, newest first", () => {
    const at = (day: number) => new Date(`2026-11-${String(day).padStart(2, "0")}T10:00:00Z`);
    const choices = latestJudges([
      { id: "a1", name: "a", version: 1, createdAt: at(1) },
      { id: "b1", name: "b", version: 1, createdAt: at(2) },
      { id: "a2", name: "a", version: 2, createdAt: at(3) },
    ]);
    expect(choices.map((choice) => choice.id)).toEqual(["a2", "b1"]);
    expect(choices[0]?.createdAt).toBe("2026-11-03T10:00:00.000Z");
  });
});

describe("readSuggestion", () => {
  it("names the grade on the set's scale", () => {
    expect(readSuggestion(suggestion({}), scale)).toEqual({
      chip: "Judge: 2 · Highly relevant",
      acceptable: true,
      flag: null,
    });
  });
  it("flags an unsupported quote as not counted and not acceptable", () => {
    const reading = readSuggestion(suggestion({ status: "unsupported", grade: 3 }), scale);
    expect(reading.chip).toBe("Judge: 3 · Perfect");
    expect(reading.acceptable).toBe(false);
    expect(reading.flag).toBe("quote not in passage — not counted");
  });
  it("accepts grade 0 without a quote", () => {
    expect(readSuggestion(suggestion({ status: "not_needed", grade: 0 }), scale).acceptable).toBe(true);
  });
  it("says when the judge gave no answer", () => {
    const reading = readSuggestion(suggestion({ status: "failed", grade: null }), scale);
    expect(reading).toMatchObject({ chip: "Judge: no answer", acceptable: false });
  });
  it("shows a grade off the scale by its number", () => {
    expect(readSuggestion(suggestion({ grade: 7 }), scale).chip).toBe("Judge: 7");
  });
});

describe("suggestionsByDocument and summarizeSuggestions", () => {
  it("keeps the first answer per document", () => {
    const map = suggestionsByDocument([
      suggestion({ judgmentId: "a" }),
      suggestion({ judgmentId: "b" }),
      suggestion({ judgmentId: "c", documentId: "d2" }),
    ]);
    expect([...map.values()].map((entry) => entry.judgmentId)).toEqual(["a", "c"]);
  });
  it("counts with correct plurals", () => {
    expect(summarizeSuggestions([])).toBe("The judge had no passage to judge.");
    expect(summarizeSuggestions([suggestion({})])).toBe("1 suggestion");
    expect(
      summarizeSuggestions([
        suggestion({ status: "unsupported", cached: true }),
        suggestion({ status: "failed" }),
        suggestion({}),
      ]),
    ).toBe("3 suggestions (1 unsupported, 1 without an answer, 1 from the cache)");
    expect(summarizeSuggestions([suggestion({ cached: true }), suggestion({ cached: true })])).toBe(
      "2 suggestions (all from the cache)",
    );
  });
});
