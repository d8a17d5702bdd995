import { describe, expect, it } from "vitest";
import { nameExportFile, slugifySetName } from "./name-export-file";

describe("nameExportFile", () => {
  it("names every export of a set after its slug", () => {
    const setName = "Support FAQ (v2)";
    expect(nameExportFile({ setName, kind: "goldenset-json" })).toBe("support-faq-v2.goldenset.json");
    expect(nameExportFile({ setName, kind: "trec-qrels" })).toBe("support-faq-v2.qrels");
    expect(nameExportFile({ setName, kind: "beir-qrels" })).toBe("support-faq-v2-qrels.tsv");
    expect(nameExportFile({ setName, kind: "beir-queries" })).toBe("support-faq-v2-queries.jsonl");
  });

  it("keeps names ASCII and never empty", () => {
    expect(slugifySetName("Café — réseau")).toBe("cafe-reseau");
    expect(slugifySetName("日本語")).toBe("golden-set");
    expect(slugifySetName(`${"a".repeat(79)} b`)).toBe("a".repeat(79));
  });
});
