import { type Dispatch, type SetStateAction, useMemo, useState } from "react";
import { bestGradeByDocument, orderLabels } from "./label-order";
import type { LabelingWorkspaceProps } from "./types";
import type { useDocumentSelection } from "./use-document-selection";
import type { useLabelCommands } from "./use-label-commands";

type LabelCommands = ReturnType<typeof useLabelCommands>;

/** Undo, notices and the picked label belong to the query; the outline to the document. */
export function useWorkspaceResets(input: {
  queryId: string;
  openId: string | null;
  commands: LabelCommands;
  setSelectedLabelId: Dispatch<SetStateAction<string | null>>;
  setHoveredLabelId: Dispatch<SetStateAction<string | null>>;
}) {
  const { queryId, openId, commands, setSelectedLabelId, setHoveredLabelId } = input;
  const { setNotice } = commands;
  const [shownQuery, setShownQuery] = useState(queryId);
  if (shownQuery !== queryId) {
    setShownQuery(queryId);
    setNotice(null);
    setSelectedLabelId(null);
    commands.clearUndo();
  }
  const [shownDocument, setShownDocument] = useState(openId);
  if (shownDocument !== openId) {
    setShownDocument(openId);
    setHoveredLabelId(null);
  }
}

/** The labels as the panes show them, the picked label, and the candidates' titles. */
export function useLabelViews(input: {
  labels: LabelCommands["labels"];
  openId: string | null;
  candidates: LabelingWorkspaceProps["candidates"];
  selection: ReturnType<typeof useDocumentSelection>["selection"];
  selectedLabelId: string | null;
}) {
  const { labels, openId, candidates, selection, selectedLabelId } = input;
  const orderedLabels = useMemo(() => orderLabels(labels, openId), [labels, openId]);
  const documentLabels = useMemo(
    () => labels.filter((label) => label.documentId === openId),
    [labels, openId],
  );
  const selectedLabel = selection ? null : (labels.find((label) => label.id === selectedLabelId) ?? null);
  const labeledGrades = useMemo(() => bestGradeByDocument(labels), [labels]);
  const titles = useMemo(
    () => new Map(candidates.map((candidate) => [candidate.documentId, candidate.title])),
    [candidates],
  );
  return { orderedLabels, documentLabels, selectedLabel, labeledGrades, titles };
}
