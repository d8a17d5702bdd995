import { AppError } from "@/lib/errors";
import { describeSchemaIssues } from "./describe-schema-issues";
import { type GoldenSetFile, goldenSetFileSchema } from "./golden-set-schema";
import { locateJsonSyntaxError } from "./locate-json-syntax-error";

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Parses and validates a golden set file (text, or its raw bytes: UTF-8, BOM allowed). Every
 * failure is AppError("bad_request"): bytes that are not UTF-8 text; a JSON syntax error, with
 * its line and column; a file of another format or version; then schema and cross-reference
 * problems, the first few spelled out as `<JSON path>: <message>` with the first path as the
 * error's location. The whole file is validated before anything is returned (all or nothing).
 */
export function parseGoldenSetFile(input: string | Uint8Array): GoldenSetFile {
  const text = (typeof input === "string" ? input : decodeUtf8(input)).replace(/^\uFEFF/, "");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const located = locateJsonSyntaxError(text);
    if (located === null) throw new AppError("bad_request", `invalid JSON: ${(error as Error).message}`);
    throw new AppError(
      "bad_request",
      `invalid JSON at line ${located.line}, column ${located.column}: ${located.reason}`,
      { line: located.line },
    );
  }
  checkFormatAndVersion(value);
  const parsed = goldenSetFileSchema.safeParse(value);
  if (!parsed.success) throw describeSchemaIssues(parsed.error, "bad_request");
  return parsed.data;
}

function decodeUtf8(bytes: Uint8Array): string {
  const notText = "the file is not UTF-8 text — is it a binary file? A golden set file is UTF-8 JSON";
  if (bytes.includes(0)) throw new AppError("bad_request", notText);
  try {
    return utf8.decode(bytes);
  } catch {
    throw new AppError("bad_request", notText);
  }
}

/** Says "wrong kind of file" before listing dozens of field errors that would follow from it. */
function checkFormatAndVersion(value: unknown): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new AppError("bad_request", "a golden set file must be a JSON object", { path: [] });
  }
  const { format, version } = value as { format?: unknown; version?: unknown };
  if (format !== "goldenset") {
    throw new AppError(
      "bad_request",
      `this is not a Goldenset file: "format" is ${JSON.stringify(format) ?? "missing"}, expected "goldenset"`,
      { path: ["format"] },
    );
  }
  if (version !== 1) {
    throw new AppError(
      "bad_request",
      `unsupported golden set file version ${JSON.stringify(version) ?? "(missing)"}: this app reads version 1`,
      { path: ["version"] },
    );
  }
}
