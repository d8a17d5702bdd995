import { describe, expect, it } from "vitest";
import { escapeMarkdown } from "./escape-markdown";

// User text (set, run and config names, tags, query text) pasted into Markdown: it must read as
// the same text, and never as HTML, a link, an image, a heading, a list, a quote, code or a new
// table column.

describe("escapeMarkdown", () => {
  it("leaves plain text alone", () => {
    for (const text of [
      "Help center",
      "BM25 k1=0.9 b=0.4 · 400/80 chars · top 20",
      "Hybrid RRF v1",
      "naïve 日本語",
    ])
      expect(escapeMarkdown(text)).toBe(text);
  });

  it("turns HTML into text", () => {
    expect(escapeMarkdown('<img src=x onerror="alert(1)">')).toBe('&lt;img src=x onerror="alert(1)"&gt;');
    expect(escapeMarkdown("<script>alert(1)</script>")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(escapeMarkdown("Q&A &amp; more")).toBe("Q&amp;A &amp;amp; more");
  });

  it("breaks link, image and autolink syntax, and javascript: targets", () => {
    expect(escapeMarkdown("[click](javascript:alert(1))")).toBe("\\[click\\](javascript\\:alert(1))");
    expect(escapeMarkdown("![x](https://evil.example/p.png)")).toBe("!\\[x\\](https://evil.example/p.png)");
    expect(escapeMarkdown("<javascript:alert(1)>")).toBe("&lt;javascript\\:alert(1)&gt;");
    expect(escapeMarkdown("[a]: javascript:alert(1)")).toBe("\\[a\\]: javascript\\:alert(1)");
    expect(escapeMarkdown("JavaScript:void(0) data:text/html,x vbscript:y")).toBe(
      "JavaScript\\:void(0) data\\:text/html,x vbscript\\:y",
    );
  });

  it("escapes emphasis, code and strike-through marks, and backslashes", () => {
    expect(escapeMarkdown("**bold** _it_ `code` ~~gone~~ a\\b")).toBe(
      "\\*\\*bold\\*\\* \\_it\\_ \\`code\\` \\~\\~gone\\~\\~ a\\\\b",
    );
  });

  it("keeps a table cell one cell on one line", () => {
    expect(escapeMarkdown("a | b")).toBe("a \\| b");
    expect(escapeMarkdown("line one\nline two\r\nthree\rfour\u2028five")).toBe(
      "line one line two three four five",
    );
  });

  it("escapes a leading heading, list, quote or rule marker", () => {
    expect(escapeMarkdown("# Heading")).toBe("\\# Heading");
    expect(escapeMarkdown("## h2")).toBe("\\## h2");
    expect(escapeMarkdown("- item")).toBe("\\- item");
    expect(escapeMarkdown("+ item")).toBe("\\+ item");
    expect(escapeMarkdown("* item")).toBe("\\* item");
    expect(escapeMarkdown("1. first")).toBe("1\\. first");
    expect(escapeMarkdown("12) twelfth")).toBe("12\\) twelfth");
    expect(escapeMarkdown("> quoted")).toBe("&gt; quoted");
    expect(escapeMarkdown("=== rule")).toBe("\\=== rule");
    expect(escapeMarkdown("  # indented")).toBe("\\# indented"); // spaces at the ends go
    // a marker after a newline no longer starts a line
    expect(escapeMarkdown("ok\n# not a heading")).toBe("ok # not a heading");
    // inside the text they are plain
    expect(escapeMarkdown("C# 10 - notes 1. x")).toBe("C# 10 - notes 1. x");
  });
});
