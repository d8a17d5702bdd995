import { checkConfigServices, type ServicePolicy } from "@/lib/configs/check-config-services";
import type { RetrievalConfig } from "@/lib/configs/config-schema";
import type { Db } from "@/lib/db/client";
import { freezeGoldenSetVersion } from "@/lib/db/golden-set-exchange";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { insertQueuedRun } from "@/lib/db/runs";
import type { ScoringMode } from "@/lib/eval/run-report-schema";
import { servicePolicyFromEnvironment } from "@/lib/runs/run-services";

/**
 * Queues the evaluation of one configuration on a golden set: freezes the set's current
 * version (what the run scores against), saves the configuration version and the run, and
 * queues the durable job that executes it. Throws not_found for an unknown set, and bad_request
 * for a configuration calling a host or naming a key variable the server does not allow
 * (`policy`, by default from the environment) — before anything is saved.
 */
export async function createRun(
  prisma: Db,
  options: {
    setId: string;
    configName: string;
    config: RetrievalConfig;
    coverage: number;
    mode?: ScoringMode;
    userId: string | null;
    policy?: ServicePolicy;
  },
): Promise<{ runId: string; jobId: string }> {
  checkConfigServices(options.config, options.policy ?? servicePolicyFromEnvironment());
  await getGoldenSet(prisma, options.setId);
  const version = await freezeGoldenSetVersion(prisma, options.setId);
  return insertQueuedRun(prisma, {
    setId: options.setId,
    setVersionId: version.id,
    configName: options.configName,
    config: options.config,
    coverage: options.coverage,
    mode: options.mode ?? "label",
    userId: options.userId,
  });
}
