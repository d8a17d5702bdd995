import { ButtonLink, buttonClassName } from "@/components/ui/button";
import { can, type Role } from "@/lib/auth/roles";
import { formatCountOf } from "../../page-helpers";
import { nextQueryHref } from "./queue-hrefs";

/**
 * The set page's actions, as the role allows: labeling (start, or the next query needing you),
 * assignments or one's own progress, holes, evaluation, the repair queue when labels need it,
 * agreement (adjudicators), label history (admins) and the JSON and TREC qrels exports (curators).
 */
export function SetActions({
  setId,
  role,
  start,
  needRepair,
}: {
  setId: string;
  role: Role;
  /** "start" while unlabeled queries remain, "next" once all are labeled, null with no queries. */
  start: "start" | "next" | null;
  /** Labels that no longer anchor since their document changed. */
  needRepair: number;
}) {
  const mayCurate = can(role, "curate");
  const mayEvaluate = can(role, "evaluate");
  const mayRestore = can(role, "admin"); // the label history page is for admins
  const mayAdjudicate = can(role, "adjudicate");
  return (
    <>
      {start ? (
        <ButtonLink
          href={nextQueryHref(setId)}
          title="The next query that needs you: assigned to you, unlabeled, or with holes"
          variant="primary"
          data-testid="start-labeling"
        >
          {start === "start" ? "Start labeling" : "Label next"}
        </ButtonLink>
      ) : (
        <span
          className={buttonClassName({
            variant: "primary",
            className: "pointer-events-none opacity-50",
          })}
          aria-disabled="true"
          title="Add queries first"
          data-testid="start-labeling"
        >
          Start labeling
        </span>
      )}
      <ButtonLink href={`/sets/${setId}/assignments`} data-testid="assignments-link">
        {can(role, "assign") ? "Assignments" : "My progress"}
      </ButtonLink>
      <ButtonLink href={`/sets/${setId}/holes`} data-testid="holes-link">
        Holes
      </ButtonLink>
      <ButtonLink
        href={`/sets/${setId}/runs`}
        data-testid="evaluate-link"
        title={mayEvaluate ? undefined : "Your role can view runs but not start them"}
      >
        Evaluate
      </ButtonLink>
      {needRepair > 0 ? (
        <ButtonLink
          href={`/sets/${setId}/repair`}
          data-testid="repair-link"
          title="Labels that no longer anchor since their document changed"
        >
          Repair {formatCountOf(needRepair, "label")}
        </ButtonLink>
      ) : null}
      {mayAdjudicate ? (
        <ButtonLink href={`/sets/${setId}/agreement`} data-testid="agreement-link">
          Agreement
        </ButtonLink>
      ) : null}
      {mayRestore ? (
        <ButtonLink href={`/sets/${setId}/history`} data-testid="label-history-link">
          Label history
        </ButtonLink>
      ) : null}
      {mayCurate ? (
        <a href={`/api/sets/${setId}/export`} download className={buttonClassName()} data-testid="export-set">
          Export JSON
        </a>
      ) : null}
      {mayCurate ? (
        <a
          href={`/api/sets/${setId}/qrels`}
          download
          className={buttonClassName()}
          title="Document-level TREC qrels (qid 0 docid grade), grades as the judgment policy counts them"
          data-testid="export-qrels"
        >
          Export qrels
        </a>
      ) : null}
    </>
  );
}
