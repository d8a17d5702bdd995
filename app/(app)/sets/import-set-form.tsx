"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import {
  type ImportProblems,
  ImportProblemsAlert,
  readImportProblems,
} from "@/components/sets/import-problems";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";

type Imported = { setId: string; queries: number; labels: number; credit?: { message: string } };
type Failure = { error: string; location?: { line?: number; path?: string }; problems?: ImportProblems };

/** Where an error points, when the message does not already say it. */
function describeLocation(failure: Failure): string | null {
  const path = failure.location?.path;
  if (path && path !== "(root)" && !failure.error.includes(path)) return `at ${path}`;
  const line = failure.location?.line;
  if (line !== undefined && !failure.error.includes(`line ${line}`)) return `at line ${line}`;
  return null;
}

/**
 * Uploads a goldenset JSON file to /api/sets/import. The import is synchronous (small files), so
 * this form waits for `{ setId, queries, labels, credit }` (whom the labels were credited to) or
 * shows the error with its JSON path.
 */
export function ImportSetForm() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [imported, setImported] = useState<Imported | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get("file");
    if (!(file instanceof File) || file.size === 0) {
      setFailure({
        error: file instanceof File && file.name ? "The file is empty" : "Choose a golden set JSON file",
      });
      return;
    }
    setPending(true);
    setFailure(null);
    setImported(null);
    try {
      const response = await fetch("/api/sets/import", { method: "POST", body: data });
      const body = (await response.json().catch(() => null)) as (Imported & Failure) | null;
      if (!response.ok || !body || typeof body.setId !== "string") {
        const problems = readImportProblems(body);
        setFailure({
          error: body?.error ?? `The server answered ${response.status}; try again.`,
          ...(body?.location ? { location: body.location } : {}),
          // one problem reads best as the message; several as a list
          ...(problems && problems.problemCount > 1 ? { problems } : {}),
        });
        return;
      }
      setImported({
        setId: body.setId,
        queries: body.queries,
        labels: body.labels,
        ...(body.credit ? { credit: body.credit } : {}),
      });
      form.reset();
      router.refresh();
    } catch {
      setFailure({ error: "Could not reach the server. Try again." });
    } finally {
      setPending(false);
    }
  }

  const where = failure ? describeLocation(failure) : null;

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field
        label="File"
        htmlFor="import-set-file"
        hint="A .goldenset.json file exported from Goldenset (format version 1)."
      >
        <input
          type="file"
          name="file"
          accept=".json,application/json"
          required
          className="block w-full text-xs text-zinc-600 file:mr-3 file:h-7 file:rounded-md file:border file:border-zinc-200 file:bg-white file:px-2.5 file:font-medium file:text-xs file:text-zinc-800 hover:file:bg-zinc-50"
          data-testid="import-set-file"
        />
      </Field>
      <Field label="Name" htmlFor="import-set-name" hint="Optional: defaults to the name in the file.">
        <Input name="name" maxLength={200} autoComplete="off" data-testid="import-set-name" />
      </Field>
      {failure?.problems ? (
        <ImportProblemsAlert problems={failure.problems} data-testid="import-set-error" />
      ) : failure ? (
        <Alert tone="error" title="Nothing was imported" data-testid="import-set-error">
          {failure.error}
          {where ? <code className="ml-1 font-mono">({where})</code> : null}
        </Alert>
      ) : null}
      {imported ? (
        <Alert tone="success">
          Imported {imported.queries} {imported.queries === 1 ? "query" : "queries"} and {imported.labels}{" "}
          {imported.labels === 1 ? "label" : "labels"}.{" "}
          {imported.credit ? <span data-testid="import-set-credit">{imported.credit.message} </span> : null}
          <Link
            href={`/sets/${imported.setId}`}
            className="font-medium underline"
            data-testid="import-set-done"
          >
            Open the set
          </Link>
        </Alert>
      ) : null}
      <Button type="submit" disabled={pending} data-testid="import-set-submit">
        {pending ? "Importing…" : "Import golden set"}
      </Button>
    </form>
  );
}
