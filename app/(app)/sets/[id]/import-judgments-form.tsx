"use client";

import { useState } from "react";
import { z } from "zod";
import { FileUploadForm } from "@/components/forms/file-upload-form";
import { ImportProblemsAlert, readImportProblems } from "@/components/sets/import-problems";
import { Alert } from "@/components/ui/alert";
import { Field, Input, Select } from "@/components/ui/field";
import { formatCountOf } from "@/components/ui/format-number";

/** The 201 answer of /api/sets/{id}/judgments (the counts this form shows). */
const importedSchema = z.object({
  queries: z.number(),
  newQueries: z.number(),
  labels: z.number(),
  unchanged: z.number(),
});

function JudgmentsRefused({
  message,
  body,
  fileName,
}: {
  message: string;
  body: unknown;
  fileName: string | null;
}) {
  const problems = readImportProblems(body);
  if (problems) {
    return (
      <ImportProblemsAlert
        problems={problems}
        fileName={fileName ?? undefined}
        data-testid="judgments-error"
      />
    );
  }
  return (
    <Alert tone="error" title="Nothing was imported" data-testid="judgments-error">
      {/* the alert's title already says nothing was imported */}
      <span className="whitespace-pre-wrap">{message.replace(/^Nothing imported — /, "")}</span>
    </Alert>
  );
}

function JudgmentsImported({ imported }: { imported: z.infer<typeof importedSchema> }) {
  return (
    <Alert tone="success" data-testid="judgments-imported">
      Imported {formatCountOf(imported.labels, "judgment")} on{" "}
      {formatCountOf(imported.queries, "query", "queries")} ({imported.newQueries} new)
      {imported.unchanged
        ? `; ${formatCountOf(imported.unchanged, "judgment")} already imported with the same grade`
        : ""}
      .
    </Alert>
  );
}

/**
 * Uploads judgments into this set (POST /api/sets/{id}/judgments): TREC or BEIR qrels with their
 * queries file, Quepid ratings or a CSV of (query, docid, grade). All or nothing: a refusal lists
 * every problem of both files (syntax and references, found in one pass) with its file and line,
 * one per row.
 */
export function ImportJudgmentsForm({ setId }: { setId: string }) {
  const [format, setFormat] = useState("trec");
  const byId = format === "trec" || format === "beir";

  return (
    <div className="p-4" data-testid="import-judgments">
      <FileUploadForm
        action={`/api/sets/${setId}/judgments`}
        formClassName="grid gap-3 md:grid-cols-3"
        fields={
          <Field label="Format" htmlFor="judgments-format">
            <Select
              id="judgments-format"
              name="format"
              value={format}
              onChange={(event) => setFormat(event.target.value)}
              data-testid="judgments-format"
            >
              <option value="trec">TREC qrels (qid 0 docid grade)</option>
              <option value="beir">BEIR qrels TSV (query-id corpus-id score)</option>
              <option value="quepid">Quepid ratings CSV (query, docid, rating)</option>
              <option value="csv">CSV (query, docid, grade)</option>
            </Select>
          </Field>
        }
        fileLabel="Judgments"
        fileHint="Document ids are the corpus's ids."
        afterFile={
          byId ? (
            <Field
              label="Queries"
              htmlFor="judgments-queries"
              hint="BEIR queries.jsonl or a topics file (qid, tab, text)."
            >
              <Input type="file" name="queries" data-testid="judgments-queries" />
            </Field>
          ) : (
            <p className="self-end text-xs text-zinc-500">
              Queries are named by their text; new ones get keys.
            </p>
          )
        }
        submitLabel="Import judgments"
        pendingLabel="Importing…"
        testIdPrefix="judgments"
        noValidate
        messages={{ noFile: "Choose the judgments file", emptyFile: "Choose the judgments file" }}
        // the format is held here, so the form's reset does not put it back
        onDone={() => setFormat("trec")}
        done={{ schema: importedSchema, render: (imported) => <JudgmentsImported imported={imported} /> }}
        renderError={(refusal) => (
          <JudgmentsRefused message={refusal.message} body={refusal.body} fileName={refusal.fileName} />
        )}
      />
    </div>
  );
}
