"use client";

import { useState } from "react";
import { ImportProblemsAlert } from "@/components/sets/import-problems";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import { formatCountOf } from "@/components/ui/format-number";
import { useImportJudgments } from "./use-import-judgments";

const fileInputClass =
  "block w-full text-xs text-zinc-600 file:mr-3 file:h-7 file:rounded-md file:border file:border-zinc-200 file:bg-white file:px-2.5 file:font-medium file:text-xs file:text-zinc-800 hover:file:bg-zinc-50";

/**
 * Uploads judgments into this set (POST /api/sets/{id}/judgments): TREC or BEIR qrels with their
 * queries file, Quepid ratings or a CSV of (query, docid, grade). All or nothing: a refusal lists
 * every problem of both files (syntax and references, found in one pass) with its file and line,
 * one per row.
 */
export function ImportJudgmentsForm({ setId }: { setId: string }) {
  const [format, setFormat] = useState("trec");
  const { pending, failure, problems, imported, submit } = useImportJudgments({
    setId,
    onImported: () => setFormat("trec"),
  });
  const byId = format === "trec" || format === "beir";

  return (
    <form
      onSubmit={submit}
      className="grid gap-3 p-4 md:grid-cols-3"
      noValidate
      data-testid="import-judgments"
    >
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
      <Field label="Judgments" htmlFor="judgments-file" hint="Document ids are the corpus's ids.">
        <input
          id="judgments-file"
          type="file"
          name="file"
          className={fileInputClass}
          data-testid="judgments-file"
        />
      </Field>
      {byId ? (
        <Field
          label="Queries"
          htmlFor="judgments-queries"
          hint="BEIR queries.jsonl or a topics file (qid, tab, text)."
        >
          <input
            id="judgments-queries"
            type="file"
            name="queries"
            className={fileInputClass}
            data-testid="judgments-queries"
          />
        </Field>
      ) : (
        <p className="self-end text-xs text-zinc-500">Queries are named by their text; new ones get keys.</p>
      )}
      <div className="md:col-span-3">
        {failure ? (
          <Alert tone="error" title="Nothing was imported" className="mb-3" data-testid="judgments-error">
            <span className="whitespace-pre-wrap">{failure}</span>
          </Alert>
        ) : null}
        {problems ? (
          <ImportProblemsAlert
            problems={problems.list}
            fileName={problems.fileName}
            data-testid="judgments-error"
          />
        ) : null}
        {imported ? (
          <Alert tone="success" className="mb-3" data-testid="judgments-imported">
            Imported {formatCountOf(imported.labels, "judgment")} on{" "}
            {formatCountOf(imported.queries, "query", "queries")} ({imported.newQueries} new)
            {imported.unchanged
              ? `; ${formatCountOf(imported.unchanged, "judgment")} already imported with the same grade`
              : ""}
            .
          </Alert>
        ) : null}
        <Button type="submit" disabled={pending} data-testid="judgments-submit">
          {pending ? "Importing…" : "Import judgments"}
        </Button>
      </div>
    </form>
  );
}
