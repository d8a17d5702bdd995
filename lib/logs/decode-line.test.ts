import { describe, expect, it } from "vitest";
import { decodeLine, decodeWindows1252 } from "./decode-line";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === "string" ? [...new TextEncoder().encode(part)] : part)),
  );

describe("decodeLine", () => {
  it("takes valid UTF-8 as is", () => {
    expect(decodeLine(bytes("café ☕ 𝄞"), { first: false })).toEqual({ text: "café ☕ 𝄞", fallback: false });
    expect(decodeLine(bytes(""), { first: true })).toEqual({ text: "", fallback: false });
  });

  it("strips a BOM on the first line only", () => {
    expect(decodeLine(bytes([0xef, 0xbb, 0xbf], "query"), { first: true })).toEqual({
      text: "query",
      fallback: false,
    });
    expect(decodeLine(bytes([0xef, 0xbb, 0xbf], "query"), { first: false })).toEqual({
      text: "\ufeffquery",
      fallback: false,
    });
  });

  it("falls back to Windows-1252 for bytes that are not UTF-8", () => {
    expect(decodeLine(bytes("caf", [0xe9]), { first: false })).toEqual({ text: "café", fallback: true });
    expect(decodeLine(bytes([0x93], "quoted", [0x94, 0x80]), { first: false })).toEqual({
      text: "“quoted”€",
      fallback: true,
    });
    // Real Million Query line: "das ötliche" with a Latin-1 ö.
    expect(decodeLine(bytes("das ", [0xf6], "rtliche"), { first: false })).toEqual({
      text: "das örtliche",
      fallback: true,
    });
  });

  it("keeps a line with a tab as text", () => {
    expect(decodeLine(bytes("a\tb"), { first: false })).toEqual({ text: "a\tb", fallback: false });
  });

  it("calls a line binary when any byte decodes to a control character", () => {
    expect(decodeLine(bytes("abc", [0], "def"), { first: false })).toEqual({ binary: true });
    expect(decodeLine(bytes([0x01, 0x02, 0x03, 0x41]), { first: false })).toEqual({ binary: true });
    expect(decodeLine(bytes([0x89], "PNG", [0x1a, 0x0d, 0x1a]), { first: false })).toEqual({ binary: true });
    expect(decodeLine(bytes("some long query text\u001b"), { first: false })).toEqual({ binary: true });
    expect(decodeLine(bytes("query", [0x7f]), { first: false })).toEqual({ binary: true });
    // A C1 control encoded in UTF-8, and a byte Windows-1252 leaves undefined.
    expect(decodeLine(bytes("query \u0085"), { first: false })).toEqual({ binary: true });
    expect(decodeLine(bytes("caf", [0xe9, 0x81]), { first: false })).toEqual({ binary: true });
  });

  it("calls a line binary when it holds the replacement character", () => {
    expect(decodeLine(bytes("broken \ufffd bytes"), { first: false })).toEqual({ binary: true });
  });

  it("calls a line with a UTF-16 byte-order mark binary, not the query 'ÿþ broken bytes €'", () => {
    expect(decodeLine(bytes([0xff, 0xfe], " broken bytes ", [0x80, 0x81]), { first: false })).toEqual({
      binary: true,
    });
    expect(decodeLine(bytes([0xff, 0xfe], " broken bytes ", [0x80]), { first: true })).toEqual({
      binary: true,
    });
    expect(decodeLine(bytes([0xfe, 0xff], "abc"), { first: false })).toEqual({ binary: true });
    // The same characters typed as text are not a byte-order mark when they are not at the start.
    expect(decodeLine(bytes("size ", [0xfe]), { first: false })).toEqual({ text: "size þ", fallback: true });
  });
});

describe("decodeWindows1252", () => {
  it("maps 80–9F to the Windows-1252 characters and the rest as Latin-1, at any length", () => {
    expect(decodeWindows1252(new Uint8Array([0x80, 0x8a, 0x8d, 0x9f, 0xa0, 0xe9, 0xff, 0x41]))).toBe(
      "€Š\u008dŸ\u00a0éÿA",
    );
    const long = new Uint8Array(20_000).fill(0x99);
    expect(decodeWindows1252(long)).toBe("™".repeat(20_000));
  });
});
