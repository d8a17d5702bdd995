import { describe, expect, it } from "vitest";
import { standardTokenize } from "@/lib/retrieval/standard-tokenizer";

describe("standardTokenize", () => {
  it("splits on hyphens and keeps letter+digit runs together", () => {
    expect(standardTokenize("Error E-4012 on LK-PSU-450W")).toEqual([
      "Error",
      "E",
      "4012",
      "on",
      "LK",
      "PSU",
      "450W",
    ]);
  });

  it("keeps numbers with internal dots and commas together, not trailing ones", () => {
    expect(standardTokenize("Upgrade to 4.3.0, then v2.1; costs 1,000.50.")).toEqual([
      "Upgrade",
      "to",
      "4.3.0",
      "then",
      "v2.1",
      "costs",
      "1,000.50",
    ]);
  });

  it("joins letters across apostrophes and dots, but not letters to digits across them", () => {
    expect(standardTokenize("Don't use O'Neil's e.g. U.S.A. ver.2 rock'n'roll")).toEqual([
      "Don't",
      "use",
      "O'Neil's",
      "e.g",
      "U.S.A",
      "ver",
      "2",
      "rock'n'roll",
    ]);
    expect(standardTokenize("students' books ’quoted’")).toEqual(["students", "books", "quoted"]);
  });

  it("breaks at colons between digits and at slashes", () => {
    expect(standardTokenize("at 3:30 see http://example.com/a_b")).toEqual([
      "at",
      "3",
      "30",
      "see",
      "http",
      "example.com",
      "a_b",
    ]);
  });

  it("emits each Han and Hiragana character as a token, and keeps accents in words", () => {
    expect(standardTokenize("東京タワーへ行く café naïve")).toEqual([
      "東",
      "京",
      "タワー",
      "へ",
      "行",
      "く",
      "café",
      "naïve",
    ]);
    expect(standardTokenize("cafe\u0301 q\u0303x")).toEqual(["cafe\u0301", "q\u0303x"]);
  });

  it("drops emoji, symbols and lone connectors", () => {
    expect(standardTokenize("fan 🔧 stalled!!! ___ __init__ #42")).toEqual([
      "fan",
      "stalled",
      "__init__",
      "42",
    ]);
    expect(standardTokenize("")).toEqual([]);
    expect(standardTokenize(" \n\t—…")).toEqual([]);
  });

  it("handles letters outside the BMP", () => {
    expect(standardTokenize("𝐀𝐁𝐂 and 𐐷x")).toEqual(["𝐀𝐁𝐂", "and", "𐐷x"]);
  });

  it("cuts tokens longer than 255 units", () => {
    const tokens = standardTokenize("a".repeat(600));
    expect(tokens.map((token) => token.length)).toEqual([255, 255, 90]);
  });
});
