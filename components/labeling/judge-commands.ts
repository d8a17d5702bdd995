import type { Dispatch, SetStateAction } from "react";
import { readSuggestion } from "@/lib/labeling/judge-suggestions";
import { truncateMiddle } from "./quote-preview";
import type { LabelingWorkspaceProps } from "./types";
import type { JudgeSuggestions } from "./use-judge-suggestions";
import type { useLabelCommands } from "./use-label-commands";

/**
 * A (the workspace's accept key): the judge's suggestion for the open candidate becomes the
 * user's label, which is then selected so that a digit changes its grade like any label's.
 */
export function acceptOpenSuggestion(input: {
  props: LabelingWorkspaceProps;
  judge: JudgeSuggestions;
  commands: ReturnType<typeof useLabelCommands>;
  openId: string | null;
  setSelectedLabelId: Dispatch<SetStateAction<string | null>>;
}) {
  const { props, judge, commands, openId } = input;
  const accept = props.judge?.accept;
  const suggestion = openId ? judge.byDocument.get(openId) : undefined;
  if (!accept || !openId || !suggestion) {
    const message = openId
      ? "The judge has no suggestion for this document yet: press M to ask it."
      : "Open a candidate first; then A accepts the judge's suggestion for it.";
    commands.setNotice({ tone: "warning", message });
    return;
  }
  const reading = readSuggestion(suggestion, props.gradeScale);
  if (!reading.acceptable || suggestion.grade === null) {
    const message = `The judge's suggestion cannot be accepted (${reading.flag}): label this document yourself.`;
    commands.setNotice({ tone: "error", message });
    return;
  }
  const text = props.document?.id === openId ? props.document.text : "";
  const span = suggestion.quoteSpan;
  const quote = span ? text.slice(span.start, span.end) || suggestion.quote : "";
  const what = quote ? `“${truncateMiddle(quote, 60)}”` : "the passage";
  commands.acceptSuggestion(
    () => accept({ judgmentId: suggestion.judgmentId }),
    { what, grade: suggestion.grade, judge: judge.answeredBy ?? "the judge" },
    (labelId) => input.setSelectedLabelId(labelId),
  );
}
