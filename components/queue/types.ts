import type { ActionState } from "@/lib/http/action-state";

/** What an annotator can do with the open query (lib/labeling/queue-schema.ts). */
export type ProgressRequest =
  | { action: "done" }
  | { action: "no_answer" }
  | { action: "skipped"; reason: string }
  | { action: "cannot_judge"; reason: string }
  | { action: "reopen" };

export type LockHolderView = { name: string; until: string };

/** Why "Next" chose the open query (its queue tier); for holes, how many and whose. */
export type NextReasonView =
  | { tier: "assigned" | "unlabeled" }
  | { tier: "holes"; holes: number; k: number; runNames: string[] };

/** "Fill holes" mode: where the open hole stands in the walk, and where the next one is. */
export type HoleBarView = {
  /** 1-based position of the open hole among those left; null once it is judged, or off a hole. */
  position: number | null;
  /** Whether the page was opened on a hole (a document opened from the list is not one). */
  onHole: boolean;
  /** Holes left in the walk (the one open included while it is unjudged). */
  total: number;
  /** The depth the holes are counted at (the set's pool depth). */
  k: number;
  /** Whose top k: a run's name, or null for every non-archived run of the set. */
  runName: string | null;
  /** The hole's chunk in the open document, to select and scroll to; null when unknown. */
  span: { start: number; end: number } | null;
  /** The next hole (or the end-of-holes page). */
  nextHref: string;
  /** The list of these holes. */
  listHref: string;
};

/**
 * The queue around the open query, built by the query page and passed through the workspace to
 * its header: where `n` goes, the signed-in annotator's progress, another annotator's lock, the
 * hole walk, and the server actions (bound to the set and query).
 */
export type QueryFlowProps = {
  /** The next query needing this annotator (resolved when followed), or the next hole. */
  nextHref: string;
  /** In "fill holes" mode, the next query needing this annotator, leaving the hole walk (⇧N). */
  leaveHolesHref: string | null;
  /** Why "Next" opened this query, when it did. */
  reason: NextReasonView | null;
  previousHref: string | null;
  myProgress: { state: "done" | "skipped" | "cannot_judge"; reason: string } | null;
  /** Someone else holding the query's lock when the page was built. */
  lock: (LockHolderView & { overlap: boolean }) | null;
  hole: HoleBarView | null;
  notes: string;
  /** Answers the query's set-level status after it (the header shows it when the query stays open). */
  recordProgress: (input: ProgressRequest) => Promise<ActionState<{ status: string }>>;
  holdLock: (
    input: Record<string, never>,
  ) => Promise<ActionState<{ holder: LockHolderView | null; overlap?: boolean }>>;
  /** Where the workspace's beacon drops the lock when the annotator leaves the query (POST). */
  releaseUrl: string;
  /** Answers the need and notes as saved (trimmed); the header shows them without a re-render. */
  saveDetails: (input: {
    informationNeed: string;
    notes: string;
  }) => Promise<ActionState<{ informationNeed: string; notes: string }>>;
};

/** What the workspace's keys ask of the header: `d` done, `s` skip (asks for a reason first). */
export type QueryFlowHandle = { request: (status: "labeled" | "skipped") => void };
