"use client";

import { useRouter } from "next/navigation";
import { type RefObject, useCallback, useMemo, useRef, useState } from "react";
import type { QueryFlowHandle } from "@/components/queue/types";
import { splitSentences } from "@/lib/text/split-sentences";
import { CandidatesCard } from "./candidates-card";
import { DocumentCard } from "./document-card";
import { documentHrefFor } from "./document-href";
import { documentTextCommands } from "./document-text-commands";
import { judgeSlots } from "./judge-slots";
import { LabelsPane } from "./labels-pane";
import { NoticeToast } from "./notice-toast";
import { QueryHeader } from "./query-header";
import { ShortcutDialog } from "./shortcut-legend";
import type { LabelingWorkspaceProps } from "./types";
import { useDocumentSelection } from "./use-document-selection";
import { useFillHeight } from "./use-fill-height";
import { useJudgeSuggestions } from "./use-judge-suggestions";
import { useLabelCommands } from "./use-label-commands";
import { useLabelingKeys } from "./use-labeling-keys";
import { usePinnedDocument } from "./use-pinned-document";
import { useRevealPassage } from "./use-reveal-passage";
import { useServerState } from "./use-server-state";
import { useLabelViews, useWorkspaceResets } from "./use-workspace-state";
import { workspaceCommands } from "./workspace-commands";

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
/** Grade 2 when the scale has it, else the highest grade. */
function initialGrade(grades: { grade: number }[]): number {
  return grades.some((level) => level.grade === 2) ? 2 : (grades.at(-1)?.grade ?? 1);
}

/** Whether the header shows hole counts a label write changes (fill-holes mode, or "Next" opened it for its holes). */
function countsHoles(flow: LabelingWorkspaceProps["flow"]): boolean {
  return flow.hole !== null || flow.reason?.tier === "holes";
}

export function LabelingWorkspace(props: LabelingWorkspaceProps) {
  const w = useLabelingWorkspace(props);

  return (
    <div
      ref={w.rootRef}
      className="@container flex flex-col gap-3 lg:h-[calc(100dvh-3rem)]"
      data-testid="labeling-workspace"
    >
      <div className="shrink-0">
        <QueryHeader
          query={{ ...props.query, status: w.queryStatus }}
          flow={props.flow}
          pending={w.pending}
          onStatus={w.setQueryStatus}
          ref={w.flowRef}
        />
      </div>
      <div className={paneGrid}>
        <CandidatesCard
          pool={props.pool}
          candidates={props.candidates}
          corpusSearchUrl={props.corpusSearchUrl}
          openId={w.openId}
          labeledGrades={w.labeledGrades}
          documentHref={w.documentHref}
          judge={w.judgeViews.candidates}
        />

        <DocumentCard
          document={props.document}
          labels={w.documentLabels}
          gradeScale={props.gradeScale}
          activeLabelId={w.hoveredLabelId ?? w.selectedLabel?.id ?? null}
          containerRef={w.containerRef}
          position={
            w.openCandidate ? `Candidate ${w.candidateIndex + 1} of ${props.candidates.length}` : undefined
          }
          suggestion={w.judgeViews.document}
          toolbar={{
            grades: w.grades,
            grade: w.grade,
            onGrade: w.setGrade,
            selectedLabel: w.selectedLabel,
            onRegrade: w.pickGrade,
            onDeselectLabel: () => w.setSelectedLabelId(null),
            selection: w.selection,
            pending: w.pending,
            onLabelSelection: w.labelSelection,
            onLabelDocument: w.labelDocument,
            onClearSelection: w.clear,
          }}
        />

        <LabelsPane
          className="flex min-h-0 flex-col @min-[680px]:col-start-1 @min-[680px]:row-start-2 @min-[900px]:col-start-3 @min-[900px]:row-start-1"
          labels={w.orderedLabels}
          openDocumentId={w.openId}
          gradeScale={props.gradeScale}
          documentHref={w.documentHref}
          titles={w.titles}
          selectedId={w.selectedLabel?.id ?? null}
          pending={w.pending}
          onSelect={w.selectLabel}
          onDelete={w.commands.remove}
          onChangeGrade={w.commands.regrade}
          onActivate={w.setHoveredLabelId}
          onShowKeys={() => w.setShowKeys(true)}
        />
      </div>
      <NoticeToast
        notice={w.commands.notice}
        canUndo={w.commands.canUndo}
        onUndo={() => w.keys.run({ kind: "undo" })}
        onDismiss={w.dismissNotice}
      />
      <ShortcutDialog
        open={w.showKeys}
        gradeScale={w.grades}
        judge={w.judge.available}
        onClose={() => w.setShowKeys(false)}
      />
    </div>
  );
}

