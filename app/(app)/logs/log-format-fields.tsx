"use client";

import { useEffect, useRef, useState } from "react";
import { Field, Input, Select } from "@/components/ui/field";

type FormatChoice = "auto" | "text" | "csv" | "tsv" | "jsonl";

const FORMAT_CHOICES: { value: FormatChoice; label: string }[] = [
  { value: "auto", label: "From the file name" },
  { value: "text", label: "Plain text, one query a line" },
  { value: "csv", label: "CSV" },
  { value: "tsv", label: "TSV" },
  { value: "jsonl", label: "JSONL" },
];

/**
 * The log import form's format controls, sent as the multipart fields the import route reads:
 * `format`, the CSV/TSV columns (`column`, `countColumn`, `timestampColumn`: a header name or
 * a 0-based index) and the JSONL `field` (a dotted path). Only the controls that apply to the
 * chosen format are shown; "auto" shows both groups, and the route keeps those of the format
 * the file name says.
 */
export function LogFormatFields() {
  const [format, setFormat] = useState<FormatChoice>("auto");
  const selectRef = useRef<HTMLSelectElement>(null);

  // The upload form resets itself after a successful import; follow it back to "auto".
  useEffect(() => {
    const form = selectRef.current?.form;
    if (!form) return;
    const onReset = () => setFormat("auto");
    form.addEventListener("reset", onReset);
    return () => form.removeEventListener("reset", onReset);
  }, []);

  const showColumns = format === "auto" || format === "csv" || format === "tsv";
  const showField = format === "auto" || format === "jsonl";
  const showIdPrefix = format === "auto" || format === "text";

  return (
    <>
      <Field
        label="Format"
        htmlFor="log-format"
        hint=".txt/.log, .csv, .tsv, .jsonl/.ndjson, each optionally .gz"
      >
        <Select
          ref={selectRef}
          name="format"
          value={format}
          onChange={(event) => setFormat(event.target.value as FormatChoice)}
          data-testid="log-format"
        >
          {FORMAT_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </Select>
      </Field>
      {showIdPrefix ? (
        <label className="flex items-start gap-1.5 text-xs text-zinc-600">
          <input
            type="checkbox"
            name="idPrefix"
            className="mt-0.5 size-3.5 accent-brand-600"
            data-testid="log-id-prefix"
          />
          <span>
            Lines start with a numeric id (<code className="font-mono">1234:query</code>, as in TREC topic
            files): drop it
          </span>
        </label>
      ) : null}
      {showColumns ? (
        <fieldset className="space-y-3">
          {format === "auto" ? (
            <legend className="text-xs text-zinc-500">For CSV and TSV files</legend>
          ) : null}
          <Field
            label="Query column"
            htmlFor="log-column"
            hint="Header name or 0-based index; default “query”"
          >
            <Input name="column" placeholder="query" autoComplete="off" data-testid="log-column" />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label="Count column" htmlFor="log-count-column" hint="Optional">
              <Input name="countColumn" autoComplete="off" data-testid="log-count-column" />
            </Field>
            <Field label="Timestamp column" htmlFor="log-timestamp-column" hint="Optional">
              <Input name="timestampColumn" autoComplete="off" data-testid="log-timestamp-column" />
            </Field>
          </div>
        </fieldset>
      ) : null}
      {showField ? (
        <fieldset className="space-y-3">
          {format === "auto" ? <legend className="text-xs text-zinc-500">For JSONL files</legend> : null}
          <Field
            label="JSONL field"
            htmlFor="log-field"
            hint="Dotted path, e.g. request.query; default “query”"
          >
            <Input name="field" placeholder="query" autoComplete="off" data-testid="log-field" />
          </Field>
        </fieldset>
      ) : null}
    </>
  );
}
