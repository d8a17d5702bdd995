"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { archiveJudge, saveJudge } from "@/lib/db/judges";
import { serverAction } from "@/lib/http/server-action";
import { judgeFormSchema } from "@/lib/judging/judge-form-schema";
import { servicePolicyFromEnvironment } from "@/lib/runs/run-services";

// The Judges page's forms: engineers and admins (permission "evaluate"), as for configurations.
const judgeId = z.string().min(1);

/** A new judge (nothing bound) or an edit of one: an edit of a used judge makes its next version. */
export const saveJudgeAction = serverAction(
  { access: "evaluate", schema: judgeFormSchema },
  async (settings, { user }) => {
    const { judge, newVersion } = await saveJudge(db(), {
      settings,
      createdById: user.id,
      server: servicePolicyFromEnvironment(),
    });
    revalidatePath("/judges");
    return { judgeId: judge.id, name: judge.name, version: judge.version, newVersion };
  },
);

/** Saves an edit of the bound judge (the form then leaves edit mode). */
export const editJudgeAction = serverAction(
  { access: "evaluate", schema: judgeFormSchema, bound: [judgeId] },
  async (settings, { user, bound: [id] }) => {
    const { judge, newVersion } = await saveJudge(db(), {
      judgeId: id,
      settings,
      createdById: user.id,
      server: servicePolicyFromEnvironment(),
    });
    revalidatePath("/judges");
    return { judgeId: judge.id, name: judge.name, version: judge.version, newVersion };
  },
);

/** Hides a judge from the lists and forms; its judgments and labels stay. */
export const archiveJudgeAction = serverAction(
  { access: "evaluate", bound: [judgeId] },
  async (_input, { bound: [id] }) => {
    await archiveJudge(db(), id);
    revalidatePath("/judges");
  },
);
