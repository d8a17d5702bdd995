import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeLineIssue, type JsonlObject, readJsonlObjects } from "./read-jsonl-objects";

async function* bytesOf(...parts: (string | number[])[]): AsyncGenerator<Uint8Array> {
  for (const part of parts)
    yield typeof part === "string" ? new TextEncoder().encode(part) : new Uint8Array(part);
}

async function readAll(parts: (string | number[])[], maxLineBytes?: number): Promise<JsonlObject[]> {
  const objects: JsonlObject[] = [];
  for await (const object of readJsonlObjects(bytesOf(...parts), { maxLineBytes })) objects.push(object);
  return objects;
}

describe("readJsonlObjects", () => {
  it("yields one object per non-blank line with its line number", async () => {
    expect(await readAll([[0xef, 0xbb, 0xbf], '{"a":1}\n\n \t\n{"b":"ü"}'])).toEqual([
      { lineNumber: 1, value: { a: 1 } },
      { lineNumber: 4, value: { b: "ü" } },
    ]);
  });

  it("refuses a line over the size limit instead of buffering it", async () => {
    await expect(readAll([`{"a":"${"x".repeat(100)}"}\n`], 64)).rejects.toMatchObject({
      message: "line 1 is longer than 64 bytes — is this really one JSON object per line?",
      location: { line: 1 },
    });
  });

  it("refuses values that are not objects", async () => {
    await expect(readAll(['{"a":1}\n"text"\n'])).rejects.toThrow(
      'line 2: expected a JSON object, got "text"',
    );
    await expect(readAll(["null\n"])).rejects.toThrow("line 1: expected a JSON object, got null");
  });
});

describe("describeLineIssue", () => {
  it("names the field, or the unknown field", () => {
    const strict = z.object({ text: z.string({ error: "must be a string" }) }).strict();
    const wrongType = strict.safeParse({ text: 1 });
    const unknown = strict.safeParse({ text: "a", extra: 1 });
    if (wrongType.success || unknown.success) throw new Error("expected failures");
    expect(describeLineIssue(9, wrongType.error).message).toBe('line 9: field "text" must be a string');
    expect(describeLineIssue(3, unknown.error).message).toBe('line 3: unknown field "extra"');
    expect(describeLineIssue(3, unknown.error).location).toEqual({ line: 3 });
  });
});
