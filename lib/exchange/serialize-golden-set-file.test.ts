import { describe, expect, it } from "vitest";
import { buildGoldenSetFixture } from "@/lib/exchange/testing/build-golden-set-fixture";
import type { GoldenSetFile } from "./golden-set-schema";
import { parseGoldenSetFile } from "./parse-golden-set-file";
import { serializeGoldenSetFile } from "./serialize-golden-set-file";

/** The same object with every object's keys in reverse order. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, field]) => [key, reverseKeys(field)]),
  );
}

describe("serializeGoldenSetFile", () => {
  it("writes 2-space JSON with a trailing newline, keys in schema order", () => {
    const text = serializeGoldenSetFile(buildGoldenSetFixture());
    expect(text.endsWith("}\n")).toBe(true);
    expect(
      text.startsWith(
        '{\n  "format": "goldenset",\n  "version": 1,\n  "set": {\n    "name": "Support search",',
      ),
    ).toBe(true);
    expect(serializeGoldenSetFile(reverseKeys(buildGoldenSetFixture()) as GoldenSetFile)).toBe(text);
  });

  it("is a fixed point of parse: export → import → export is byte-identical", () => {
    const first = serializeGoldenSetFile(buildGoldenSetFixture());
    const second = serializeGoldenSetFile(parseGoldenSetFile(first));
    const third = serializeGoldenSetFile(parseGoldenSetFile(new TextEncoder().encode(second)));
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it("keeps non-ASCII text as is", () => {
    const text = serializeGoldenSetFile(buildGoldenSetFixture());
    expect(text).toContain('"text": "reset 2fa “lost phone”"');
  });

  it("refuses to export an invalid set, naming the path", () => {
    const file = buildGoldenSetFixture();
    file.queries[0]!.labels[0]!.grade = 9;
    expect(() => serializeGoldenSetFile(file)).toThrow(
      expect.objectContaining({
        code: "conflict",
        message:
          "the golden set cannot be exported as a valid file: queries[0].labels[0].grade: grade 9 is not in set.gradeScale (0, 1, 2, 3)",
        location: { path: ["queries", 0, "labels", 0, "grade"] },
      }),
    );
  });
});
