"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import {
  type ImportProblems,
  ImportProblemsAlert,
  readImportProblems,
} from "@/components/sets/import-problems";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import { formatCountOf } from "../../page-helpers";

type Imported = { queries: number; newQueries: number; labels: number; unchanged: number };

const fileInputClass =
  "block w-full text-xs text-zinc-600 file:mr-3 file:h-7 file:rounded-md file:border file:border-zinc-200 file:bg-white file:px-2.5 file:font-medium file:text-xs file:text-zinc-800 hover:file:bg-zinc-50";

/**
 * Uploads judgments into this set (POST /api/sets/{id}/judgments): TREC or BEIR qrels with their
 * queries file, Quepid ratings or a CSV of (query, docid, grade). All or nothing: a refusal lists
 * every problem of both files (syntax and references, found in one pass) with its file and line,
 * one per row.
 */
export function ImportJudgmentsForm({ setId }: { setId: string }) {
  const router = useRouter();
  const [format, setFormat] = useState("trec");
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ list: ImportProblems; fileName: string } | null>(null);
  const [imported, setImported] = useState<Imported | null>(null);
  const byId = format === "trec" || format === "beir";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get("file");
    if (!(file instanceof File) || file.size === 0) {
      setFailure("Choose the judgments file");
      return;
    }
    setPending(true);
    setFailure(null);
    setProblems(null);
    setImported(null);
    try {
      const response = await fetch(`/api/sets/${setId}/judgments`, { method: "POST", body: data });
      const body = (await response.json().catch(() => null)) as (Imported & { error?: string }) | null;
      const list = response.ok ? null : readImportProblems(body);
      if (list) {
        setProblems({ list, fileName: file.name });
        return;
      }
      if (!response.ok || !body || typeof body.labels !== "number") {
        // the alert's title already says nothing was imported: keep the list of problems
        const error = body?.error?.replace(/^Nothing imported — /, "");
        setFailure(error ?? `The server answered ${response.status}; try again.`);
        return;
      }
      setImported(body);
      form.reset();
      setFormat("trec");
      router.refresh();
    } catch {
      setFailure("Could not reach the server. Try again.");
    } finally {
      setPending(false);
    }
  }

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
