import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { formatCount, formatCountOf } from "@/components/ui/format-number";
import { Stat } from "@/components/ui/stat";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { AgreementReport } from "@/lib/agreement/compute-agreement";
import { describeAgreement } from "@/lib/agreement/describe-agreement";
import { formatValue } from "@/lib/comparisons/format-comparison";

type AgreementSummaryProps = {
  report: AgreementReport;
  people: Record<string, { name: string; email: string }>;
  /** "grade ≥ 2 (Relevant)": what kappa calls relevant. */
  relevance: string;
};

function tone(value: number | null): BadgeTone {
  if (value === null) return "neutral";
  if (value > 0.6) return "green";
  return value > 0.4 ? "amber" : "red";
}

function AgreementValue({ value }: { value: number | null }) {
  return (
    <span className="inline-flex items-baseline gap-1.5">
      <span className="tabular-nums">{formatValue(value)}</span>
      <Badge tone={tone(value)}>{describeAgreement(value)}</Badge>
    </span>
  );
}

/** Items, alpha over everyone, and kappa per pair of annotators (the numbers `goldenset agreement` prints). */
export function AgreementSummary({ report, people, relevance }: AgreementSummaryProps) {
  const person = (id: string) => people[id] ?? { name: id, email: "" };
  return (
    <>
      <div className="mb-5 grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat
          label="Items"
          value={formatCount(report.items)}
          hint="(query, document) pairs judged by 2+ annotators"
          data-testid="agreement-items"
        />
        <Stat label="Annotators" value={formatCount(report.annotators.length)} hint="who judged an item" />
        <Stat
          label="Krippendorff's α, nominal"
          value={<AgreementValue value={report.alpha.nominal} />}
          hint="grades as categories"
          data-testid="alpha-nominal"
        />
        <Stat
          label="Krippendorff's α, ordinal"
          value={<AgreementValue value={report.alpha.ordinal} />}
          hint="grades in order: 3 vs 2 is a smaller miss than 3 vs 0"
          data-testid="alpha-ordinal"
        />
      </div>
      <Card className="mb-5">
        <CardHeader
          title="Cohen's κ per pair of annotators"
          description={`On relevance: an annotator's value counts as relevant at ${relevance}. Computed over the items both judged; 1 is perfect agreement, 0 what chance alone gives.`}
        />
        <Table data-testid="kappa-table">
          <THead>
            <tr>
              <Th>Annotator</Th>
              <Th>Annotator</Th>
              <Th numeric>Items in common</Th>
              <Th numeric title="Share of those items on whose relevance they agree">
                Agree on relevance
              </Th>
              <Th numeric>κ</Th>
            </tr>
          </THead>
          <TBody>
            {report.pairs.map((pair) => (
              <Tr key={`${pair.a} ${pair.b}`} data-testid="kappa-row">
                <Td title={person(pair.a).email}>{person(pair.a).name}</Td>
                <Td title={person(pair.b).email}>{person(pair.b).name}</Td>
                <Td numeric>{formatCountOf(pair.items, "item")}</Td>
                <Td numeric>{Math.round(pair.observed * 100)}%</Td>
                <Td numeric data-testid="kappa-value">
                  <AgreementValue value={pair.kappa} />
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
        <p className="border-zinc-100 border-t px-4 py-2 text-xs text-zinc-500">
          An item is a (query, document) pair that two or more annotators judged; an annotator's value for it
          is their highest grade among their labels on that document for that query (quotes and whole-document
          labels alike, grade 0 included). Adjudicated labels are decisions, not judgments, and are not
          counted. “Undefined” means every value was the same, so agreement cannot be told apart from chance.
        </p>
      </Card>
    </>
  );
}
