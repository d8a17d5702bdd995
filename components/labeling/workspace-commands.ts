import type { useRouter } from "next/navigation";
import type { Dispatch, RefObject, SetStateAction } from "react";
import type { QueryFlowHandle } from "@/components/queue/types";
import { confirmLeave } from "@/components/queue/unsaved-edits";
import type { SentenceMove } from "@/lib/anchor/step-sentence-selection";
import type { documentHrefFor } from "./document-href";
import { type documentTextCommands, focusSearchBox, revealLabel } from "./document-text-commands";
import { acceptOpenSuggestion } from "./judge-commands";
import { type LabelingCommand, neighbourCandidate, neighbourLabel } from "./labeling-shortcuts";
import type { LabelingWorkspaceProps } from "./types";
import type { useDocumentSelection } from "./use-document-selection";
import type { JudgeSuggestions } from "./use-judge-suggestions";
import type { useLabelCommands } from "./use-label-commands";

type LabelCommands = ReturnType<typeof useLabelCommands>;

type WorkspaceCommandsInput = {
  props: LabelingWorkspaceProps;
  router: ReturnType<typeof useRouter>;
  containerRef: RefObject<HTMLElement | null>;
  flowRef: RefObject<QueryFlowHandle | null>;
  commands: LabelCommands;
  textCommands: ReturnType<typeof documentTextCommands>;
  selection: ReturnType<typeof useDocumentSelection>["selection"];
  clear: ReturnType<typeof useDocumentSelection>["clear"];
  grade: number;
  setGrade: Dispatch<SetStateAction<number>>;
  selectedLabel: LabelCommands["labels"][number] | null;
  setSelectedLabelId: Dispatch<SetStateAction<string | null>>;
  setShowKeys: Dispatch<SetStateAction<boolean>>;
  orderedLabels: LabelCommands["labels"];
  openId: string | null;
  documentHref: ReturnType<typeof documentHrefFor>;
  judge: JudgeSuggestions;
};

/** What the workspace's keys and buttons do: no hooks, the workspace's state passed in. */
export function workspaceCommands(input: WorkspaceCommandsInput) {
  const { props, router, containerRef, flowRef, commands, textCommands, selection, clear, grade } = input;
  const { setGrade, selectedLabel, setSelectedLabelId, setShowKeys, orderedLabels, openId, documentHref } =
    input;
  const { document: openDocument, candidates, navigation } = props;
  const { setNotice } = commands;

  function labelSelection() {
    if (!openDocument) return;
    const current = textCommands.currentSelection() ?? selection;
    if (!current) {
      setNotice({
        tone: "error",
        message: "Select a phrase in the document first: drag over it, or press ) to select a sentence.",
      });
      return;
    }
    const target = { documentId: openDocument.id, documentVersion: openDocument.version, grade };
    commands.saveQuote({ ...target, start: current.start, end: current.end, quote: current.quote }, clear);
  }

  function labelDocument() {
    if (!openDocument) return;
    commands.saveDocument({ documentId: openDocument.id, documentVersion: openDocument.version, grade });
  }

  /** A grade key or click: the selected label's new grade, else the grade of the next label. */
  function pickGrade(newGrade: number) {
    if (!selectedLabel) {
      setGrade(newGrade);
      return;
    }
    if (!selectedLabel.mayChange) {
      const message = "This is another annotator’s label: you can change only your own.";
      setNotice({ tone: "error", message });
      return;
    }
    commands.regrade(selectedLabel, newGrade);
  }

  function selectLabel(labelId: string) {
    clear();
    setSelectedLabelId(labelId);
    revealLabel(containerRef.current, labelId);
  }

  function deleteSelectedLabel() {
    if (!selectedLabel?.mayChange) return;
    commands.remove(selectedLabel);
    setSelectedLabelId(null);
  }

  /** `d` and `s`: the header records progress (a skip asks for a reason) and opens the next query. */
  function changeStatus(status: "labeled" | "skipped") {
    flowRef.current?.request(status);
  }

  function moveSentence(move: SentenceMove) {
    setSelectedLabelId(null);
    if (!textCommands.step(move) && openDocument) {
      const last = move === "next" || move === "extend-end";
      setNotice({
        tone: "warning",
        message: last ? "That is the last sentence." : "No sentence before that one.",
      });
    }
  }

  function openNeighbour(direction: 1 | -1) {
    const next = neighbourCandidate(candidates, openId, direction);
    if (next) router.push(documentHref(next.documentId));
  }

  /** n, p, ⇧N: to another query, asking first when typed text would be lost. */
  function leaveFor(href: string | null) {
    if (href && confirmLeave()) router.push(href);
  }

  /** One case per command: a command added to LabelingCommand without one fails the type check. */
  function execute(command: LabelingCommand): void {
    switch (command.kind) {
      case "grade":
        return pickGrade(command.grade);
      case "label-selection":
        return labelSelection();
      case "label-document":
        return labelDocument();
      case "escape":
        return selection ? clear() : setSelectedLabelId(null);
      case "sentence":
        return moveSentence(command.move);
      case "select-label": {
        const ids = orderedLabels.map((label) => label.id);
        const next = neighbourLabel(ids, selectedLabel?.id ?? null, command.direction);
        if (next) selectLabel(next);
        return;
      }
      case "delete-label":
        return deleteSelectedLabel();
      case "undo":
        return commands.undo();
      case "focus-search":
        if (!focusSearchBox())
          setNotice({ tone: "warning", message: "There is no search box on this page." });
        return;
      case "show-shortcuts":
        return setShowKeys(true);
      case "status":
        return changeStatus(command.status);
      case "next-candidate":
        return openNeighbour(1);
      case "previous-candidate":
        return openNeighbour(-1);
      case "next-query":
        return leaveFor(navigation.nextHref);
      case "leave-holes":
        return leaveFor(props.flow.leaveHolesHref);
      case "previous-query":
        return leaveFor(navigation.previousHref);
      case "ask-judge":
        return input.judge.ask();
      case "accept-suggestion":
        return acceptOpenSuggestion({ ...input, commands });
      default:
        return unknownCommand(command);
    }
  }

  return { labelSelection, labelDocument, pickGrade, selectLabel, execute };
}

/** Reached only when a LabelingCommand has no case in execute: a type error, not a runtime path. */
function unknownCommand(command: never): never {
  throw new Error(`Unknown labeling command: ${JSON.stringify(command)}`);
}
