"use client";

import { useRouter } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import type { QueryFlowHandle } from "@/components/queue/types";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { CandidateList } from "./candidate-list";
import { CorpusSearch } from "./corpus-search";
import { documentHrefFor } from "./document-href";
import { DocumentPanel } from "./document-panel";
import { gradeLabel } from "./grade-tones";
import { LabelList } from "./label-list";
import { type LabelingCommand, neighbourCandidate } from "./labeling-shortcuts";
import { poolDescription } from "./pool-description";
import { QueryHeader } from "./query-header";
import { truncateMiddle } from "./quote-preview";
import { ShortcutLegend } from "./shortcut-legend";
import type { LabelingWorkspaceProps, SaveOutcome } from "./types";
import { readDocumentSelection, useDocumentSelection } from "./use-document-selection";
import { useLabelingActions } from "./use-labeling-actions";
import { useLabelingKeys } from "./use-labeling-keys";

export type * from "./types";

/** The annotator's screen: read candidates for one query and label the passages that answer it. */
export function LabelingWorkspace(props: LabelingWorkspaceProps) {
  const { query, candidates, document: openDocument, labels, gradeScale, navigation } = props;
  const router = useRouter();
  const containerRef = useRef<HTMLElement>(null);
  const flowRef = useRef<QueryFlowHandle>(null);
  const text = openDocument?.text ?? "";
  const { selection, clear } = useDocumentSelection(containerRef, text);
  const { pending, notice, setNotice, run } = useLabelingActions();
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [activeLabelId, setActiveLabelId] = useState<string | null>(null);

  const grades = useMemo(
    () => gradeScale.filter((level) => level.grade > 0).sort((a, b) => a.grade - b.grade),
    [gradeScale],
  );
  const [grade, setGrade] = useState(() =>
    grades.some((level) => level.grade === 2) ? 2 : (grades.at(-1)?.grade ?? 1),
  );

  const documentHref = documentHrefFor(navigation);
  const openId = openDocument?.id ?? null;

  // A notice or outline belongs to the query and document it was made on: drop it on navigation.
  const view = `${query.id}/${openId}`;
  const [shownView, setShownView] = useState(view);
  if (shownView !== view) {
    setShownView(view);
    setNotice(null);
    setActiveLabelId(null);
  }
  const documentLabels = useMemo(
    () => labels.filter((label) => label.documentId === openId),
    [labels, openId],
  );
  const labeledGrades = useMemo(() => {
    const best = new Map<string, number>();
    for (const label of labels)
      best.set(label.documentId, Math.max(label.grade, best.get(label.documentId) ?? 0));
    return best;
  }, [labels]);
  const titles = useMemo(
    () => new Map(candidates.map((candidate) => [candidate.documentId, candidate.title])),
    [candidates],
  );

  function labelSelection() {
    if (!openDocument) return;
    const current = readDocumentSelection(containerRef.current, openDocument.text) ?? selection;
    if (!current) {
      setNotice({ tone: "error", message: "Select a phrase in the document first." });
      return;
    }
    const input = {
      documentId: openDocument.id,
      documentVersion: openDocument.version,
      start: current.start,
      end: current.end,
      grade,
    };
    const quote = `“${truncateMiddle(current.quote, 60)}”`;
    run(() => props.createLabel(input), {
      success: (data) => savedMessage(data?.outcome, quote, gradeLabel(grade, gradeScale)),
      onSuccess: clear,
    });
  }

  function labelDocument() {
    if (!openDocument) return;
    const input = { documentId: openDocument.id, documentVersion: openDocument.version, grade };
    run(() => props.createDocumentLabel(input), {
      success: (data) => savedMessage(data?.outcome, "the whole document", gradeLabel(grade, gradeScale)),
    });
  }

  function changeLabelGrade(labelId: string, newGrade: number) {
    run(() => props.changeLabelGrade({ labelId, grade: newGrade }), {
      success: `Grade changed to ${gradeLabel(newGrade, gradeScale)}.`,
    });
  }

  /** `d` and `s`: the header records progress (a skip asks for a reason) and opens the next query. */
  function changeStatus(status: "labeled" | "skipped") {
    flowRef.current?.request(status);
  }

  function deleteLabel(labelId: string) {
    setDeletingId(labelId);
    run(
      async () => {
        try {
          return await props.deleteLabel({ labelId });
        } finally {
          setDeletingId(null);
        }
      },
      { success: "Label deleted." },
    );
  }

  function revealLabel(labelId: string) {
    const mark = containerRef.current?.querySelector(`[data-label-ids~="${CSS.escape(labelId)}"]`);
    mark?.scrollIntoView({ block: "center", behavior: "smooth" });
    setActiveLabelId(labelId);
  }

  function openCandidate(direction: 1 | -1) {
    const next = neighbourCandidate(candidates, openId, direction);
    if (next) router.push(documentHref(next.documentId));
  }

  function execute(command: LabelingCommand) {
    const mutates =
      command.kind === "label-selection" || command.kind === "label-document" || command.kind === "status";
    if (mutates && pending) return; // one write at a time
    if (command.kind === "grade") setGrade(command.grade);
    else if (command.kind === "clear-selection") clear();
    else if (command.kind === "next-candidate") openCandidate(1);
    else if (command.kind === "previous-candidate") openCandidate(-1);
    else if (command.kind === "next-query" && navigation.nextHref) router.push(navigation.nextHref);
    else if (command.kind === "previous-query" && navigation.previousHref)
      router.push(navigation.previousHref);
    else if (command.kind === "label-selection") labelSelection();
    else if (command.kind === "label-document") labelDocument();
    else if (command.kind === "status") changeStatus(command.status);
  }

  useLabelingKeys({
    grades: grades.map((level) => level.grade),
    hasSelection: () =>
      openDocument !== null &&
      (selection !== null || readDocumentSelection(containerRef.current, text) !== null),
    execute,
  });

  return (
    <div className="space-y-3" data-testid="labeling-workspace">
      <QueryHeader query={query} flow={props.flow} pending={pending} ref={flowRef} />
      <div className="grid items-start gap-3 lg:grid-cols-[280px_minmax(0,1fr)] xl:grid-cols-[280px_minmax(0,1fr)_300px]">
        <Card className="lg:sticky lg:top-0">
          <CardHeader title="Candidates" description={poolDescription(props.pool)} />
          {props.corpusSearchUrl ? (
            <CorpusSearch searchUrl={props.corpusSearchUrl} documentHref={documentHref} />
          ) : null}
          <div className="max-h-[calc(100dvh-12rem)] overflow-y-auto">
            <CandidateList
              candidates={candidates}
              openDocumentId={openId}
              labeledGrades={labeledGrades}
              documentHref={documentHref}
            />
          </div>
        </Card>

        <Card className="min-w-0">
          {openDocument ? (
            <DocumentPanel
              document={openDocument}
              labels={documentLabels}
              gradeScale={gradeScale}
              activeLabelId={activeLabelId}
              containerRef={containerRef}
              notice={notice}
              onDismissNotice={() => setNotice(null)}
              toolbar={{
                grades,
                grade,
                onGrade: setGrade,
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

        <div className="space-y-3 lg:col-start-2 xl:col-start-auto">
          <Card>
            <CardHeader title={`Labels (${labels.length})`} description="This query, on every document" />
            <LabelList
              labels={labels}
              openDocumentId={openId}
              gradeScale={gradeScale}
              documentHref={documentHref}
              titles={titles}
              deletingId={deletingId}
              pending={pending}
              onDelete={deleteLabel}
              onChangeGrade={changeLabelGrade}
              onActivate={setActiveLabelId}
              onReveal={revealLabel}
            />
          </Card>
          <Card>
            <CardHeader title="Keyboard" />
            <CardBody>
              <ShortcutLegend grades={grades.map((level) => level.grade)} />
            </CardBody>
          </Card>
        </div>
      </div>
    </div>
  );
}

/** The notice after saving a label: a span labeled again by the same person changes its grade. */
function savedMessage(outcome: SaveOutcome | undefined, what: string, grade: string): string {
  if (outcome === "updated") return `You had labeled ${what} already: its grade is now ${grade}.`;
  if (outcome === "unchanged") return `You had labeled ${what} as ${grade} already.`;
  return `Labeled ${what} as ${grade}.`;
}
