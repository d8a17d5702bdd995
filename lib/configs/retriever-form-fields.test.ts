import { describe, expect, it } from "vitest";
import { defaultRetrievers, retrieverConfigSchema } from "@/lib/configs/config-schema";
import { retrieverFormFields, retrieverInputFromForm } from "@/lib/configs/retriever-form-fields";

describe("retriever form fields", () => {
  it("round-trips each default retriever through the form's flat fields", () => {
    for (const retriever of Object.values(defaultRetrievers)) {
      const fields = retrieverFormFields(retriever);
      expect(retrieverConfigSchema.parse(retrieverInputFromForm(fields))).toEqual(retriever);
    }
  });

  it("builds a hybrid RRF config from the fields, defaults filling what the form did not send", () => {
    expect(
      retrieverConfigSchema.parse(
        retrieverInputFromForm({ retrieverKind: "hybrid", lsaDimensions: 64, rrfK: 20 }),
      ),
    ).toEqual({
      ...defaultRetrievers.hybrid,
      dense: { provider: { kind: "builtin-lsa", dimensions: 64, seed: 1 } },
      fusion: { kind: "rrf", k: 20 },
    });
    expect(retrieverConfigSchema.parse(retrieverInputFromForm({ retrieverKind: "dense" }))).toEqual(
      defaultRetrievers.dense,
    );
  });

  it("leaves range checks to the schema", () => {
    const input = retrieverInputFromForm({ retrieverKind: "dense", lsaDimensions: 4 });
    expect(retrieverConfigSchema.safeParse(input).success).toBe(false);
  });
});
