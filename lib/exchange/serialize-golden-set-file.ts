import { describeSchemaIssues } from "./describe-schema-issues";
import { type GoldenSetFile, goldenSetFileSchema } from "./golden-set-schema";

/**
 * Validates a golden set against the schema, then serializes it deterministically: keys in
 * schema order (zod's output follows the schema's shape, whatever the input order), arrays in
 * the given order, 2-space indent, trailing newline. So export → import → export is
 * byte-identical as long as the exporter orders queries and labels deterministically.
 * Invalid data is AppError("conflict"): the set's current state cannot be exported (say, a
 * label graded on a grade later removed from the scale) — the message names the JSON paths.
 */
export function serializeGoldenSetFile(file: GoldenSetFile): string {
  const parsed = goldenSetFileSchema.safeParse(file);
  if (!parsed.success) {
    throw describeSchemaIssues(
      parsed.error,
      "conflict",
      "the golden set cannot be exported as a valid file: ",
    );
  }
  return `${JSON.stringify(parsed.data, null, 2)}\n`;
}
