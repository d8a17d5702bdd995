import { describe, expect, it } from "vitest";
import { SENTENCE_SHARE, snapHoleSpan } from "@/lib/labeling/snap-hole-span";
import { splitSentences } from "@/lib/text/split-sentences";

/** The snapped span of `text.slice(start, end)`, as text. */
function snapped(text: string, start: number, end: number): string {
  const span = snapHoleSpan({ text, start, end, sentences: splitSentences({ text, lineBreaks: "end" }) });
  return text.slice(span.start, span.end);
}

const cutsWord = (text: string, offset: number) =>
  /[\p{L}\p{N}]/u.test(text.charAt(offset - 1)) && /[\p{L}\p{N}]/u.test(text.charAt(offset));

/** The span of `fragment` in `text` (its first occurrence). */
function at(text: string, fragment: string): [number, number] {
  const start = text.indexOf(fragment);
  if (start < 0) throw new Error(`"${fragment}" is not in the text`);
  return [start, start + fragment.length];
}

const PARAGRAPH =
  "Firmware 2013 is easy to flash from the settings page and takes about two minutes in all. " +
  "The status light turns solid green when the update has finished and the router restarts. " +
  "Unplug it only after that.";

describe("snapHoleSpan", () => {
  it("gives, for every chunk, a span a saved label judges whole: no edge space, containing or inside it", () => {
    const text = `${PARAGRAPH}\n\nStep 2:  hold  the button.\nThen wait for the light, about 30 s.`;
    const sentences = splitSentences({ text, lineBreaks: "end" });
    let widened = 0;
    let narrowed = 0;
    for (let start = 0; start < text.length; start += 3) {
      for (const length of [7, 40, 61, 97, 150]) {
        const end = Math.min(text.length, start + length);
        const span = snapHoleSpan({ text, start, end, sentences });
        const label = `${start}-${end} → ${text.slice(span.start, span.end)}`;
        expect(span.end, label).toBeGreaterThan(span.start);
        expect(/\s/.test(text.charAt(span.start)) || /\s/.test(text.charAt(span.end - 1)), label).toBe(false);
        const contains = span.start <= start && span.end >= end;
        const inside = span.start >= start && span.end <= end;
        expect(contains || inside, label).toBe(true);
        if (contains) widened++;
        else narrowed++;
        // a chunk with a whole word in it never shows a cut one
        if (/[\s,.]\S+[\s,.]/.test(text.slice(start, end))) {
          expect(cutsWord(text, span.start) || cutsWord(text, span.end), label).toBe(false);
        }
      }
    }
    expect(widened).toBeGreaterThan(narrowed); // widening is the usual case
    expect(narrowed).toBeGreaterThan(0);
  });

  it("narrows to the whole words inside when the chunk has whitespace at an edge", () => {
    expect(snapped(PARAGRAPH, ...at(PARAGRAPH, "olid green when "))).toBe("green when");
    expect(snapped(PARAGRAPH, ...at(PARAGRAPH, " solid green wh"))).toBe("solid green");
    const text = "The case is solid, green and (mostly) fast.";
    expect(snapped(text, ...at(text, "olid, green "))).toBe("green"); // not ", green"
    expect(snapped(text, ...at(text, " and (mos"))).toBe("and"); // not "and ("
  });

  it("completes the words a chunk cuts at either end", () => {
    expect(snapped(PARAGRAPH, ...at(PARAGRAPH, "13 is easy to flash"))).toBe("2013 is easy to flash");
    expect(snapped(PARAGRAPH, ...at(PARAGRAPH, "light turns so"))).toBe("light turns solid");
    expect(snapped(PARAGRAPH, ...at(PARAGRAPH, "olid green when"))).toBe("solid green when");
  });

  it("leaves a span already on word edges as it is, punctuation and spaces included", () => {
    expect(snapped(PARAGRAPH, ...at(PARAGRAPH, "turns solid green"))).toBe("turns solid green");
    expect(snapped(PARAGRAPH, ...at(PARAGRAPH, " solid green "))).toBe("solid green");
    expect(snapped(PARAGRAPH, ...at(PARAGRAPH, "restarts. Unplug"))).toBe("restarts. Unplug");
  });

  it("takes a sentence whole when the span covers most of it, and only the cut word when not", () => {
    const second = "The status light turns solid green when the update has finished and the router restarts.";
    const [start, end] = at(PARAGRAPH, second);
    // the chunk lost the sentence's first word and a half: well over SENTENCE_SHARE is still covered
    expect((end - (start + 6)) / second.length).toBeGreaterThan(SENTENCE_SHARE);
    expect(snapped(PARAGRAPH, start + 6, end)).toBe(second);
    // ... and its last word and a half at the other end, reaching into the next sentence
    expect(snapped(PARAGRAPH, start, end - 12)).toBe(second);
    // half a sentence is not most of it: only the word is completed
    expect(snapped(PARAGRAPH, ...at(PARAGRAPH, "he update has finished and the router restarts."))).toBe(
      "the update has finished and the router restarts.",
    );
  });

  it("keeps numbers, contractions and hyphenated words whole", () => {
    const text = "Version 3.5 needs 1,405 MB and doesn't fit on a read-only card.";
    expect(snapped(text, ...at(text, "5 needs 1,4"))).toBe("3.5 needs 1,405");
    expect(snapped(text, ...at(text, "n't fit on a read"))).toBe("doesn't fit on a read-only");
  });

  it("handles the document's edges and clamps a span past its end", () => {
    const text = "olid green means done";
    expect(snapped(text, 0, 4)).toBe("olid");
    expect(snapped(text, 15, 19)).toBe("means done");
    const span = snapHoleSpan({
      text,
      start: 12,
      end: 400,
      sentences: splitSentences({ text, lineBreaks: "end" }),
    });
    expect(span).toEqual({ start: 11, end: text.length });
    expect(snapHoleSpan({ text: "", start: 0, end: 10, sentences: [] })).toEqual({ start: 0, end: 0 });
  });

  it("works on code points: letters outside the BMP, accents and non-Latin scripts", () => {
    const math = "Die 𝐒𝐩𝐚𝐧𝐧𝐮𝐧𝐠 liegt bei 230 Volt, grüße aus Köln und Москва сегодня.";
    // a start between the two halves of 𝐩 is widened to the code point, then to the word
    const inside = math.indexOf("𝐩") + 1;
    const span = snapHoleSpan({ text: math, start: inside, end: math.indexOf(" liegt"), sentences: [] });
    expect(math.slice(span.start, span.end)).toBe("𝐒𝐩𝐚𝐧𝐧𝐮𝐧𝐠");
    expect(snapped(math, ...at(math, "üße aus Kö"))).toBe("grüße aus Köln");
    expect(snapped(math, ...at(math, "сква сего"))).toBe("Москва сегодня");
    const decomposed = "Cafe\u0301 au lait"; // "é" as e + combining acute
    expect(snapped(decomposed, 0, 4)).toBe("Cafe\u0301");
  });

  it("does not widen a span by a word longer than a word can be", () => {
    const blob = `token ${"a".repeat(500)} end`;
    expect(snapped(blob, 250, 510)).toBe(blob.slice(250, 510));
  });
});
