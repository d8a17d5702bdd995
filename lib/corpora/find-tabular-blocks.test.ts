import { describe, expect, it } from "vitest";
import { findTabularBlocks, isTabularLine } from "./find-tabular-blocks";

// from the demo corpus (kb-0008): prose, a blank line, an indented two-column table, prose
const ledDocument = [
  "The status LED on the front panel shows the state of the whole unit.",
  "",
  "    Pattern                                 Meaning",
  "    Solid green                             Normal operation",
  "    Blinking green (1 per second)           Booting or shutting down",
  "",
  "If the LED is solid amber, open the Storage page.",
].join("\n");

describe("isTabularLine", () => {
  it("takes indented, tab-separated, piped and column-gapped lines as tabular", () => {
    expect(isTabularLine("    Solid green                             Normal operation")).toBe(true);
    expect(isTabularLine("Model\tSlots\tMaximum")).toBe(true);
    expect(isTabularLine("| Part | Capacity |")).toBe(true);
    expect(isTabularLine("Kind       Suggested   What it gives you")).toBe(true);
  });

  it("leaves prose as prose, double spaces and a single pipe included", () => {
    expect(isTabularLine("The status LED on the front panel shows the state.")).toBe(false);
    expect(isTabularLine("Press Reset.  Then wait for the beep.")).toBe(false);
    expect(isTabularLine("Run `cat log | grep E-2207` to find it.")).toBe(false);
    expect(isTabularLine("")).toBe(false);
    expect(isTabularLine(" a single leading space")).toBe(false);
    expect(isTabularLine("   - a nested bullet, indented by three")).toBe(false);
  });
});

describe("findTabularBlocks", () => {
  it("finds the table between the prose, as whole lines", () => {
    const blocks = findTabularBlocks(ledDocument);
    expect(blocks.map((block) => block.tabular)).toEqual([false, true, false]);
    const table = blocks[1];
    expect(table && ledDocument.slice(table.start, table.end)).toBe(
      [
        "    Pattern                                 Meaning\n",
        "    Solid green                             Normal operation\n",
        "    Blinking green (1 per second)           Booting or shutting down\n",
      ].join(""),
    );
  });

  it("covers the text exactly once, in order, so offsets into it stay valid", () => {
    for (const text of [ledDocument, "no table at all", "    only a table", "a\n\tb\nc\n", "\n\n"]) {
      const blocks = findTabularBlocks(text);
      expect(blocks.map((block) => text.slice(block.start, block.end)).join("")).toBe(text);
      blocks.forEach((block, index) => {
        expect(block.end).toBeGreaterThan(block.start);
        expect(block.start).toBe(index === 0 ? 0 : blocks[index - 1]?.end);
      });
    }
  });

  it("gives no blocks for no text", () => {
    expect(findTabularBlocks("")).toEqual([]);
  });
});
