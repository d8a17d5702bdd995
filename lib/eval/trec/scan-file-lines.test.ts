import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scanFileLines } from "@/lib/eval/trec/scan-file-lines";

const dir = mkdtempSync(join(tmpdir(), "goldenset-scan-lines-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function lines(text: string, chunkBytes: number): Promise<[number, string][]> {
  const path = join(dir, "input.txt");
  writeFileSync(path, text);
  const seen: [number, string][] = [];
  await scanFileLines(
    path,
    (buffer, start, end, lineNumber) => seen.push([lineNumber, buffer.toString("latin1", start, end)]),
    {
      chunkBytes,
    },
  );
  return seen;
}

describe("scanFileLines", () => {
  const text = "first line\nsecond\r\n\nα-long line that spans several reads\nlast without newline";
  const expected: [number, string][] = [
    [1, "first line"],
    [2, "second\r"],
    [3, ""],
    [4, Buffer.from("α-long line that spans several reads").toString("latin1")],
    [5, "last without newline"],
  ];

  it("splits lines whatever the read size, including lines across several reads", async () => {
    for (const chunkBytes of [1, 2, 3, 7, 64, 1 << 20]) {
      expect(await lines(text, chunkBytes)).toEqual(expected);
    }
  });

  it("adds no empty line after a final newline", async () => {
    expect(await lines("a\nb\n", 3)).toEqual([
      [1, "a"],
      [2, "b"],
    ]);
    expect(await lines("", 3)).toEqual([]);
  });
});
