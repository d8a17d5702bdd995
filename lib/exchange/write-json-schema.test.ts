import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildGoldenSetFixture } from "@/lib/exchange/testing/build-golden-set-fixture";
import {
  GOLDEN_SET_JSON_SCHEMA_PATH,
  generateGoldenSetJsonSchema,
  writeJsonSchema,
} from "./write-json-schema";

const REGENERATE = "UPDATE_SCHEMA=1 npx vitest run lib/exchange";

describe("the published JSON Schema (public/schemas/goldenset-v1.schema.json)", () => {
  it(`is up to date with goldenSetFileSchema (regenerate with ${REGENERATE})`, async () => {
    if (process.env.UPDATE_SCHEMA === "1") await writeJsonSchema();
    expect(existsSync(GOLDEN_SET_JSON_SCHEMA_PATH), `the schema file is missing; run ${REGENERATE}`).toBe(
      true,
    );
    const published = JSON.parse(readFileSync(GOLDEN_SET_JSON_SCHEMA_PATH, "utf8"));
    expect(published, `the published JSON Schema is stale; run ${REGENERATE}`).toEqual(
      generateGoldenSetJsonSchema(),
    );
  });

  it("describes the format: strict objects, draft 2020-12, the top-level fields", () => {
    const schema = generateGoldenSetJsonSchema() as {
      $schema: string;
      required: string[];
      additionalProperties: boolean;
    };
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema.required).toEqual(["format", "version", "set", "corpus", "queries"]);
    expect(schema.additionalProperties).toBe(false);
    expect(JSON.stringify(schema)).not.toContain("superRefine");
    // The fixture is valid JSON as far as the generated schema's required fields go.
    expect(Object.keys(buildGoldenSetFixture())).toEqual(schema.required);
  });

  it("writes to any path given", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "goldenset-schema-")), "schema.json");
    await writeJsonSchema(path);
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(generateGoldenSetJsonSchema());
  });
});
