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

/** Saves a judge under the server's service policy, and what the form shows of it. */
async function saveAndRevalidate(options: Omit<Parameters<typeof saveJudge>[1], "server">) {
  const { judge, newVersion } = await saveJudge(db(), { ...options, server: servicePolicyFromEnvironment() });
  revalidatePath("/judges");
  return { judgeId: judge.id, name: judge.name, version: judge.version, newVersion };
}

/** A new judge (nothing bound) or an edit of one: an edit of a used judge makes its next version. */
export const saveJudgeAction = serverAction(
  { access: "evaluate", schema: judgeFormSchema },
  (settings, { user }) => saveAndRevalidate({ settings, createdById: user.id }),
);

/** Saves an edit of the bound judge (the form then leaves edit mode). */
export const editJudgeAction = serverAction(
  { access: "evaluate", schema: judgeFormSchema, bound: [judgeId] },
  (settings, { user, bound: [id] }) => saveAndRevalidate({ judgeId: id, settings, createdById: user.id }),
);

/** Hides a judge from the lists and forms; its judgments and labels stay. */
export const archiveJudgeAction = serverAction(
  { access: "evaluate", bound: [judgeId] },
  async (_input, { bound: [id] }) => {
    await archiveJudge(db(), id);
    revalidatePath("/judges");
  },
);
