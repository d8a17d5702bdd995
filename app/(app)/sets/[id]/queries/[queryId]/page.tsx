import type { Metadata } from "next";
import { LabelingWorkspace } from "@/components/labeling/labeling-workspace";
import { storedQuoteSelector } from "@/lib/anchor/create-quote-selector";
import type { AnchorState } from "@/lib/anchor/label-state";
import { resolveQuote } from "@/lib/anchor/resolve-quote";
import { mayChangeLabel } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { latestJudges } from "@/lib/labeling/judge-suggestions";
import { queueParamsSchema } from "@/lib/labeling/queue-schema";
import { loadWorkspaceData } from "@/lib/search/load-workspace-data";
import { listHref, orNotFound } from "../../../../page-helpers";
import {
  changeLabelGradeAction,
  createDocumentLabelAction,
  createQuoteLabelAction,
  deleteLabelAction,
  holdQueryLockAction,
  recordProgressAction,
  saveQueryDetailsAction,
  undoDeleteLabelAction,
} from "./actions";
import { acceptJudgeSuggestionAction, askJudgeAction } from "./judge-actions";
import { loadQueryFlow } from "./query-flow";

export const metadata: Metadata = { title: "Label" };

type Params = { id: string; queryId: string };

export default async function LabelQueryPage({
  params,
  searchParams,
}: {
  params: Promise<Params>;
  searchParams: Promise<{ doc?: string; mode?: string; run?: string; span?: string; why?: string }>;
}) {
  const user = await requirePageUser("label");
  const { id: setId, queryId } = await params;
  const { doc, ...queueSearch } = await searchParams;
  const queue = queueParamsSchema.parse(queueSearch);
  // `?doc=` names a document of the set's corpus; any other id is a 404 like an unknown query.
  const { set, query, index, total, pool, labels, judges, suggestedBy, document } = await orNotFound(
    loadWorkspaceData(db(), { setId, queryId, documentId: doc ?? null }),
  );
  const candidates = pool.documents;
  const base = `/sets/${setId}/queries`;
  const flow = await orNotFound(
    loadQueryFlow({ setId, queryId, userId: user.id, documentId: document?.id ?? null, params: queue }),
  );
  const bound = [setId, queryId] as const;
  const walk = listHref("", { mode: queue.mode, run: queue.run, why: queue.why });

  return (
    <LabelingWorkspace
      query={{
        id: query.id,
        text: query.text,
        informationNeed: query.informationNeed,
        status: query.status,
        position: index,
        total,
      }}
      candidates={candidates}
      pool={{ depth: pool.depth, sourceNames: pool.sourceNames }}
      corpusSearchUrl={`/api/sets/${setId}/search`}
      document={document}
      labels={labels.map((label) => {
        // Labels made on an older version of the open document are shown where they resolve now.
        let span = { start: label.start, end: label.end };
        let state: AnchorState | undefined;
        const selector = storedQuoteSelector(label);
        if (document && label.documentId === document.id && selector) {
          const anchor = resolveQuote({
            text: document.text,
            selector,
            sameVersion: label.documentVersion === document.version,
          });
          state = anchor.state;
          span = "start" in anchor ? { start: anchor.start, end: anchor.end } : { start: null, end: null };
        }
        return {
          id: label.id,
          documentId: label.documentId,
          externalId: label.document.externalId,
          exact: label.exact,
          start: span.start,
          end: span.end,
          grade: label.grade,
          annotatorName: label.annotator?.name ?? null,
          mayChange: mayChangeLabel(user, label),
          mine: label.annotatorId === user.id,
          adjudicated: label.adjudicated,
          ...(suggestedBy.has(label.id) ? { suggestedBy: suggestedBy.get(label.id) } : {}),
          ...(state ? { state } : {}),
        };
      })}
      gradeScale={set.gradeScale}
      navigation={{
        previousHref: flow.previousHref,
        nextHref: flow.nextHref,
        // a document opened from the list leaves the hole's span behind, not the hole walk
        documentHrefPrefix: `${base}/${queryId}${walk ? `${walk}&` : "?"}doc=`,
      }}
      createLabel={createQuoteLabelAction.bind(null, setId, queryId)}
      createDocumentLabel={createDocumentLabelAction.bind(null, setId, queryId)}
      changeLabelGrade={changeLabelGradeAction.bind(null, setId, queryId)}
      deleteLabel={deleteLabelAction.bind(null, setId, queryId)}
      undoDeleteLabel={undoDeleteLabelAction.bind(null, setId, queryId)}
      flow={{
        ...flow,
        notes: query.notes,
        recordProgress: recordProgressAction.bind(null, ...bound),
        holdLock: holdQueryLockAction.bind(null, ...bound),
        releaseUrl: `/api/sets/${setId}/queries/${queryId}/lock/release`,
        saveDetails: saveQueryDetailsAction.bind(null, ...bound),
      }}
      judge={{
        judges: latestJudges(judges.filter((judge) => judge.archivedAt === null)),
        ask: askJudgeAction.bind(null, ...bound),
        accept: acceptJudgeSuggestionAction.bind(null, ...bound),
      }}
    />
  );
}
