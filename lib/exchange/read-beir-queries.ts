import { z } from "zod";
import { normalizeText } from "@/lib/anchor/normalize-text";
import { externalIdSchema, mustBe } from "./read-corpus-jsonl";
import { createFirstLineById, describeLineIssue, readJsonlObjects } from "./read-jsonl-objects";

export type BeirQuery = { id: string; text: string };

// BEIR writes `_id`; other fields (BEIR's `metadata`, for instance) are ignored.
const querySchema = z.object({
  _id: externalIdSchema,
  text: z.string({ error: mustBe("a string") }).refine((text) => text.trim() !== "", {
    error: "must not be empty",
  }),
});

/**
 * Reads BEIR's queries.jsonl: `{"_id", "text"}` per line; text normalized with normalizeText.
 * Errors are AppError("bad_request") with the line (see readJsonlObjects), including a
 * duplicate query id. An empty file yields nothing: whether that is an error is the caller's call.
 */
export async function* readBeirQueries(input: AsyncIterable<Uint8Array>): AsyncGenerator<BeirQuery> {
  const seen = createFirstLineById("query id");
  for await (const { lineNumber, value } of readJsonlObjects(input)) {
    const parsed = querySchema.safeParse(value);
    if (!parsed.success) throw describeLineIssue(lineNumber, parsed.error);
    const id = parsed.data._id;
    seen.add(id, lineNumber);
    yield { id, text: normalizeText(parsed.data.text) };
  }
}
