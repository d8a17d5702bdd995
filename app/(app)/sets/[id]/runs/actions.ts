"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { retrievalConfigSchema } from "@/lib/configs/config-schema";
import { RETRIEVER_FORM_KINDS, retrieverInputFromForm } from "@/lib/configs/retriever-form-fields";
import { db } from "@/lib/db/client";
import { createRun } from "@/lib/db/runs";
import { AppError } from "@/lib/errors";
import { scoringModeSchema } from "@/lib/runs/run-report-schema";

const evaluateFormSchema = z.object({
  name: z.string().trim().min(1, "Name the configuration").max(120),
  strategy: z.enum(["fixed-characters", "fixed-tokens", "sentence-packed", "recursive"]),
  chunkSize: z.coerce.number().int(),
  chunkOverlap: z.coerce.number().int(),
  topK: z.coerce.number().int(),
  retrieverKind: z.enum(RETRIEVER_FORM_KINDS).default("bm25"),
  // absent when the chosen retriever does not use them; the config schema fills its defaults
  k1: z.coerce.number().optional(),
  b: z.coerce.number().optional(),
  lsaDimensions: z.coerce.number().optional(),
  rrfK: z.coerce.number().optional(),
  mode: scoringModeSchema.default("label"),
  coverage: z.coerce
    .number()
    .min(0.05, "coverage θ must be in (0, 1]")
    .max(1, "coverage θ must be in (0, 1]"),
});

export type EvaluateFormState = { error?: string };

export async function createRunAction(
  setId: string,
  _state: EvaluateFormState,
  formData: FormData,
): Promise<EvaluateFormState> {
  let runId: string;
  try {
    const user = await requireUser("evaluate");
    const form = evaluateFormSchema.parse(Object.fromEntries(formData));
    const config = retrievalConfigSchema.parse({
      chunking: { strategy: form.strategy, size: form.chunkSize, overlap: form.chunkOverlap },
      retriever: retrieverInputFromForm(form),
      topK: form.topK,
      scoreThreshold: null,
    });
    ({ runId } = await createRun(db(), {
      setId,
      configName: form.name,
      config,
      coverage: form.coverage,
      mode: form.mode,
      userId: user.id,
    }));
  } catch (error) {
    if (error instanceof z.ZodError) {
      const issue = error.issues[0];
      return { error: `${issue?.path.join(".") || "input"}: ${issue?.message ?? "invalid"}` };
    }
    if (error instanceof AppError) return { error: error.message };
    throw error;
  }
  redirect(`/runs/${runId}`);
}
