import { Badge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { ModelJudgmentView } from "@/lib/db/model-judgments";
import type { ModelJudgmentStatus } from "@/lib/judging/model-judgment-status";
import type { GradeScale } from "@/lib/sets/set-schema";

const judgmentStatusLabels: Record<ModelJudgmentStatus, string> = {
  supported: "supported",
  not_needed: "no quote needed",
  unsupported: "UNSUPPORTED",
  failed: "failed",
};

function StatusCell({ judgment }: { judgment: ModelJudgmentView }) {
  const titles: Record<ModelJudgmentStatus, string> = {
    supported: "Its quote was found in the passage: it is a label by the judge",
    not_needed: "Grade 0 needs no quote: a label by the judge",
    unsupported: "Its quote is not in the passage: shown, never relevant, left out of agreement",
    failed: "No usable answer after one retry; a later job judges it again",
  };
  const tone = judgment.status === "supported" || judgment.status === "not_needed" ? "green" : "red";
  return (
    <Badge
      tone={tone}
      title={titles[judgment.status]}
      data-testid="judgment-status"
      data-status={judgment.status}
    >
      {judgmentStatusLabels[judgment.status]}
    </Badge>
  );
}

function QuoteCell({ judgment }: { judgment: ModelJudgmentView }) {
  if (judgment.status === "failed") {
    return (
      <details className="text-xs" data-testid="judgment-raw">
        <summary className="cursor-pointer text-red-700">{judgment.error ?? "No usable answer"}</summary>
        <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap rounded bg-zinc-50 p-2 font-mono text-[11px] text-zinc-700">
          {judgment.raw || "(empty answer)"}
        </pre>
      </details>
    );
  }
  if (!judgment.quote) return <span className="text-xs text-zinc-400">—</span>;
  if (judgment.status === "unsupported") {
    return (
      <span className="text-xs" data-testid="judgment-quote">
        <s className="text-red-700 decoration-red-400">“{judgment.quote}”</s>
        <span className="block text-[11px] text-red-700">not found in the passage</span>
      </span>
    );
  }
  return (
    <span className="text-xs text-zinc-700" data-testid="judgment-quote">
      “{judgment.quote}”
      {judgment.match && judgment.match !== "exact" ? (
        <span className="ml-1 text-[11px] text-zinc-400">({judgment.match} match)</span>
      ) : null}
    </span>
  );
}

/** The judge's judgments on a set: one row per (query, passage), with its evidence. */
export function ModelJudgmentsTable({
  rows,
  setId,
  grades,
}: {
  rows: ModelJudgmentView[];
  setId: string;
  grades: GradeScale;
}) {
  const gradeName = (grade: number) =>
    grades.find((level) => level.grade === grade)?.name ?? `grade ${grade}`;
  return (
    <Table data-testid="judgments-table">
      <THead>
        <tr>
          <Th>Query</Th>
          <Th>Document</Th>
          <Th>Grade</Th>
          <Th>Status</Th>
          <Th>Quote</Th>
          <Th>Reason</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((judgment) => (
          <Tr key={judgment.id} data-testid="judgment-row" data-status={judgment.status}>
            <Td className="max-w-56 text-xs">
              <Link
                href={`/sets/${setId}/queries/${judgment.queryId}`}
                className="text-zinc-900 hover:underline"
                title={judgment.queryText}
              >
                <span className="font-mono text-zinc-500">{judgment.queryKey}</span>{" "}
                <span className="line-clamp-2">{judgment.queryText}</span>
              </Link>
            </Td>
            <Td className="whitespace-nowrap font-mono text-xs text-zinc-600">
              {judgment.documentExternalId}
              <span className="block font-sans text-[11px] text-zinc-400">
                {judgment.wholeDocument ? "whole document" : `chars ${judgment.start}–${judgment.end}`}
              </span>
            </Td>
            <Td className="whitespace-nowrap text-xs" data-testid="judgment-grade">
              {judgment.grade === null ? (
                <span className="text-zinc-400">—</span>
              ) : (
                <>
                  <span className="tabular-nums">{judgment.grade}</span>{" "}
                  <span className="text-zinc-500">{gradeName(judgment.grade)}</span>
                </>
              )}
            </Td>
            <Td>
              <StatusCell judgment={judgment} />
            </Td>
            <Td className="max-w-80">
              <QuoteCell judgment={judgment} />
            </Td>
            <Td className="max-w-72 text-xs text-zinc-600">{judgment.reason}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