/**
 * The workspace's state and commands: the open document and its selection, the labels and their
 * writes, the judge's suggestions, the keyboard. LabelingWorkspace lays them out.
 */
function useLabelingWorkspace(props: LabelingWorkspaceProps) {
  const { query, candidates, document: openDocument, gradeScale, navigation } = props;
  const router = useRouter();
  const rootRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLElement>(null);
  useFillHeight(rootRef, { minWidth: 1024, bottomGap: 20, minHeight: 520 });
  const flowRef = useRef<QueryFlowHandle>(null);
  const text = openDocument?.text ?? "";
  const { selection, clear } = useDocumentSelection(containerRef, text);
  // the actions answer the status they leave the query in; the page is not rendered again for them
  const [queryStatus, setQueryStatus] = useServerState(query.status);
  const commands = useLabelCommands({
    actions: props,
    labels: props.labels,
    gradeScale,
    onQueryStatus: setQueryStatus,
    // where the header counts holes (the hole bar, "Next" for holes) only the server can recount
    // them: the page is rendered again after a label write there, and only there
    afterWrite: countsHoles(props.flow) ? () => router.refresh() : undefined,
  });
  const { labels, pending, setNotice } = commands;
  const [hoveredLabelId, setHoveredLabelId] = useState<string | null>(null);
  const [selectedLabelId, setSelectedLabelId] = useState<string | null>(null);
  const [showKeys, setShowKeys] = useState(false);

  const grades = useMemo(() => [...gradeScale].sort((a, b) => a.grade - b.grade), [gradeScale]);
  const [grade, setGrade] = useState(() => initialGrade(grades));

  const documentHref = documentHrefFor(navigation);
  const openId = openDocument?.id ?? null;
  usePinnedDocument(openId, documentHref);

  useWorkspaceResets({ queryId: query.id, openId, commands, setSelectedLabelId, setHoveredLabelId });

  const { orderedLabels, documentLabels, selectedLabel, labeledGrades, titles } = useLabelViews({
    labels,
    openId,
    candidates,
    selection,
    selectedLabelId,
  });
  const { candidateIndex, openCandidate, textCommands } = useOpenDocumentText({
    containerRef,
    candidates,
    openId,
    text,
  });
  const judge = useJudgeSuggestions({ judge: props.judge, queryId: query.id, candidates });
  const judgeViews = judgeSlots(judge, gradeScale, openId);

  const { labelSelection, labelDocument, pickGrade, selectLabel, execute } = workspaceCommands({
    props,
    router,
    containerRef,
    flowRef,
    commands,
    textCommands,
    selection,
    clear,
    grade,
    setGrade,
    selectedLabel,
    setSelectedLabelId,
    setShowKeys,
    orderedLabels,
    openId,
    documentHref,
    judge,
  });

  const keys = useLabelingKeys({
    busy: pending,
    context: () => ({
      grades: grades.map((level) => level.grade),
      hasSelection: openDocument !== null && (selection !== null || textCommands.currentSelection() !== null),
      hasSelectedLabel: selectedLabel !== null,
      hasJudge: judge.available,
    }),
    execute,
  });

  const dismissNotice = useCallback(() => setNotice(null), [setNotice]);

  return {
    rootRef,
    flowRef,
    containerRef,
    queryStatus,
    setQueryStatus,
    pending,
    openId,
    labeledGrades,
    documentHref,
    judgeViews,
    documentLabels,
    hoveredLabelId,
    setHoveredLabelId,
    selectedLabel,
    setSelectedLabelId,
    openCandidate,
    candidateIndex,
    grades,
    grade,
    setGrade,
    pickGrade,
    selection,
    labelSelection,
    labelDocument,
    clear,
    orderedLabels,
    titles,
    selectLabel,
    commands,
    setShowKeys,
    showKeys,
    keys,
    dismissNotice,
    judge,
  };
}

/** The open candidate, and sentence selection in its text (starting at its best passage). */
function useOpenDocumentText(options: {
  containerRef: RefObject<HTMLElement | null>;
  candidates: LabelingWorkspaceProps["candidates"];
  openId: string | null;
  text: string;
}) {
  const { containerRef, candidates, openId, text } = options;
  const candidateIndex = candidates.findIndex((candidate) => candidate.documentId === openId);
  const openCandidate = candidateIndex === -1 ? null : candidates[candidateIndex];
  // Sentence keys start at the candidate's best passage when the caret is nowhere in the text.
  const passageStart = openCandidate?.passages[0]?.start ?? null;
  useRevealPassage(containerRef, openId, openCandidate?.passages[0] ?? null);
  const sentences = useMemo(() => splitSentences({ text, lineBreaks: "end" }), [text]);
  const textCommands = documentTextCommands({ containerRef, text, sentences, passageStart });
  return { candidateIndex, openCandidate, textCommands };
}
