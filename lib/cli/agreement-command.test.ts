import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildAgreementFile, krippendorffExample } from "@/lib/agreement/testing/build-agreement-file";
import { agreementCommand } from "@/lib/cli/agreement-command";
import { runCommandInProcess } from "@/lib/cli/testing/run-command-in-process";
import { runGoldensetSync } from "@/lib/cli/testing/run-goldenset";
import { serializeGoldenSetFile } from "@/lib/exchange/serialize-golden-set-file";

const dir = mkdtempSync(path.join(tmpdir(), "goldenset-agreement-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeFile(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

const example = buildAgreementFile(krippendorffExample);
// an adjudicated label and a label without an annotator are not judgments to agree with
example.queries[0]!.labels.push(
  { ...example.queries[0]!.labels[0]!, annotator: "e@example.com", grade: 5, adjudicated: true },
  { ...example.queries[0]!.labels[0]!, annotator: null, grade: 0 },
);
const examplePath = writeFile("example.goldenset.json", serializeGoldenSetFile(example));

/** The CLI as a user runs it: its exit code, stdout and stderr. */
function goldenset(...args: string[]) {
  return runGoldensetSync("file:/nonexistent/never-opened.db", ["agreement", ...args]);
}

describe("goldenset agreement", () => {
  it("prints exactly the issue's JSON: Krippendorff's published example gives α .743 and .815", async () => {
    const { code, stdout } = await runCommandInProcess(agreementCommand, [examplePath, "--json"]);
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(Object.keys(json)).toEqual(["items", "pairs", "alpha"]);
    // 12 units, of which unit 12 (one value) is not an item
    expect(json.items).toBe(11);
    expect(json.pairs.map((pair: { a: string; b: string }) => `${pair.a}|${pair.b}`)).toEqual([
      "a@example.com|b@example.com",
      "a@example.com|c@example.com",
      "a@example.com|d@example.com",
      "b@example.com|c@example.com",
      "b@example.com|d@example.com",
      "c@example.com|d@example.com",
    ]);
    for (const pair of json.pairs) expect(Object.keys(pair)).toEqual(["a", "b", "items", "kappa"]);
    expect(json.pairs[0]).toMatchObject({ items: 9 });
    expect(json.alpha.nominal).toBeCloseTo(0.743, 3);
    expect(json.alpha.ordinal).toBeCloseTo(0.815, 3);
    // a and d, relevant at grade ≥ 3: units 3, 4, 7 yes for both; unit 6 a 1, d 4 → 8 of 9 agree;
    // a yes 3/9, d yes 4/9: p_e = (3·4 + 6·5) / 81 = 42/81 → κ = (72 − 42) / (81 − 42) = 30/39
    expect(json.pairs[2]).toEqual({ a: "a@example.com", b: "d@example.com", items: 9, kappa: 30 / 39 });
  });

  it("prints a readable table, and says when there is nothing to agree on", async () => {
    const { stdout } = await runCommandInProcess(agreementCommand, [examplePath]);
    expect(stdout).toContain('Agreement in "Agreement example": 11 items');
    expect(stdout).toMatch(/a@example\.com\s+d@example\.com\s+9\s+0\.769/);
    expect(stdout).toContain("Krippendorff's alpha over 4 annotators: nominal 0.743, ordinal 0.815");

    const alone = buildAgreementFile({ annotators: ["a@example.com"], values: [[1, 2, 3]] });
    const alonePath = writeFile("alone.goldenset.json", serializeGoldenSetFile(alone));
    const empty = await runCommandInProcess(agreementCommand, [alonePath]);
    expect(empty.stdout).toContain("nothing to agree on yet");
    const emptyJson = await runCommandInProcess(agreementCommand, [alonePath, "--json"]);
    expect(JSON.parse(emptyJson.stdout)).toEqual({
      items: 0,
      pairs: [],
      alpha: { nominal: null, ordinal: null },
    });
  });

  it("exits 0 with the report, 2 on a missing, unparsable or invalid file (naming the JSON path)", () => {
    const ok = goldenset(examplePath, "--json");
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).items).toBe(11);

    const missing = goldenset(path.join(dir, "missing.json"));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*missing\.json \(ENOENT\)/);

    const broken = goldenset(writeFile("broken.json", '{"format": "goldenset",\n  "version": 1,'));
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/invalid JSON at line 2/);

    const invalid = structuredClone(example) as unknown as { queries: { labels: { grade: unknown }[] }[] };
    invalid.queries[1]!.labels[0]!.grade = "high";
    const wrong = goldenset(writeFile("wrong.json", JSON.stringify(invalid)));
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("queries[1].labels[0].grade");

    const usage = goldenset();
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("usage: goldenset agreement SET.goldenset.json [--json]");
  }, 60_000);
});
