import { describe, expect, it } from "vitest";
import { formatJsonPath } from "@/lib/errors";
import { buildGoldenSetFixture } from "@/lib/exchange/testing/build-golden-set-fixture";
import { goldenSetFileSchema } from "./golden-set-schema";
import { parseGoldenSetFile } from "./parse-golden-set-file";
import { serializeGoldenSetFile } from "./serialize-golden-set-file";

// set.judgmentPolicy (optional on import, "any"; always exported) and a label's `adjudicated`
// (exported only when true).

function issues(value: unknown): string[] {
  const result = goldenSetFileSchema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${formatJsonPath(issue.path)}: ${issue.message}`);
}

describe("judgment fields of the exchange format", () => {
  it("reads a file without a policy as `any` and always writes the policy", () => {
    const file = buildGoldenSetFixture() as unknown as { set: Record<string, unknown> };
    delete file.set.judgmentPolicy;
    const parsed = parseGoldenSetFile(JSON.stringify(file));
    expect(parsed.set.judgmentPolicy).toBe("any");
    const text = serializeGoldenSetFile(parsed);
    expect(text).toContain('"gradeScale": [');
    expect(text).toMatch(
      /\n {4}\],\n {4}"judgmentPolicy": "any",\n {4}"modelJudgments": "ignore",\n {4}"contextBudgetChars": 2000\n {2}\},/,
    );
  });

  it("reads a file without a context budget as 2,000 characters, always writes it, and keeps it through a round trip", () => {
    const file = buildGoldenSetFixture() as unknown as { set: Record<string, unknown> };
    delete file.set.contextBudgetChars;
    const parsed = parseGoldenSetFile(JSON.stringify(file));
    expect(parsed.set.contextBudgetChars).toBe(2_000);
    parsed.set.contextBudgetChars = 4_000;
    const text = serializeGoldenSetFile(parsed);
    expect(text).toContain('"contextBudgetChars": 4000\n  },');
    expect(serializeGoldenSetFile(parseGoldenSetFile(text))).toBe(text);
    for (const bad of [99, 1_000_001, 2_000.5, "2000"]) {
      file.set.contextBudgetChars = bad;
      expect(issues(file)[0]).toMatch(/^set\.contextBudgetChars: /);
    }
  });

  it("refuses an unknown policy, naming its path", () => {
    const file = buildGoldenSetFixture() as unknown as { set: Record<string, unknown> };
    file.set.judgmentPolicy = "median";
    expect(issues(file)).toEqual([
      'set.judgmentPolicy: Invalid option: expected one of "any"|"majority"|"mean"',
    ]);
  });

  it("keeps adjudicated labels byte-identically through export → import → export", () => {
    const file = buildGoldenSetFixture();
    file.set.judgmentPolicy = "majority";
    const first = file.queries[0]!.labels[0]!;
    // the same annotator's own label and their decision on the same span are two labels
    file.queries[0]!.labels.push({ ...structuredClone(first), grade: 2, adjudicated: true });
    const text = serializeGoldenSetFile(file);
    expect(text.match(/"adjudicated"/g)).toHaveLength(1); // absent means false
    expect(text).toMatch(/"annotator": "ana@example.com",\n\s+"adjudicated": true,\n\s+"createdAt"/);
    expect(serializeGoldenSetFile(parseGoldenSetFile(text))).toBe(text);
    expect(parseGoldenSetFile(text).queries[0]!.labels[2]!.adjudicated).toBe(true);
  });

  it("still refuses two decisions of one adjudicator on the same span", () => {
    const file = buildGoldenSetFixture();
    const first = file.queries[0]!.labels[0]!;
    file.queries[0]!.labels.push(
      { ...structuredClone(first), adjudicated: true },
      { ...structuredClone(first), grade: 1, adjudicated: true },
    );
    expect(issues(file)).toEqual([
      "queries[0].labels[3]: duplicate label: same document, span and annotator as queries[0].labels[2] (a label is unique per query, document, span and annotator; keep one)",
    ]);
  });
});
