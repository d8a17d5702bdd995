/**
 * An LLM judge's supported judgments are labels by the annotator `model:<judge name>`: a user with
 * role "model" that never signs in (no account, no password). Exports, snapshots and policies tell
 * model labels from people's by this prefix of the annotator (the user's email).
 */
const MODEL_ANNOTATOR_PREFIX = "model:";

/** The role of the users that stand for judges. */
export const MODEL_ROLE = "model";

/** `model:<judge name>`: the annotator (email and display name) of a judge's labels. */
export function modelAnnotatorName(judgeName: string): string {
  return `${MODEL_ANNOTATOR_PREFIX}${judgeName}`;
}

/** Whether a label's annotator (as exported: the email, or null) is an LLM judge. */
export function isModelAnnotator(annotator: string | null | undefined): boolean {
  return typeof annotator === "string" && annotator.startsWith(MODEL_ANNOTATOR_PREFIX);
}
