import type { QueryFlowProps } from "@/components/queue/types";
import type { LabelView } from "@/lib/curation/label-view";
import type { ActionState } from "@/lib/http/action-state";
import type { AskJudgeInput, JudgeChoice, SuggestionView } from "@/lib/labeling/judge-suggestions";
import type { PooledDocument } from "@/lib/pooling/candidate-pool";

/**
 * Props contract of the labeling workspace; pages build these from lib/ and pass them in.
 * A candidate is a document of the pooled candidates (lib/pooling/candidate-pool.ts): its
 * 1-based rank in the list and its passages, each with the configurations that retrieved it.
 */
export type Candidate = PooledDocument;

/** A label as the workspace shows it; the page and the label actions' answers build it (lib/curation/label-view.ts). */
export type { LabelView };

export type OpenDocument = { id: string; externalId: string; title: string; text: string; version: number };

export type GradeLevel = { grade: number; name: string };

/** Saving a span the annotator already labeled changes that label's grade instead of adding one. */
type SaveOutcome = "created" | "updated" | "unchanged";

/**
 * What a save answers: the label (new or existing) as the workspace shows it, the grade it had
 * before (null: new) for undo, and the query's status after it.
 */
export type SaveResult = {
  outcome: SaveOutcome;
  labelId: string;
  previousGrade: number | null;
  label: LabelView;
  queryStatus: string;
};

/**
 * Where the workspace links to. A server page cannot pass functions to this client component,
 * so it gives `documentHrefPrefix` (the href is the prefix + the URL-encoded document id);
 * a client parent may give `documentHref` instead.
 */
export type LabelingNavigation = {
  previousHref: string | null;
  nextHref: string | null;
} & ({ documentHrefPrefix: string; documentHref?: never } | { documentHref: (documentId: string) => string });

/**
 * "Ask the judge" (issue 23, 4c): the judges to pick from (newest first) and the two actions.
 * Absent, or no judge: the workspace shows no judge control.
 */
export type WorkspaceJudge = {
  judges: JudgeChoice[];
  ask: (input: AskJudgeInput) => Promise<ActionState<{ suggestions: SuggestionView[] }>>;
  /** Makes the suggestion the signed-in person's label (its history names the judge). */
  accept: (input: {
    judgmentId: string;
  }) => Promise<ActionState<SaveResult & { warning?: string | undefined }>>;
};

export type LabelingWorkspaceProps = {
  query: {
    id: string;
    text: string;
    informationNeed: string;
    status: string;
    position: number;
    total: number;
  };
  /** Pooled candidates for the query (BM25 and the set's pooled runs), by document, best first. */
  candidates: Candidate[];
  /** How the candidates were pooled, said in the candidates' header; absent: not said. */
  pool?: { depth: number; sourceNames: string[] };
  /** The set's corpus search endpoint (`/api/sets/{id}/search`); absent: no search box. */
  corpusSearchUrl?: string;
  /** The document currently open (full text), or null when none is open. */
  document: OpenDocument | null;
  /** All labels of this query, on any document. */
  labels: LabelView[];
  gradeScale: GradeLevel[];
  navigation: LabelingNavigation;
  /**
   * Server actions; a quote label may come back with a warning (e.g. the quote is ambiguous).
   * Saves and grade changes answer the grade before, so that `u` can undo them. They answer
   * what changed and do not re-render the page: the workspace keeps its labels and status.
   */
  createLabel: (input: {
    documentId: string;
    documentVersion: number;
    start: number;
    end: number;
    grade: number;
  }) => Promise<ActionState<SaveResult & { warning?: string | undefined }>>;
  createDocumentLabel: (input: {
    documentId: string;
    documentVersion: number;
    grade: number;
  }) => Promise<ActionState<SaveResult>>;
  changeLabelGrade: (input: {
    labelId: string;
    grade: number;
  }) => Promise<ActionState<{ outcome: string; previousGrade: number }>>;
  deleteLabel: (input: { labelId: string }) => Promise<ActionState>;
  /** Brings back a label this user deleted (undo of a delete); answers the query's status after. */
  undoDeleteLabel: (input: { labelId: string }) => Promise<ActionState<{ queryStatus: string }>>;
  /** The queue around the query: next/previous, progress, lock, hole walk and their actions. */
  flow: QueryFlowProps;
  judge?: WorkspaceJudge;
};

/** The label actions of the workspace, as the label commands call them. */
export type LabelActions = Pick<
  LabelingWorkspaceProps,
  "createLabel" | "createDocumentLabel" | "changeLabelGrade" | "deleteLabel" | "undoDeleteLabel"
>;
