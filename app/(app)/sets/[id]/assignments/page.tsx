import type { Metadata } from "next";
import { AssignForm, ClearAssignmentsButton } from "@/components/queue/assign-form";
import { ProgressTable } from "@/components/queue/progress-table";
import { SetCountsLine } from "@/components/sets/set-counts-line";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { listLabelers, listUnassignedQueryIds } from "@/lib/db/assignments";
import { db } from "@/lib/db/client";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { loadSetQueryCounts } from "@/lib/db/set-query-counts";
import { loadAnnotatorProgress } from "@/lib/queue/assign-queries";
import { orNotFound } from "../../../page-helpers";
import { nextQueryHref } from "../queue-hrefs";
import { setBreadcrumbs } from "../set-breadcrumbs";
import { assignQueriesAction, clearOpenAssignmentsAction } from "./actions";

export const metadata: Metadata = { title: "Assignments" };

/**
 * Who labels which queries of a set, and how far each annotator is. Engineers and admins assign
 * (round-robin, with an overlap share for agreement) and see everyone; annotators see their own
 * progress.
 */
export default async function AssignmentsPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser("label");
  const { id: setId } = await params;
  const set = await orNotFound(getGoldenSet(db(), setId));
  const mayAssign = can(user.role, "assign");
  const [progress, counts, labelers, unassigned] = await Promise.all([
    loadAnnotatorProgress(db(), setId),
    loadSetQueryCounts(db(), setId),
    mayAssign ? listLabelers(db()) : [],
    mayAssign ? listUnassignedQueryIds(db(), setId) : [],
  ]);
  const rows = mayAssign ? progress : progress.filter((row) => row.user.id === user.id);

  return (
    <>
      <PageHeader
        breadcrumbs={setBreadcrumbs(set)}
        title={mayAssign ? "Assignments and progress" : "Your progress"}
        description="“Next” in the workspace opens an annotator's assigned queries first, then unassigned unlabeled ones, then queries with holes."
        actions={
          <ButtonLink href={nextQueryHref(setId)} variant="primary" data-testid="start-queue">
            Label my next query
          </ButtonLink>
        }
      />
      <div className="space-y-4">
        {mayAssign ? (
          <Card>
            <CardHeader
              title="Assign queries"
              description={`${unassigned.length} of the set's queries are not assigned to anyone. Queries already assigned keep their annotators.`}
              actions={<ClearAssignmentsButton action={clearOpenAssignmentsAction.bind(null, setId)} />}
            />
            <AssignForm
              action={assignQueriesAction.bind(null, setId)}
              labelers={labelers}
              unassigned={unassigned.length}
            />
          </Card>
        ) : null}
        <Card>
          <CardHeader
            title="Progress"
            description={
              mayAssign
                ? "Everyone assigned, or with progress or labels in this set. Done: queries they marked done; queries labeled: with a label of theirs, done or not."
                : "Your assigned queries and what you did with them."
            }
          />
          <SetCountsLine counts={counts} className="border-zinc-100 border-b px-4 py-2" />
          {rows.length === 0 ? (
            <p className="px-4 py-3 text-xs text-zinc-500" data-testid="no-progress">
              {mayAssign
                ? "Nobody is assigned or has labeled yet: assign queries above."
                : "Nothing assigned to you yet, and no labels: “Label my next query” picks unlabeled queries for you."}
            </p>
          ) : (
            <ProgressTable rows={rows} meId={user.id} />
          )}
        </Card>
      </div>
    </>
  );
}
