import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultRetrievalConfig } from "@/lib/configs/config-schema";
import { sweepSchema } from "@/lib/configs/sweep-schema";
import type { Db } from "@/lib/db/client";
import { enqueueJob, listRecentJobs } from "@/lib/db/jobs";
import { seedQuoteLabeledSet } from "@/lib/db/testing/quote-labeled-set";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { describeJob } from "@/lib/jobs/describe-job";
import { createRun } from "@/lib/runs/create-run";
import { createSweep } from "@/lib/runs/create-sweep";

// The jobs page names each job's run (and its set and sweep) from what listRecentJobs loads with
// the job: a single run, a sweep's point and an import, on a real SQLite file.

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let setId: string;
const userId = "jobs-engineer";

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  ({ setId } = await seedQuoteLabeledSet(prisma, {
    userId,
    setName: "Jobs set",
    texts: { "kb-1": "Hold the reset button for ten seconds." },
    questions: [["reset the router"]],
    title: () => "Router",
  }));
});

afterAll(async () => {
  await database.dispose();
});

describe("listRecentJobs", () => {
  it("loads each evaluation job's run by name with its set and sweep, and leaves imports without one", async () => {
    const single = await createRun(prisma, {
      setId,
      configName: "BM25 single",
      config: defaultRetrievalConfig,
      coverage: 1,
      userId: null,
    });
    const sweep = await createSweep(prisma, {
      setId,
      sweep: sweepSchema.parse({
        name: "Size sweep",
        baseConfig: defaultRetrievalConfig,
        axes: [{ path: "chunking.size", values: [200, 400] }],
      }),
      userId,
    });
    const importJobId = await enqueueJob(prisma, {
      kind: "import-corpus",
      payload: { filePath: "/tmp/x.jsonl", fileName: "x.jsonl", format: "jsonl", corpusName: "More docs" },
    });

    const jobs = await listRecentJobs(prisma, { take: 10 });
    const byId = new Map(jobs.map((job) => [job.id, job]));
    expect(byId.get(single.jobId)?.run).toEqual({
      id: single.runId,
      name: "BM25 single v1",
      set: { id: setId, name: "Jobs set" },
      sweep: null,
    });
    const point = byId.get(sweep.jobIds[0] ?? "")?.run;
    expect(point?.sweep).toEqual({ id: sweep.sweepId, name: "Size sweep" });
    expect(point?.name).toMatch(/^Size sweep · chunking\.size=\d+ v1$/);
    expect(byId.get(importJobId)).toMatchObject({ run: null, sweep: null });

    const described = describeJob(
      byId.get(sweep.jobIds[0] ?? "") ?? { kind: "", payload: null, run: null, sweep: null },
    );
    expect(described.subject?.href).toBe(`/runs/${sweep.runIds[0]}`);
    expect(described.context.map((link) => link.href)).toEqual([
      `/sets/${setId}/runs`,
      `/sweeps/${sweep.sweepId}`,
    ]);
  });
});
