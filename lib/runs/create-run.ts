import { checkConfigServices, type ServicePolicy } from "@/lib/configs/check-config-services";
import type { RetrievalConfig } from "@/lib/configs/config-schema";
import type { Db } from "@/lib/db/client";
import { freezeGoldenSetVersion } from "@/lib/db/golden-set-exchange";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { insertQueuedRun } from "@/lib/db/runs";
import { AppError } from "@/lib/errors";
import type { ScoringMode } from "@/lib/eval/run-report-schema";
import { contextBudgetCharsSchema } from "@/lib/exchange/golden-set-schema";
import { servicePolicyFromEnvironment } from "@/lib/runs/run-services";

/**
 * Queues the evaluation of one configuration on a golden set: freezes the set's current
 * version (what the run scores against), saves the configuration version and the run, and
 * queues the durable job that executes it. The run's context budget (context recall, precision
 * and IoU) is `budgetChars` when given, else the set's. Throws not_found for an unknown set, and
 * bad_request for a budget out of range or a configuration calling a host or naming a key variable
 * the server does not allow (`policy`, by default from the environment) — before anything is saved.
 */
export async function createRun(
  prisma: Db,
  options: {
    setId: string;
    configName: string;
    config: RetrievalConfig;
    coverage: number;
    mode?: ScoringMode;
    /** context budget in characters (100 to 1,000,000); the set's when absent */
    budgetChars?: number | undefined;
    userId: string | null;
    policy?: ServicePolicy;
  },
): Promise<{ runId: string; jobId: string }> {
  checkConfigServices(options.config, options.policy ?? servicePolicyFromEnvironment());
  const budget =
    options.budgetChars === undefined ? undefined : contextBudgetCharsSchema.safeParse(options.budgetChars);
  if (budget && !budget.success)
    throw new AppError("bad_request", budget.error.issues[0]?.message ?? "Invalid context budget", {
      path: ["budgetChars"],
    });
  const set = await getGoldenSet(prisma, options.setId);
  const version = await freezeGoldenSetVersion(prisma, options.setId);
  return insertQueuedRun(prisma, {
    setId: options.setId,
    setVersionId: version.id,
    configName: options.configName,
    config: options.config,
    coverage: options.coverage,
    mode: options.mode ?? "label",
    contextBudgetChars: budget?.data ?? set.contextBudgetChars,
    userId: options.userId,
  });
}
