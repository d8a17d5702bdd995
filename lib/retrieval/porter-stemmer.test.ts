import { describe, expect, it } from "vitest";
import { stemPorter } from "@/lib/retrieval/porter-stemmer";

/** The worked examples of Porter (1980), as the reference implementation stems them. */
const paperExamples: [string, string][] = [
  ["caresses", "caress"],
  ["ponies", "poni"],
  ["ties", "ti"],
  ["caress", "caress"],
  ["cats", "cat"],
  ["feed", "feed"],
  ["agreed", "agre"],
  ["plastered", "plaster"],
  ["bled", "bled"],
  ["motoring", "motor"],
  ["sing", "sing"],
  ["conflated", "conflat"],
  ["troubled", "troubl"],
  ["sized", "size"],
  ["hopping", "hop"],
  ["tanned", "tan"],
  ["falling", "fall"],
  ["hissing", "hiss"],
  ["fizzed", "fizz"],
  ["failing", "fail"],
  ["filing", "file"],
  ["happy", "happi"],
  ["sky", "sky"],
  ["relational", "relat"],
  ["conditional", "condit"],
  ["rational", "ration"],
  ["valenci", "valenc"],
  ["hesitanci", "hesit"],
  ["digitizer", "digit"],
  ["conformabli", "conform"],
  ["radicalli", "radic"],
  ["differentli", "differ"],
  ["vileli", "vile"],
  ["analogousli", "analog"],
  ["vietnamization", "vietnam"],
  ["predication", "predic"],
  ["operator", "oper"],
  ["feudalism", "feudal"],
  ["decisiveness", "decis"],
  ["hopefulness", "hope"],
  ["callousness", "callous"],
  ["formaliti", "formal"],
  ["sensitiviti", "sensit"],
  ["sensibiliti", "sensibl"],
  ["triplicate", "triplic"],
  ["formative", "form"],
  ["formalize", "formal"],
  ["electriciti", "electr"],
  ["electrical", "electr"],
  ["hopeful", "hope"],
  ["goodness", "good"],
  ["revival", "reviv"],
  ["allowance", "allow"],
  ["inference", "infer"],
  ["airliner", "airlin"],
  ["gyroscopic", "gyroscop"],
  ["adjustable", "adjust"],
  ["defensible", "defens"],
  ["irritant", "irrit"],
  ["replacement", "replac"],
  ["adjustment", "adjust"],
  ["dependent", "depend"],
  ["adoption", "adopt"],
  ["homologou", "homolog"],
  ["communism", "commun"],
  ["activate", "activ"],
  ["angulariti", "angular"],
  ["homologous", "homolog"],
  ["effective", "effect"],
  ["bowdlerize", "bowdler"],
  ["probate", "probat"],
  ["rate", "rate"],
  ["cease", "ceas"],
  ["controll", "control"],
  ["roll", "roll"],
];

describe("stemPorter", () => {
  it.each(paperExamples)("%s → %s", (word, stem) => {
    expect(stemPorter(word)).toBe(stem);
  });

  it("stems multi-step words all the way down", () => {
    expect(stemPorter("generalization")).toBe("gener");
    expect(stemPorter("generalizations")).toBe("gener");
    expect(stemPorter("oscillators")).toBe("oscil");
    expect(stemPorter("connections")).toBe("connect");
    expect(stemPorter("meetings")).toBe("meet");
  });

  it("follows the reference implementation where it departs from the paper", () => {
    expect(stemPorter("archaeology")).toBe("archaeolog"); // -logi → -log
    expect(stemPorter("possibly")).toBe("possibl"); // -bli → -ble
  });

  it("leaves words of one or two characters, digits and non-letters alone", () => {
    expect(stemPorter("is")).toBe("is");
    expect(stemPorter("a")).toBe("a");
    expect(stemPorter("")).toBe("");
    expect(stemPorter("4.3.0")).toBe("4.3.0");
    expect(stemPorter("450w")).toBe("450w");
    expect(stemPorter("e.g")).toBe("e.g");
  });

  it("survives degenerate inputs the reference had bugs on", () => {
    expect(stemPorter("aed")).toBe("a"); // -ed after a vowel stem leaves just the stem
    expect(stemPorter("eed")).toBe("eed");
    expect(stemPorter("ion")).toBe("ion");
    expect(stemPorter("yyy")).toBe("yyi"); // the middle y follows a consonant y, so it is a vowel
  });
});
