import { describe, expect, it } from "vitest";
import { normalizeQuery, normalizeQueryFully } from "./normalize-query";

describe("normalizeQuery", () => {
  it("lowercases, collapses whitespace and trims", () => {
    expect(normalizeQuery("  Hello \t  World\u00a0 ")).toBe("hello world");
    expect(normalizeQuery("ÉCOLE Überweisung")).toBe("école überweisung");
  });

  it("composes to NFC, before and after lowercasing", () => {
    expect(normalizeQuery("Cafe\u0301")).toBe("café");
    expect(normalizeQuery("CAFE\u0301")).toBe("café");
    expect(normalizeQuery("İstanbul")).toBe("i\u0307stanbul");
  });

  it("keeps internal punctuation", () => {
    expect(normalizeQuery("E-4012")).toBe("e-4012");
    expect(normalizeQuery("version 4.3.0")).toBe("version 4.3.0");
    expect(normalizeQuery("rcw 9a.88.030 purpose")).toBe("rcw 9a.88.030 purpose");
    expect(normalizeQuery("childrens hospital oklahoma city; 39th streeet")).toBe(
      "childrens hospital oklahoma city; 39th streeet",
    );
  });

  it("trims sentence punctuation, quotes and dashes at the edges", () => {
    expect(normalizeQuery("What is RAG?")).toBe("what is rag");
    expect(normalizeQuery('"exact phrase"')).toBe("exact phrase");
    expect(normalizeQuery("« citation » !")).toBe("citation");
    expect(normalizeQuery("¿Dónde está?")).toBe("dónde está");
    expect(normalizeQuery("u.s. oil industry history.")).toBe("u.s. oil industry history");
    expect(normalizeQuery("`npm install`")).toBe("npm install");
    expect(normalizeQuery("— error 42 —")).toBe("error 42");
    expect(normalizeQuery("• item…")).toBe("item");
  });

  it("keeps edge characters that carry meaning", () => {
    expect(normalizeQuery("C++")).toBe("c++");
    expect(normalizeQuery("C#?")).toBe("c#");
    expect(normalizeQuery("#include <stdio.h>")).toBe("#include <stdio.h>");
    expect(normalizeQuery(".NET core")).toBe(".net core");
    expect(normalizeQuery("rm -rf")).toBe("rm -rf");
    expect(normalizeQuery("-5 degrees")).toBe("-5 degrees");
    expect(normalizeQuery("/etc/hosts")).toBe("/etc/hosts");
    expect(normalizeQuery("__init__")).toBe("__init__");
    expect(normalizeQuery("50%")).toBe("50%");
    expect(normalizeQuery("@media")).toBe("@media");
    expect(normalizeQuery("$5 deals")).toBe("$5 deals");
    expect(normalizeQuery("🙂")).toBe("🙂");
  });

  it("trims a bracket only when its partner is missing", () => {
    expect(normalizeQuery("(foo)")).toBe("(foo)");
    expect(normalizeQuery("print()")).toBe("print()");
    expect(normalizeQuery("foo (bar)")).toBe("foo (bar)");
    expect(normalizeQuery("foo)")).toBe("foo");
    expect(normalizeQuery("[draft foo")).toBe("draft foo");
    expect(normalizeQuery("(a) (b)")).toBe("(a) (b)");
  });

  it("removes invisible characters and treats control characters as spaces", () => {
    expect(normalizeQuery("zero\u200bwidth\u00ad")).toBe("zerowidth");
    expect(normalizeQuery("\ufeffbom")).toBe("bom");
    expect(normalizeQuery("bell\u0007ring\r")).toBe("bell ring");
  });

  it("returns an empty string when nothing is left", () => {
    expect(normalizeQuery("")).toBe("");
    expect(normalizeQuery("   ")).toBe("");
    expect(normalizeQuery("???")).toBe("");
    expect(normalizeQuery(' " - " ')).toBe("");
  });

  it("is idempotent", () => {
    for (const raw of ["  C#? ", "(foo)", "\"a\" 'b'", "E-4012.", "..net", "Ünïcödé  TEXT!!"]) {
      const once = normalizeQuery(raw);
      expect(normalizeQuery(once)).toBe(once);
    }
  });

  it("takes the plain-ASCII fast path only where every step agrees", () => {
    // Seeded strings over the characters that matter at the fast path's edges.
    const alphabet = ["a", "Z", "0", " ", "  ", ".", "-", "(", ")", "?", "#", "\t", "é", "\u200b", "_"];
    let state = 7;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state;
    };
    let fast = 0;
    for (let index = 0; index < 20_000; index += 1) {
      const length = 1 + (next() % 8);
      const raw = Array.from({ length }, () => alphabet[next() % alphabet.length]).join("");
      if (/^[A-Za-z0-9](?:[!-~]| (?! ))*[A-Za-z0-9]$|^[A-Za-z0-9]$/.test(raw)) fast += 1;
      expect(normalizeQuery(raw), JSON.stringify(raw)).toBe(normalizeQueryFully(raw));
    }
    expect(fast).toBeGreaterThan(1_000);
  });
});
