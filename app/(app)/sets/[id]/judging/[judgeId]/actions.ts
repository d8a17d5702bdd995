"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { createCalibrationSample } from "@/lib/db/judge-report";
import { serverAction } from "@/lib/http/server-action";
import { calibrationFormInput, calibrationFormSchema } from "@/lib/judging/calibration-form";

const id = z.string().min(1);

/**
 * Draws a calibration sample of the bound judge's judgments on the bound set and assigns its
 * queries to the chosen people; the report then shows agreement on the sample. Engineers and
 * admins (permission "assign": it assigns queries, as the Assignments page does).
 */
export const createCalibrationAction = serverAction(
  { access: "assign", schema: calibrationFormSchema, bound: [id, id], formInput: calibrationFormInput },
  async (input, { user, bound: [setId, judgeId] }) => {
    const { sampleId, assigned } = await createCalibrationSample(db(), {
      setId,
      judgeId,
      size: input.size,
      annotatorIds: input.annotatorIds,
      createdById: user.id,
    });
    revalidatePath(`/sets/${setId}`, "layout");
    redirect(`/sets/${setId}/judging/${judgeId}?sample=${encodeURIComponent(sampleId)}&assigned=${assigned}`);
  },
);
