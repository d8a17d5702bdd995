import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { goldenSetFileSchema } from "./golden-set-schema";

/** The published JSON Schema of the golden set format (served at /schemas/goldenset-v1.schema.json). */
export const GOLDEN_SET_JSON_SCHEMA_PATH = fileURLToPath(
  new URL("../../public/schemas/goldenset-v1.schema.json", import.meta.url),
);

/**
 * The JSON Schema (draft 2020-12) generated from goldenSetFileSchema. Cross-field rules
 * (unique ids, grades in the scale, selector lengths) cannot be expressed there; the zod schema
 * enforces them on import. It describes the files the app reads (zod's input side): a field with a
 * default, such as set.judgmentPolicy, is optional there, though every export writes it.
 */
export function generateGoldenSetJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(goldenSetFileSchema, { io: "input" }) as Record<string, unknown>;
}

/**
 * Regenerates the published file (run `UPDATE_SCHEMA=1 npx vitest run lib/exchange`), formatted
 * the way the repository's Biome formats JSON so that `biome check` stays clean; plain
 * `JSON.stringify` output when Biome is not installed.
 */
export async function writeJsonSchema(path = GOLDEN_SET_JSON_SCHEMA_PATH): Promise<void> {
  const json = `${JSON.stringify(generateGoldenSetJsonSchema(), null, 2)}\n`;
  await writeFile(path, formatWithBiome(json));
}

function formatWithBiome(json: string): string {
  const repositoryRoot = fileURLToPath(new URL("../../", import.meta.url));
  const biome = join(repositoryRoot, "node_modules/.bin/biome");
  if (!existsSync(biome)) return json;
  return execFileSync(biome, ["format", "--stdin-file-path=public/schemas/goldenset-v1.schema.json"], {
    cwd: repositoryRoot,
    input: json,
    encoding: "utf8",
  });
}
