"use client";

import { useRouter } from "next/navigation";
import { useCallback, useMemo, useRef, useState } from "react";
import type { QueryFlowHandle } from "@/components/queue/types";
import { confirmLeave } from "@/components/queue/unsaved-edits";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { splitSentences } from "@/lib/anchor/split-sentences";
import type { SentenceMove } from "@/lib/anchor/step-sentence-selection";
import { CandidateList } from "./candidate-list";
import { CorpusSearch } from "./corpus-search";
import { documentHrefFor } from "./document-href";
import { DocumentPanel } from "./document-panel";
import { documentTextCommands, focusSearchBox, revealLabel } from "./document-text-commands";
import { bestGradeByDocument, orderLabels } from "./label-order";
import { type LabelingCommand, neighbourCandidate, neighbourLabel } from "./labeling-shortcuts";
import { LabelsPane } from "./labels-pane";
import { NoticeToast } from "./notice-toast";
import { poolDescription } from "./pool-description";
import { QueryHeader } from "./query-header";
import { ShortcutDialog } from "./shortcut-legend";
import type { LabelingWorkspaceProps } from "./types";
import { useDocumentSelection } from "./use-document-selection";
import { useFillHeight } from "./use-fill-height";
import { useLabelCommands } from "./use-label-commands";
import { useLabelingKeys } from "./use-labeling-keys";
import { usePinnedDocument } from "./use-pinned-document";
import { useRevealPassage } from "./use-reveal-passage";

export type * from "./types";

const paneGrid =
  "grid min-h-0 flex-1 grid-cols-1 gap-3 " +
  "@min-[680px]:grid-cols-[240px_minmax(0,1fr)] @min-[680px]:grid-rows-[minmax(0,3fr)_minmax(0,2fr)] " +
  "@min-[900px]:grid-cols-[224px_minmax(0,1fr)_256px] @min-[900px]:grid-rows-1 " +
  "@min-[1200px]:grid-cols-[288px_minmax(0,1fr)_360px]";

/**
 * The annotator's screen: read candidates for one query and judge passages and documents, from the
 * keyboard or the mouse. The query, the grade bar and the labels stay in view; the document scrolls.
 */
