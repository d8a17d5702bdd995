import type { Db } from "@/lib/db/client";
import type { JobJudging, JobRun, JobSweep } from "@/lib/jobs/describe-job";

// The jobs page's list: the newest jobs with what each works on.

const namedSet = { select: { id: true, name: true } } as const;

/**
 * The newest jobs, each with the run or sweep it evaluates (named as lists name them, with its set
 * and sweep) for the jobs page; null where the job has none or it was deleted since.
 */
export async function listRecentJobs(prisma: Db, options: { take: number }) {
  const jobs = await prisma.job.findMany({
    orderBy: { createdAt: "desc" },
    take: options.take,
    include: {
      createdBy: { select: { name: true } },
      run: {
        select: {
          id: true,
          config: { select: { name: true, version: true } },
          goldenSet: namedSet,
          sweep: { select: { id: true, name: true } },
        },
      },
      sweep: { select: { id: true, name: true, goldenSet: namedSet } },
    },
  });
  const judging = await loadJobJudgings(prisma, jobs);
  return jobs.map(({ run, sweep, ...job }) => ({
    ...job,
    judging: judging.get(job.id) ?? null,
    run: run
      ? ({
          id: run.id,
          name: `${run.config.name} v${run.config.version}`,
          set: run.goldenSet,
          sweep: run.sweep,
        } satisfies JobRun)
      : null,
    sweep: sweep ? ({ id: sweep.id, name: sweep.name, set: sweep.goldenSet } satisfies JobSweep) : null,
  }));
}

/** The judge and set of each judging job among `jobs`, by job id (payload ids; deleted ones left out). */
async function loadJobJudgings(
  prisma: Db,
  jobs: { id: string; kind: string; payload: unknown }[],
): Promise<Map<string, JobJudging>> {
  const judgingJobs = jobs.flatMap((job) => {
    const payload = job.kind === "judge" ? (job.payload as { setId?: unknown; judgeId?: unknown }) : null;
    return typeof payload?.setId === "string" && typeof payload.judgeId === "string"
      ? [{ id: job.id, setId: payload.setId, judgeId: payload.judgeId }]
      : [];
  });
  if (judgingJobs.length === 0) return new Map();
  const [judges, sets] = await Promise.all([
    prisma.judge.findMany({
      where: { id: { in: judgingJobs.map((job) => job.judgeId) } },
      select: { id: true, name: true, version: true },
    }),
    prisma.goldenSet.findMany({
      where: { id: { in: judgingJobs.map((job) => job.setId) } },
      select: { id: true, name: true },
    }),
  ]);
  const judgeById = new Map(judges.map((judge) => [judge.id, judge]));
  const setById = new Map(sets.map((set) => [set.id, set]));
  const found = new Map<string, JobJudging>();
  for (const job of judgingJobs) {
    const judge = judgeById.get(job.judgeId);
    const set = setById.get(job.setId);
    if (judge && set) found.set(job.id, { judge: { name: judge.name, version: judge.version }, set });
  }
  return found;
}
