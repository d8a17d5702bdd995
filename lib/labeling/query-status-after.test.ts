import { describe, expect, it } from "vitest";
import { progressStateOf, queryStatusAfter } from "@/lib/labeling/query-status-after";

const base = { current: "in_progress" as const, labelCount: 2, relevantCount: 1, othersDone: 0 };

describe("queryStatusAfter", () => {
  it("marks a judged query labeled, and refuses done with no judgment at all", () => {
    expect(queryStatusAfter({ ...base, action: "done" })).toBe("labeled");
    expect(queryStatusAfter({ ...base, action: "done", labelCount: 1, relevantCount: 0 })).toBe("labeled");
    expect(() => queryStatusAfter({ ...base, action: "done", labelCount: 0, relevantCount: 0 })).toThrow(
      /Nothing is judged/,
    );
  });

  it("closes a query as no answer only while nothing relevant is labeled", () => {
    expect(queryStatusAfter({ ...base, action: "no_answer", relevantCount: 0 })).toBe("no_answer");
    expect(() => queryStatusAfter({ ...base, action: "no_answer" })).toThrow(/mark it done/);
  });

  it("skips without undoing someone else's closed query", () => {
    expect(queryStatusAfter({ ...base, action: "skipped" })).toBe("skipped");
    expect(queryStatusAfter({ ...base, action: "cannot_judge", current: "unlabeled" })).toBe("skipped");
    expect(queryStatusAfter({ ...base, action: "skipped", current: "labeled" })).toBe("labeled");
    expect(queryStatusAfter({ ...base, action: "cannot_judge", current: "no_answer" })).toBe("no_answer");
  });

  it("reopens to in progress or unlabeled unless another annotator has it done", () => {
    expect(queryStatusAfter({ ...base, action: "reopen", current: "labeled" })).toBe("in_progress");
    expect(queryStatusAfter({ ...base, action: "reopen", current: "skipped", labelCount: 0 })).toBe(
      "unlabeled",
    );
    expect(queryStatusAfter({ ...base, action: "reopen", current: "labeled", othersDone: 1 })).toBe(
      "labeled",
    );
  });
});

describe("progressStateOf", () => {
  it("records no answer as done and reopen as no progress", () => {
    expect(progressStateOf("no_answer")).toBe("done");
    expect(progressStateOf("cannot_judge")).toBe("cannot_judge");
    expect(progressStateOf("reopen")).toBeNull();
  });
});
