import { describe, expect, it } from "vitest";
import { labelSpanKey } from "@/lib/anchor/label-span-key";

describe("labelSpanKey", () => {
  it("is one key per document, whatever its version", () => {
    expect(labelSpanKey({ kind: "document" })).toBe("document");
  });

  it("tells quotes apart by version and span, as the migration computes it", () => {
    expect(labelSpanKey({ kind: "quote", documentVersion: 2, start: 10, end: 42 })).toBe("v2:10-42");
    expect(labelSpanKey({ kind: "quote", documentVersion: 3, start: 10, end: 42 })).not.toBe(
      labelSpanKey({ kind: "quote", documentVersion: 2, start: 10, end: 42 }),
    );
  });
});
