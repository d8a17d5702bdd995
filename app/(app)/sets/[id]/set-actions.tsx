import { ButtonLink, buttonClassName } from "@/components/ui/button";
import { formatCountOf } from "@/components/ui/format-number";
import { can, type Role } from "@/lib/auth/roles";
import { nextQueryHref } from "./queue-hrefs";

/**
 * The set page's actions, as the role allows: labeling (start, or the next query needing you),
 * assignments or one's own progress, holes, evaluation, model judging (engineers and admins), the
 * repair queue when labels need it, agreement (adjudicators), label history (admins), the JSON
 * export and the qrels exports menu (curators). Downloads are named after the set by the server (`<slug>.goldenset.json`, …).
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
      {mayEvaluate ? (
        <ButtonLink
          href={`/sets/${setId}/judging`}
          data-testid="judging-link"
          title="Have an LLM judge grade runs' results, and see how far to trust it"
        >
          Judging
        </ButtonLink>
      ) : null}
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
      {mayCurate ? <QrelsExportMenu setId={setId} /> : null}
    </>
  );
}

const qrelsExports = [
  {
    query: "qrels",
    label: "TREC qrels",
    hint: "qid 0 docid grade",
    file: "<set>.qrels",
    testId: "export-qrels",
  },
  {
    query: "qrels?format=beir",
    label: "BEIR qrels TSV",
    hint: "query-id, corpus-id, score, with a header",
    file: "<set>-qrels.tsv",
    testId: "export-qrels-beir",
  },
  {
    query: "queries",
    label: "BEIR queries.jsonl",
    hint: "the query ids and texts both qrels files use",
    file: "<set>-queries.jsonl",
    testId: "export-queries-beir",
  },
];

/**
 * The qrels downloads, folded into one menu (a native <details>, so it works without script):
 * document-level judgments as the judgment policy counts them, in TREC or BEIR form.
 */
function QrelsExportMenu({ setId }: { setId: string }) {
  return (
    <details className="group relative" data-testid="export-qrels-menu">
      <summary
        className={buttonClassName({ className: "list-none [&::-webkit-details-marker]:hidden" })}
        title="Document-level qrels, grades as the judgment policy counts them"
      >
        Export qrels
        <span aria-hidden="true" className="ml-1 text-zinc-400 group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-96 rounded-md border border-zinc-200 bg-white py-1 shadow-lg">
        {qrelsExports.map((item) => (
          <a
            key={item.testId}
            href={`/api/sets/${setId}/${item.query}`}
            download
            className="block px-3 py-1.5 hover:bg-zinc-50"
            data-testid={item.testId}
          >
            <span className="flex items-baseline justify-between gap-3">
              <span className="font-medium text-sm text-zinc-900">{item.label}</span>
              <span className="font-mono text-[11px] text-zinc-400">{item.file}</span>
            </span>
            <span className="block text-xs text-zinc-500">{item.hint}</span>
          </a>
        ))}
      </div>
    </details>
  );
}
