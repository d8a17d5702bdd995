import type { Metadata } from "next";
import { LabelingWorkspace } from "@/components/labeling/labeling-workspace";
import { requirePageUser } from "@/lib/auth/session";
import { labelView } from "@/lib/curation/label-view";
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
      labels={labels.map((label) =>
        labelView({ label, viewer: user, openDocument: document, suggestedBy: suggestedBy.get(label.id) }),
      )}
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
