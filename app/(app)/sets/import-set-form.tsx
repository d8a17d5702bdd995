"use client";

import { z } from "zod";
import { FileUploadForm } from "@/components/forms/file-upload-form";
import { ImportProblemsAlert, readImportProblems } from "@/components/sets/import-problems";
import { Alert } from "@/components/ui/alert";
import { Field, Input } from "@/components/ui/field";
import { Link } from "@/components/ui/link";

/** The 201 answer of /api/sets/import. */
const importedSchema = z.object({
  setId: z.string(),
  queries: z.number(),
  labels: z.number(),
  credit: z.object({ message: z.string() }).optional(),
});

const locationSchema = z.object({ line: z.number().optional(), path: z.string().optional() });

/** Where an error points, when the message does not already say it. */
function describeLocation(message: string, body: unknown): string | null {
  const parsed = z.object({ location: locationSchema }).safeParse(body);
  const location = parsed.success ? parsed.data.location : {};
  if (location.path && location.path !== "(root)" && !message.includes(location.path))
    return `at ${location.path}`;
  if (location.line !== undefined && !message.includes(`line ${location.line}`))
    return `at line ${location.line}`;
  return null;
}

function ImportRefused({ message, body }: { message: string; body: unknown }) {
  const problems = readImportProblems(body);
  // one problem reads best as the message; several as a list
  if (problems && problems.problemCount > 1) {
    return <ImportProblemsAlert problems={problems} data-testid="import-set-error" />;
  }
  const where = describeLocation(message, body);
  return (
    <Alert tone="error" title="Nothing was imported" data-testid="import-set-error">
      {message}
      {where ? <code className="ml-1 font-mono">({where})</code> : null}
    </Alert>
  );
}

function Imported({ imported }: { imported: z.infer<typeof importedSchema> }) {
  return (
    <Alert tone="success">
      Imported {imported.queries} {imported.queries === 1 ? "query" : "queries"} and {imported.labels}{" "}
      {imported.labels === 1 ? "label" : "labels"}.{" "}
      {imported.credit ? <span data-testid="import-set-credit">{imported.credit.message} </span> : null}
      <Link href={`/sets/${imported.setId}`} className="font-medium underline" data-testid="import-set-done">
        Open the set
      </Link>
    </Alert>
  );
}

/**
 * Uploads a goldenset JSON file to /api/sets/import. The import is synchronous (small files), so
 * this form waits for `{ setId, queries, labels, credit }` (whom the labels were credited to) or
 * shows the error with its JSON path.
 */
export function ImportSetForm() {
  return (
    <FileUploadForm
      action="/api/sets/import"
      accept=".json,application/json"
      fileHint="A .goldenset.json file exported from Goldenset (format version 1)."
      afterFile={
        <Field label="Name" htmlFor="import-set-name" hint="Optional: defaults to the name in the file.">
          <Input name="name" maxLength={200} autoComplete="off" data-testid="import-set-name" />
        </Field>
      }
      submitLabel="Import golden set"
      pendingLabel="Importing…"
      testIdPrefix="import-set"
      noValidate
      messages={{ noFile: "Choose a golden set JSON file", emptyFile: "The file is empty" }}
      done={{ schema: importedSchema, render: (imported) => <Imported imported={imported} /> }}
      renderError={(refusal) => <ImportRefused message={refusal.message} body={refusal.body} />}
    />
  );
}
