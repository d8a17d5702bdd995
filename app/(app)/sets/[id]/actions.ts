"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { clearGoldenSetSplit, splitGoldenSet } from "@/lib/curation/split-golden-set";
import { updateJudgmentPolicy, updateModelJudgmentsPolicy } from "@/lib/db/agreement";
import { db } from "@/lib/db/client";
import {
  addQueriesToSet,
  getGoldenSet,
  getQueryInSet,
  removeQuery,
  updateContextBudget,
} from "@/lib/db/golden-sets";
import { AppError } from "@/lib/errors";
import {
  contextBudgetCharsSchema,
  judgmentPolicySchema,
  modelJudgmentsPolicySchema,
} from "@/lib/exchange/golden-set-schema";
import { serverAction } from "@/lib/http/server-action";
import { splitRequestSchema } from "@/lib/sets/split-queries";

const addQuerySchema = z.object({
  text: z
    .string({ error: "Type a query first" })
    .trim()
    .min(1, "Type a query first")
    .max(1000, "A query is at most 1,000 characters"),
});

const idSchema = z.string().min(1);

/** The split form's text fields as the REST body's numbers: a blank seed means "draw one". */
const asNumber = (value: unknown) =>
  typeof value === "string" ? (value.trim() === "" ? undefined : Number(value)) : value;
const splitFormSchema = z.object({
  holdoutShare: z.preprocess(asNumber, splitRequestSchema.shape.holdoutShare),
  seed: z.preprocess(asNumber, splitRequestSchema.shape.seed),
});

/** Adds a query typed by hand at the end of the set (bound to the set on the page). */
export const addQueryAction = serverAction(
  { access: "curate", schema: addQuerySchema, bound: [idSchema] },
  async ({ text }, { bound: [setId] }) => {
    const set = await getGoldenSet(db(), setId);
    const { added } = await addQueriesToSet(db(), { setId: set.id, queries: [{ text }] });
    if (added === 0) throw new AppError("conflict", "That query is already in the set.", { path: ["text"] });
    revalidatePath(`/sets/${set.id}`);
    return { added: text };
  },
);

/** Removes a query that has no labels (bound to the set and the query on the page). */
export const removeQueryAction = serverAction(
  { access: "curate", bound: [idSchema, idSchema] },
  async (_input, { bound: [setId, queryId] }) => {
    const { query } = await getQueryInSet(db(), { setId, queryId });
    await removeQuery(db(), { queryId: query.id });
    revalidatePath(`/sets/${setId}`);
  },
);

/** Which judgments count in the set's evaluations (engineers and admins, who also adjudicate). */
export const setJudgmentPolicyAction = serverAction(
  {
    access: "adjudicate",
    schema: z.object({
      policy: z.enum(judgmentPolicySchema.options, { error: "Choose any, majority or mean" }),
    }),
    bound: [idSchema],
  },
  async ({ policy }, { bound: [setId] }) => {
    await updateJudgmentPolicy(db(), { setId, policy });
    revalidatePath(`/sets/${setId}`, "layout");
    return { policy };
  },
);

/** What LLM judges' labels count for in the set's evaluations (engineers and admins, like the policy). */
export const setModelJudgmentsAction = serverAction(
  {
    access: "adjudicate",
    schema: z.object({
      modelJudgments: z.enum(modelJudgmentsPolicySchema.options, {
        error: "Choose ignore, fill holes or model only",
      }),
    }),
    bound: [idSchema],
  },
  async ({ modelJudgments }, { bound: [setId] }) => {
    await updateModelJudgmentsPolicy(db(), { setId, modelJudgments });
    revalidatePath(`/sets/${setId}`, "layout");
    return { modelJudgments };
  },
);

/** Splits the set into dev and holdout queries, stratified by class (engineers and admins). */
export const splitSetAction = serverAction(
  { access: "evaluate", schema: splitFormSchema, bound: [idSchema] },
  async ({ holdoutShare, seed }, { bound: [setId] }) => {
    const split = await splitGoldenSet(db(), {
      setId,
      holdoutShare,
      ...(seed === undefined ? {} : { seed }),
    });
    revalidatePath(`/sets/${setId}`, "layout");
    return split;
  },
);

/** Forgets the set's dev/holdout split (engineers and admins). */
export const clearSplitAction = serverAction(
  { access: "evaluate", bound: [idSchema] },
  async (_input, { bound: [setId] }) => {
    await clearGoldenSetSplit(db(), setId);
    revalidatePath(`/sets/${setId}`, "layout");
  },
);

/** The context budget (characters) of the set's next runs' context recall, precision and IoU (engineers and admins). */
export const setContextBudgetAction = serverAction(
  {
    access: "evaluate",
    schema: z.object({
      budgetChars: z
        .string()
        .trim()
        .regex(/^\d+$/, "The context budget is a whole number of characters")
        .transform(Number)
        .pipe(contextBudgetCharsSchema),
    }),
    bound: [idSchema],
  },
  async ({ budgetChars }, { bound: [setId] }) => {
    const saved = await updateContextBudget(db(), { setId, budgetChars });
    revalidatePath(`/sets/${setId}`, "layout");
    return { budgetChars: saved };
  },
);
