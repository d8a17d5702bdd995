import { describe, expect, it } from "vitest";
import {
  findMovedSpans,
  findSpanViolations,
  randomInteger,
  randomProse,
} from "@/lib/chunking/testing/chunking-test-support";
import { createSeededRandom } from "@/lib/eval/statistics/seeded-random";
import { splitSentences } from "@/lib/text/split-sentences";

function sentences(text: string): string[] {
  return splitSentences({ text }).map((span) => text.slice(span.start, span.end));
}

describe("splitSentences", () => {
  it("ends a sentence at . ! ? … before whitespace and a capital, digit or opening quote", () => {
    expect(sentences("It works. Does it? Yes! 3 cases… “Quoted.” (Aside.) ¿Qué? 中文 too.")).toEqual([
      "It works.",
      "Does it?",
      "Yes!",
      "3 cases…",
      "“Quoted.”",
      "(Aside.)",
      "¿Qué?",
      "中文 too.",
    ]);
    expect(sentences('He said "stop." Then left?! Fine...  Really.')).toEqual([
      'He said "stop."',
      "Then left?!",
      "Fine...",
      "Really.",
    ]);
  });

  it("does not end a sentence before a lowercase word or at a period inside a token", () => {
    expect(sentences("Wait. then go. Pi is 3.14 and v4.3.0 is out. See example.com/a.b now.")).toEqual([
      "Wait. then go.",
      "Pi is 3.14 and v4.3.0 is out.",
      "See example.com/a.b now.",
    ]);
  });

  it("skips abbreviations, initials and dotted abbreviations", () => {
    const text =
      "Dr. Smith met Prof. Jones vs. Team B. Use tools, e.g. Python, i.e. Code. J. R. R. Tolkien wrote. In the U.S. Army etc. Things. Fig. 3 shows it.";
    expect(sentences(text)).toEqual([
      "Dr. Smith met Prof. Jones vs. Team B. Use tools, e.g. Python, i.e. Code.",
      "J. R. R. Tolkien wrote.",
      "In the U.S. Army etc. Things.",
      "Fig. 3 shows it.",
    ]);
    expect(sentences("It came 1st. Then it took 5 ms. Then Mr. Lee won.")).toEqual([
      "It came 1st.",
      "Then it took 5 ms.",
      "Then Mr. Lee won.",
    ]);
  });

  it("splits at blank lines, list items and headings, not at a single line break", () => {
    const text =
      "# Title\nIntro line\nwraps here.\n\nSecond paragraph\r\n\r\n- one\n  * two\n3. three\n12) twelve\n-5 is not a list\n#tag is not a heading";
    expect(sentences(text)).toEqual([
      "# Title",
      "Intro line\nwraps here.",
      "Second paragraph",
      "- one",
      "* two",
      "3. three",
      "12) twelve\n-5 is not a list\n#tag is not a heading",
    ]);
  });

  it("ends a sentence after 。！？ whatever follows", () => {
    expect(sentences("你好。世界！「好吗？」是的")).toEqual(["你好。", "世界！", "「好吗？」", "是的"]);
  });

  it("returns trimmed spans of the original text and nothing for blank text", () => {
    const text = "  First one.   Second one.\n";
    expect(splitSentences({ text })).toEqual([
      { start: 2, end: 12 },
      { start: 15, end: 26 },
    ]);
    expect(sentences("")).toEqual([]);
    expect(sentences(" \n\n ")).toEqual([]);
  });

  it("holds every non-whitespace character in order on random texts", () => {
    const random = createSeededRandom(5);
    for (let round = 0; round < 300; round++) {
      const text = randomProse(random, randomInteger(random, 600));
      const spans = splitSentences({ text });
      expect(findSpanViolations(text, spans)).toEqual([]);
      expect(splitSentences({ text })).toEqual(spans);
    }
  });

  it("keeps a sentence once the next sentence's first 11 code units are written", () => {
    const random = createSeededRandom(6);
    const problems: string[] = [];
    for (let round = 0; round < 500; round++) {
      const before = randomProse(random, 20 + randomInteger(random, 500));
      const editAt = randomInteger(random, before.length + 1);
      const after = before.slice(0, editAt) + randomProse(random, randomInteger(random, 100));
      const spansBefore = splitSentences({ text: before });
      const isFinal = (_: unknown, index: number) =>
        (spansBefore[index + 1]?.start ?? Infinity) + 11 <= editAt;
      for (const moved of findMovedSpans(spansBefore, splitSentences({ text: after }), isFinal)) {
        problems.push(`${JSON.stringify(before)} edited at ${editAt}: ${moved}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('splitSentences with lineBreaks: "end" (keyboard selection, holes)', () => {
  const lines = (text: string) =>
    splitSentences({ text, lineBreaks: "end" }).map((span) => text.slice(span.start, span.end));

  it("ends a sentence at a line break unless the line merely wraps, where chunking does not", () => {
    const text =
      "Overview\nStep 1: unplug it\nStep 2: hold reset for ten\nseconds and wait.\n\nnext paragraph here";
    expect(lines(text)).toEqual([
      "Overview",
      "Step 1: unplug it",
      "Step 2: hold reset for ten\nseconds and wait.",
      "next paragraph here",
    ]);
    expect(sentences(text)).toEqual([
      "Overview\nStep 1: unplug it\nStep 2: hold reset for ten\nseconds and wait.",
      "next paragraph here",
    ]);
  });

  it("keeps every rule of the default: terminators, abbreviations, CJK, list items", () => {
    const text =
      "Set it to 3.5 volts, e.g. on example.com. Smith et al. found it.\n- one\n重启路由器。等待十秒。";
    expect(lines(text)).toEqual([
      "Set it to 3.5 volts, e.g. on example.com.",
      "Smith et al. found it.",
      "- one",
      "重启路由器。",
      "等待十秒。",
    ]);
  });
});