export function LabelingWorkspace(props: LabelingWorkspaceProps) {
  const { query, candidates, document: openDocument, gradeScale, navigation } = props;
  const router = useRouter();
  const rootRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLElement>(null);
  useFillHeight(rootRef, { minWidth: 1024, bottomGap: 20, minHeight: 520 });
  const flowRef = useRef<QueryFlowHandle>(null);
  const text = openDocument?.text ?? "";
  const { selection, clear } = useDocumentSelection(containerRef, text);
  const commands = useLabelCommands({ actions: props, labels: props.labels, gradeScale });
  const { labels, pending, setNotice } = commands;
  const [hoveredLabelId, setHoveredLabelId] = useState<string | null>(null);
  const [selectedLabelId, setSelectedLabelId] = useState<string | null>(null);
  const [showKeys, setShowKeys] = useState(false);

  const grades = useMemo(() => [...gradeScale].sort((a, b) => a.grade - b.grade), [gradeScale]);
  const [grade, setGrade] = useState(() =>
    grades.some((level) => level.grade === 2) ? 2 : (grades.at(-1)?.grade ?? 1),
  );

  const documentHref = documentHrefFor(navigation);
  const openId = openDocument?.id ?? null;
  usePinnedDocument(openId, documentHref);

  // Undo, notices and the picked label belong to the query; the outline to the document.
  const [shownQuery, setShownQuery] = useState(query.id);
  if (shownQuery !== query.id) {
    setShownQuery(query.id);
    setNotice(null);
    setSelectedLabelId(null);
    commands.clearUndo();
  }
  const [shownDocument, setShownDocument] = useState(openId);
  if (shownDocument !== openId) {
    setShownDocument(openId);
    setHoveredLabelId(null);
  }

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
  const candidateIndex = candidates.findIndex((candidate) => candidate.documentId === openId);
  const openCandidate = candidateIndex === -1 ? null : candidates[candidateIndex];
  // Sentence keys start at the candidate's best passage when the caret is nowhere in the text.
  const passageStart = openCandidate?.passages[0]?.start ?? null;
  useRevealPassage(containerRef, openId, openCandidate?.passages[0] ?? null);
  const sentences = useMemo(() => splitSentences(text), [text]);
  const textCommands = documentTextCommands({ containerRef, text, sentences, passageStart });

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

  function execute(command: LabelingCommand) {
    if (command.kind === "grade") pickGrade(command.grade);
    else if (command.kind === "label-selection") labelSelection();
    else if (command.kind === "label-document") labelDocument();
    else if (command.kind === "escape") selection ? clear() : setSelectedLabelId(null);
    else if (command.kind === "sentence") moveSentence(command.move);
    else if (command.kind === "select-label") {
      const next = neighbourLabel(
        orderedLabels.map((label) => label.id),
        selectedLabel?.id ?? null,
        command.direction,
      );
      if (next) selectLabel(next);
    } else if (command.kind === "delete-label") deleteSelectedLabel();
    else if (command.kind === "undo") commands.undo();
    else if (command.kind === "focus-search") {
      if (!focusSearchBox()) setNotice({ tone: "warning", message: "There is no search box on this page." });
    } else if (command.kind === "show-shortcuts") setShowKeys(true);
    else if (command.kind === "status") changeStatus(command.status);
    else if (command.kind === "next-candidate") openNeighbour(1);
    else if (command.kind === "previous-candidate") openNeighbour(-1);
    else if (command.kind === "next-query") leaveFor(navigation.nextHref);
    else if (command.kind === "leave-holes") leaveFor(props.flow.leaveHolesHref);
    else if (command.kind === "previous-query") leaveFor(navigation.previousHref);
  }

  const keys = useLabelingKeys({
    busy: pending,
    context: () => ({
      grades: grades.map((level) => level.grade),
      hasSelection: openDocument !== null && (selection !== null || textCommands.currentSelection() !== null),
      hasSelectedLabel: selectedLabel !== null,
    }),
    execute,
  });

  const dismissNotice = useCallback(() => setNotice(null), [setNotice]);

  return (
    <div
      ref={rootRef}
      className="@container flex flex-col gap-3 lg:h-[calc(100dvh-3rem)]"
      data-testid="labeling-workspace"
    >
      <div className="shrink-0">
        <QueryHeader query={query} flow={props.flow} pending={pending} ref={flowRef} />
      </div>
      <div className={paneGrid}>
        <Card className="flex min-h-0 flex-col @min-[680px]:col-start-1 @min-[680px]:row-start-1">
          <CardHeader
            title="Candidates"
            description={poolDescription(props.pool)}
            className="px-3 py-2"
            actions={<span className="text-[11px] text-zinc-400 tabular-nums">{candidates.length}</span>}
          />
          {props.corpusSearchUrl ? (
            <CorpusSearch searchUrl={props.corpusSearchUrl} documentHref={documentHref} />
          ) : null}
          <div className="min-h-0 flex-1 overflow-y-auto">
            <CandidateList
              candidates={candidates}
              openDocumentId={openId}
              labeledGrades={labeledGrades}
              documentHref={documentHref}
            />
          </div>
        </Card>

        <Card className="flex min-h-0 min-w-0 flex-col @min-[680px]:col-start-2 @min-[680px]:row-span-2 @min-[900px]:row-span-1">
          {openDocument ? (
            <DocumentPanel
              document={openDocument}
              labels={documentLabels}
              gradeScale={gradeScale}
              activeLabelId={hoveredLabelId ?? selectedLabel?.id ?? null}
              containerRef={containerRef}
              position={openCandidate ? `Candidate ${candidateIndex + 1} of ${candidates.length}` : undefined}
              toolbar={{
                grades,
                grade,
                onGrade: setGrade,
                selectedLabel,
                onRegrade: pickGrade,
                onDeselectLabel: () => setSelectedLabelId(null),
                selection,
                pending,
                onLabelSelection: labelSelection,
                onLabelDocument: labelDocument,
                onClearSelection: clear,
              }}
            />
          ) : (
            <EmptyState
              className="m-4"
              title="Open a candidate to start labeling"
              description="Pick a document on the left (or press J) to read it, then select the phrase that answers the query."
            />
          )}
        </Card>

        <LabelsPane
          className="flex min-h-0 flex-col @min-[680px]:col-start-1 @min-[680px]:row-start-2 @min-[900px]:col-start-3 @min-[900px]:row-start-1"
          labels={orderedLabels}
          openDocumentId={openId}
          gradeScale={gradeScale}
          documentHref={documentHref}
          titles={titles}
          selectedId={selectedLabel?.id ?? null}
          pending={pending}
          onSelect={selectLabel}
          onDelete={commands.remove}
          onChangeGrade={commands.regrade}
          onActivate={setHoveredLabelId}
          onShowKeys={() => setShowKeys(true)}
        />
      </div>
      <NoticeToast
        notice={commands.notice}
        canUndo={commands.canUndo}
        onUndo={() => keys.run({ kind: "undo" })}
        onDismiss={dismissNotice}
      />
      <ShortcutDialog open={showKeys} gradeScale={grades} onClose={() => setShowKeys(false)} />
    </div>
  );
}
