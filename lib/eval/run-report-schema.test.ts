import { describe, expect, it } from "vitest";
import { noiseWarning, parseRunTags, runTagsFormSchema, runTagsSchema } from "@/lib/eval/run-report-schema";

describe("run tags", () => {
  it("reads the form's comma-separated list, dropping blanks and repeats", () => {
    expect(runTagsFormSchema.parse({ tags: " candidate, pr-123 ,, candidate " })).toEqual({
      tags: ["candidate", "pr-123"],
    });
    expect(runTagsFormSchema.parse({ tags: "" })).toEqual({ tags: [] });
    expect(runTagsFormSchema.parse({})).toEqual({ tags: [] });
  });

  it("refuses more than ten tags, long tags and control characters", () => {
    const eleven = Array.from({ length: 11 }, (_, index) => `t${index}`).join(",");
    expect(runTagsFormSchema.safeParse({ tags: eleven }).error?.issues[0]?.message).toBe(
      "A run has at most 10 tags",
    );
    expect(runTagsFormSchema.safeParse({ tags: "x".repeat(33) }).error?.issues[0]?.message).toBe(
      "A tag is at most 32 characters",
    );
    expect(runTagsSchema.safeParse(["tab\there"]).success).toBe(false);
    expect(runTagsSchema.safeParse(["a", "a"]).success).toBe(false);
    expect(runTagsSchema.safeParse(["pr 12", "été"]).success).toBe(true);
  });

  it("reads stored tags back, or none from anything else", () => {
    expect(parseRunTags(["a", "b"])).toEqual(["a", "b"]);
    expect(parseRunTags("a")).toEqual([]);
    expect(parseRunTags(null)).toEqual([]);
  });
});

describe("noiseWarning", () => {
  it("warns below 30 evaluated queries, in the right number", () => {
    expect(noiseWarning(1)).toBe(
      "Only 1 evaluated query (fewer than 30): differences of a few points are noise.",
    );
    expect(noiseWarning(12)).toContain("Only 12 evaluated queries");
    expect(noiseWarning(30)).toBeUndefined();
  });
});
