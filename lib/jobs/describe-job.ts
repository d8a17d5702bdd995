/** The judge and set a judging job works on, as loaded with the job (null once either is deleted). */
export type JobJudging = { judge: { name: string; version: number }; set: { id: string; name: string } };

/** A link a job row shows: what it names and where it opens (none for a file name). */
export type JobLink = { label: string; href?: string };

/** The run an evaluation job works on, as loaded with the job (null once the run is deleted). */
export type JobRun = {
  id: string;
  /** "BM25 baseline v1" */
  name: string;
  set: { id: string; name: string };
  sweep: { id: string; name: string } | null;
};

/** The sweep an evaluate-sweep job queued its points for (an earlier version's jobs). */
export type JobSweep = { id: string; name: string; set: { id: string; name: string } };

const KIND_LABELS: Record<string, string> = {
  "evaluate-run": "Evaluation run",
  "evaluate-sweep": "Sweep",
  "import-corpus": "Corpus import",
  "import-log": "Log import",
  judge: "Judging",
};

/**
 * What a job row says: its kind, the thing it works on (the run or sweep by name, with a link — a
 * sweep's point by its values, the sweep named beside; a corpus or log and its file) and where that belongs (the set, and the sweep a run is a point of).
 * A run deleted since is still linked by the id in the payload, under a neutral label.
 */
export function describeJob(job: {
  kind: string;
  payload: unknown;
  run: JobRun | null;
  sweep: JobSweep | null;
  judging?: JobJudging | null;
}): { kind: string; subject: JobLink | null; context: JobLink[] } {
  const kind = KIND_LABELS[job.kind] ?? job.kind;
  const fields = (job.payload ?? {}) as Record<string, unknown>;
  if (job.run) {
    const { run } = job;
    // a sweep's point is named "<sweep> · <values> v1": its values tell it from its siblings
    const prefix = run.sweep ? `${run.sweep.name} · ` : null;
    const label = prefix && run.name.startsWith(prefix) ? run.name.slice(prefix.length) : run.name;
    return {
      kind,
      subject: { label, href: `/runs/${run.id}` },
      context: [
        { label: run.set.name, href: `/sets/${run.set.id}/runs` },
        ...(run.sweep ? [{ label: `sweep ${run.sweep.name}`, href: `/sweeps/${run.sweep.id}` }] : []),
      ],
    };
  }
  if (job.sweep) {
    const { sweep } = job;
    return {
      kind,
      subject: { label: sweep.name, href: `/sweeps/${sweep.id}` },
      context: [{ label: sweep.set.name, href: `/sets/${sweep.set.id}/runs` }],
    };
  }
  if (job.judging) {
    const { judge, set } = job.judging;
    return {
      kind,
      subject: { label: `${judge.name} v${judge.version}` },
      context: [{ label: set.name, href: `/sets/${set.id}` }],
    };
  }
  if (job.kind === "evaluate-run" && typeof fields.runId === "string" && fields.runId) {
    return { kind, subject: { label: "Open run", href: `/runs/${fields.runId}` }, context: [] };
  }
  const name = fields.corpusName ?? fields.logName;
  const file = typeof fields.fileName === "string" ? fields.fileName : null;
  if (typeof name === "string")
    return { kind, subject: { label: name }, context: file ? [{ label: file }] : [] };
  return { kind, subject: file ? { label: file } : null, context: [] };
}
