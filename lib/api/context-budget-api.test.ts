import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/openapi-document";
import { presentRun } from "@/lib/api/present-v1";
import { createRunBodySchema } from "@/lib/api/v1-schemas";

const config = {
  name: "bm25",
  chunking: { strategy: "document", prependTitle: true },
  retriever: { kind: "bm25" },
  topK: 10,
};

describe("the REST API's context budget", () => {
  it("accepts an optional budgetChars on run creation and refuses one out of range, naming the field", () => {
    expect(createRunBodySchema.parse({ config }).budgetChars).toBeUndefined();
    expect(createRunBodySchema.parse({ config, budgetChars: 4_000 }).budgetChars).toBe(4_000);
    for (const budgetChars of [99, 1_000_001, 2_000.5, "2000"]) {
      const parsed = createRunBodySchema.safeParse({ config, budgetChars });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(["budgetChars"]);
    }
  });

  it("answers a run's metrics with context and meanResultChars", () => {
    const metrics = {
      recall: { "5": 0.5 },
      mrr: 0.5,
      evaluated: 4,
      excluded: 1,
      meanResultChars: 100,
      context: { budgetChars: 200, recall: 0.375, precision: 0.1375, iou: 0.1 },
    };
    const run = presentRun({
      id: "r1",
      goldenSetId: "s1",
      status: "succeeded",
      mode: "label",
      metrics,
      error: null,
      createdAt: new Date("2026-12-01T00:00:00Z"),
      config: { name: "bm25" },
      job: null,
    });
    expect(run.metrics?.context).toEqual(metrics.context);
    expect(run.metrics?.meanResultChars).toBe(100);
  });

  it("documents budgetChars and the context measures in the OpenAPI document", () => {
    const document = buildOpenApiDocument() as {
      components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> };
    };
    const { CreateRunRequest, Run } = document.components.schemas;
    expect(CreateRunRequest?.properties.budgetChars).toMatchObject({
      type: "integer",
      minimum: 100,
      maximum: 1_000_000,
    });
    const metrics = JSON.stringify(Run?.properties.metrics);
    expect(metrics).toContain('"context"');
    expect(metrics).toContain('"budgetChars"');
    expect(metrics).toContain('"meanResultChars"');
  });
});
