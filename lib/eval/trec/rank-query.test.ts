import { describe, expect, it } from "vitest";
import { toByteString } from "@/lib/eval/trec/encode-byte-string";
import { rankQuery } from "@/lib/eval/trec/rank-query";

/** Ranks (docno, score) pairs; returns the docnos best first. */
function rank(entries: [string, number][]): string[] {
  const docnos = entries.map(([docno]) => toByteString(docno));
  const order = rankQuery({
    scores: Float32Array.from(entries.map(([, score]) => score)),
    compareDocnos: (a, b) => (docnos[a]! < docnos[b]! ? -1 : docnos[a]! > docnos[b]! ? 1 : 0),
    count: entries.length,
  });
  return [...order].map((index) => entries[index]![0]);
}

describe("rankQuery", () => {
  it("orders by score descending, whatever the input order", () => {
    expect(
      rank([
        ["a", 1],
        ["b", 3],
        ["c", -2],
        ["d", 2.5e-1],
      ]),
    ).toEqual(["b", "a", "d", "c"]);
  });

  it("breaks ties by docno descending in string order, not numeric order", () => {
    expect(
      rank([
        ["D1", 5],
        ["D10", 5],
        ["D2", 5],
        ["D9", 4],
      ]),
    ).toEqual(["D2", "D10", "D1", "D9"]);
  });

  it("ties scores that are equal as 32-bit floats", () => {
    expect(
      rank([
        ["a", 0.1],
        ["b", 0.1000000001],
        ["c", 0.10001],
      ]),
    ).toEqual(["c", "b", "a"]);
  });

  it("ties -0 with 0", () => {
    expect(
      rank([
        ["a", -0],
        ["b", 0],
        ["c", -1e-30],
      ]),
    ).toEqual(["b", "a", "c"]);
  });

  it("compares docnos as UTF-8 bytes: U+1F600 sorts after U+FF5E (UTF-16 says before)", () => {
    expect("\u{1F600}" < "\uFF5E").toBe(true);
    expect(
      rank([
        ["\uFF5E", 1],
        ["\u{1F600}", 1],
        ["z", 1],
      ]),
    ).toEqual(["\u{1F600}", "\uFF5E", "z"]);
  });

  it("breaks ties inside each score group only", () => {
    expect(
      rank([
        ["a", 2],
        ["z", 1],
        ["b", 2],
        ["y", 1],
        ["m", 3],
      ]),
    ).toEqual(["m", "b", "a", "z", "y"]);
  });

  it("orders infinite scores like any other", () => {
    expect(
      rank([
        ["a", 1],
        ["b", Number.POSITIVE_INFINITY],
        ["c", Number.NEGATIVE_INFINITY],
      ]),
    ).toEqual(["b", "a", "c"]);
  });
});

describe("rankQuery against a comparator sort", () => {
  it("agrees on random scores with many ties, negatives, subnormals and infinities", () => {
    let seed = 3;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const specials = [
      0,
      -0,
      1e-40,
      -1e-40,
      3.4e38,
      -3.4e38,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ];
    for (let trial = 0; trial < 200; trial++) {
      const count = Math.floor(random() * 300);
      const docnos = Array.from({ length: count }, (_, i) => `D${Math.floor(random() * 1e6)}-${i}`);
      const scores = Float32Array.from({ length: count }, () =>
        random() < 0.1
          ? specials[Math.floor(random() * specials.length)]!
          : random() < 0.4
            ? Math.floor(random() * 5) - 2
            : (random() - 0.5) * 10 ** Math.floor(random() * 10 - 5),
      );
      const compareDocnos = (a: number, b: number) =>
        docnos[a]! < docnos[b]! ? -1 : docnos[a]! > docnos[b]! ? 1 : 0;
      const expected = [...docnos.keys()].sort((a, b) =>
        scores[a]! > scores[b]! ? -1 : scores[a]! < scores[b]! ? 1 : compareDocnos(b, a),
      );
      expect([...rankQuery({ scores, compareDocnos, count })]).toEqual(expected);
    }
  });
});
