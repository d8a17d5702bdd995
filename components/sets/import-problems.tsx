import { Alert } from "@/components/ui/alert";

/** A refused import's problems as the API answers them (lib/http/route-handler.ts). */
export type ImportProblems = {
  problems: { message: string; file?: string; line?: number; path?: string }[];
  problemCount: number;
};

/** The `problems` of an error body, when it has them. */
export function readImportProblems(body: unknown): ImportProblems | null {
  if (typeof body !== "object" || body === null) return null;
  const { problems, problemCount } = body as Partial<ImportProblems>;
  if (!Array.isArray(problems) || typeof problemCount !== "number") return null;
  return { problems, problemCount };
}

function where(problem: ImportProblems["problems"][number], fileName: string | undefined): string {
  const file = problem.file ?? fileName;
  const line = problem.line ? `line ${problem.line}` : null;
  return [file, line, problem.path].filter(Boolean).join(" ");
}

/**
 * "Nothing was imported — 6 problems", then one row per problem: where (file, line or JSON path)
 * and what; the rows past the server's cap are counted, not listed.
 */
export function ImportProblemsAlert({
  problems,
  fileName,
  "data-testid": testId,
}: {
  problems: ImportProblems;
  /** Names the problems that name no file (the uploaded file's). */
  fileName?: string;
  "data-testid"?: string;
}) {
  const count = problems.problemCount;
  const hidden = count - problems.problems.length;
  return (
    <Alert
      tone="error"
      title={`Nothing was imported — ${count.toLocaleString("en-US")} ${count === 1 ? "problem" : "problems"}`}
      data-testid={testId}
    >
      <ol className="mt-1 max-h-72 space-y-0.5 overflow-y-auto pr-2" data-testid="import-problems">
        {problems.problems.map((problem, index) => (
          // the same line may have two problems; the index keeps rows apart
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
          <li key={index} className="flex flex-wrap gap-x-2" data-testid="import-problem">
            <span className="font-mono text-red-700 tabular-nums">{where(problem, fileName)}</span>
            <span className="min-w-0">{problem.message}</span>
          </li>
        ))}
      </ol>
      {hidden > 0 ? (
        <p className="mt-1 italic" data-testid="import-problems-more">
          … and {hidden.toLocaleString("en-US")} more {hidden === 1 ? "problem" : "problems"} (fix these and
          upload again)
        </p>
      ) : null}
    </Alert>
  );
}
