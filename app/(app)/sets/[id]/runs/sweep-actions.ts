"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import {
  parseAxisValues,
  SWEEP_RETRIEVER_KINDS,
  sweepRetrieverInput,
  sweepSchema,
} from "@/lib/configs/sweep-schema";
import { db } from "@/lib/db/client";
import { createSweep } from "@/lib/db/sweeps";
import { AppError } from "@/lib/errors";
import { scoringModeSchema } from "@/lib/runs/run-report-schema";

const optionalNumber = z.coerce.number().optional();

const sweepFormSchema = z.object({
  name: z.string().trim().min(1, "Name the sweep").max(120),
  strategy: z.enum(["fixed-characters", "fixed-tokens", "sentence-packed", "recursive"]),
  chunkSize: z.coerce.number().int(),
  chunkOverlap: z.coerce.number().int(),
  topK: z.coerce.number().int(),
  retrieverKind: z.enum(SWEEP_RETRIEVER_KINDS).default("bm25"),
  // absent when the chosen retriever does not use them; the config schema fills its defaults
  k1: optionalNumber,
  b: optionalNumber,
  lsaDimensions: optionalNumber,
  rrfK: optionalNumber,
  fusion: z.enum(["rrf", "weighted"]).default("rrf"),
  mode: scoringModeSchema.default("label"),
  coverage: z.coerce.number(),
  axis1Path: z.string().min(1, "choose what the first axis varies"),
  axis1Values: z.string(),
  axis2Path: z.string().default(""),
  axis2Values: z.string().default(""),
  skipInvalid: z.literal("on").optional(),
});

export type SweepFormState = { error?: string };

/** The sweep form → a validated sweep → createSweep → the sweep's page (skipped points in the URL). */
export async function createSweepAction(
  setId: string,
  _state: SweepFormState,
  formData: FormData,
): Promise<SweepFormState> {
  let target: string;
  try {
    const user = await requireUser("evaluate");
    const form = sweepFormSchema.parse(Object.fromEntries(formData));
    const axes = [
      { path: form.axis1Path, values: parseAxisValues(form.axis1Values) },
      ...(form.axis2Path ? [{ path: form.axis2Path, values: parseAxisValues(form.axis2Values) }] : []),
    ];
    const sweep = sweepSchema.parse({
      name: form.name,
      baseConfig: {
        chunking: { strategy: form.strategy, size: form.chunkSize, overlap: form.chunkOverlap },
        retriever: sweepRetrieverInput(form),
        topK: form.topK,
        scoreThreshold: null,
      },
      axes,
      coverage: form.coverage,
      mode: form.mode,
    });
    const created = await createSweep(db(), {
      setId,
      sweep,
      userId: user.id,
      skipInvalid: !!form.skipInvalid,
    });
    target = `/sweeps/${created.sweepId}${created.skipped.length ? `?skipped=${created.skipped.length}` : ""}`;
  } catch (error) {
    if (error instanceof z.ZodError) {
      const issue = error.issues[0];
      return { error: `${issue?.path.join(".") || "input"}: ${issue?.message ?? "invalid"}` };
    }
    if (error instanceof AppError) return { error: error.message };
    throw error;
  }
  redirect(target);
}
