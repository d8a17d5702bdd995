"use server";

import { z } from "zod";
import { acceptJudgeSuggestion } from "@/lib/curation/accept-judge-suggestion";
import { askJudgeForQuery } from "@/lib/curation/ask-judge-for-query";
import { db } from "@/lib/db/client";
import { serverFunction } from "@/lib/http/server-action";
import { acceptSuggestionInputSchema, askJudgeInputSchema } from "@/lib/labeling/judge-suggestions";

// "Ask the judge" in the labeling workspace (issue 23, 4c), bound to the page's set and query like
// the label actions. Anyone who labels may ask and accept: an accepted suggestion is the signed-in
// person's own label (lib/curation/accept-judge-suggestion.ts).
const id = z.string().min(1);
const setAndQuery = [id, id] as const;

/** Sends the query's candidate passages to the judge; answers its suggestions (no label is made). */
export const askJudgeAction = serverFunction(
  { access: "label", schema: askJudgeInputSchema, bound: setAndQuery },
  async (input, { bound: [setId, queryId] }) => {
    const suggestions = await askJudgeForQuery(db(), { ...input, setId, queryId });
    return { suggestions };
  },
);

/**
 * Makes the judge's suggestion the signed-in person's label; its history names the judge. Like the
 * label actions it answers the label and revalidates nothing.
 */
export const acceptJudgeSuggestionAction = serverFunction(
  { access: "label", schema: acceptSuggestionInputSchema, bound: setAndQuery },
  async ({ judgmentId }, { user, bound: [setId, queryId] }) => {
    return acceptJudgeSuggestion(db(), { setId, queryId, judgmentId, actor: user });
  },
);
