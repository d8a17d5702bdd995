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

  // one handler per command: a command added to LabelingCommand without one fails the type check
  const handlers: CommandHandlers = {
    grade: (command) => pickGrade(command.grade),
    "label-selection": () => labelSelection(),
    "label-document": () => labelDocument(),
    escape: () => (selection ? clear() : setSelectedLabelId(null)),
    sentence: (command) => moveSentence(command.move),
    "select-label": (command) => {
      const ids = orderedLabels.map((label) => label.id);
      const next = neighbourLabel(ids, selectedLabel?.id ?? null, command.direction);
      if (next) selectLabel(next);
    },
    "delete-label": () => deleteSelectedLabel(),
    undo: () => commands.undo(),
    "focus-search": () => {
      if (!focusSearchBox()) setNotice({ tone: "warning", message: "There is no search box on this page." });
    },
    "show-shortcuts": () => setShowKeys(true),
    status: (command) => changeStatus(command.status),
    "next-candidate": () => openNeighbour(1),
    "previous-candidate": () => openNeighbour(-1),
    "next-query": () => leaveFor(navigation.nextHref),
    "leave-holes": () => leaveFor(props.flow.leaveHolesHref),
    "previous-query": () => leaveFor(navigation.previousHref),
    "ask-judge": () => input.judge.ask(),
    "accept-suggestion": () => acceptOpenSuggestion({ ...input, commands }),
  };
  const execute = (command: LabelingCommand) => dispatchCommand(command, handlers);

  return { labelSelection, labelDocument, pickGrade, selectLabel, execute };
}

/** A handler for each kind of command, given the command of that kind. */
type CommandHandlers = {
  [Kind in LabelingCommand["kind"]]: (command: Extract<LabelingCommand, { kind: Kind }>) => void;
};

function dispatchCommand(command: LabelingCommand, handlers: CommandHandlers): void {
  (handlers[command.kind] as (command: LabelingCommand) => void)(command);
}
