import { Card, CardHeader } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { formatCount } from "@/components/ui/format-number";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { GradeScale } from "@/lib/sets/set-schema";

/** People's grades (rows) against the judge's (columns); the diagonal is where they agree. */
export function ConfusionMatrix({
  confusion,
  grades,
}: {
  confusion: { grades: number[]; counts: number[][] };
  grades: GradeScale;
}) {
  const name = (grade: number) => grades.find((level) => level.grade === grade)?.name ?? `grade ${grade}`;
  const max = Math.max(1, ...confusion.counts.flat());
  return (
    <Card>
      <CardHeader
        title="Grade confusion"
        description="Each cell counts the pairs a person graded as the row and the judge as the column. Off the diagonal they differ; above it the judge is more lenient."
      />
      <Table data-testid="judge-confusion">
        <THead>
          <tr>
            <Th>Person ↓ · Judge →</Th>
            {confusion.grades.map((grade) => (
              <Th key={grade} numeric>
                {grade} {name(grade)}
              </Th>
            ))}
          </tr>
        </THead>
        <TBody>
          {confusion.grades.map((rowGrade, row) => (
            <Tr key={rowGrade}>
              <Th scope="row" className="whitespace-nowrap">
                {rowGrade} {name(rowGrade)}
              </Th>
              {confusion.grades.map((columnGrade, column) => {
                const count = confusion.counts[row]?.[column] ?? 0;
                return (
                  <Td
                    key={columnGrade}
                    numeric
                    className={cx(
                      "tabular-nums",
                      count === 0 ? "text-zinc-300" : "text-zinc-900",
                      row === column && "font-semibold",
                    )}
                    style={
                      count > 0
                        ? {
                            backgroundColor: `rgba(${row === column ? "16,185,129" : "239,68,68"},${(0.06 + 0.24 * (count / max)).toFixed(3)})`,
                          }
                        : undefined
                    }
                  >
                    {formatCount(count)}
                  </Td>
                );
              })}
            </Tr>
          ))}
        </TBody>
      </Table>
    </Card>
  );
}
