import type { DbOrTransaction } from "@/lib/db/client";
import { findInBatches } from "@/lib/db/find-in-batches";
import type { GoldenSetFile } from "@/lib/exchange/golden-set-schema";
import { modelAnnotatorName } from "@/lib/exchange/model-annotator";
import { judgeSettingsSchema } from "@/lib/judging/judge-settings-schema";

type FileJudge = NonNullable<GoldenSetFile["judges"]>[number];

/**
 * The `judges` section of a set's exchange file: every judge version one of `labelIds` came from
 * (ModelJudgment.labelId), with the settings a reader needs to know what judged — never a key,
 * only the name of the variable that held it. Sorted by name, then version.
 */
export async function loadFileJudges(
  prisma: DbOrTransaction,
  labelIds: readonly string[],
): Promise<FileJudge[]> {
  const rows = await findInBatches(labelIds, (batch) =>
    prisma.modelJudgment.findMany({
      where: { labelId: { in: batch } },
      select: { judgeId: true },
      distinct: ["judgeId"],
    }),
  );
  const judgeIds = new Set(rows.map((row) => row.judgeId));
  if (judgeIds.size === 0) return [];
  const judges = await prisma.judge.findMany({
    where: { id: { in: [...judgeIds] } },
    select: { name: true, version: true, settings: true },
  });
  return judges
    .sort((a, b) => (a.name === b.name ? a.version - b.version : a.name < b.name ? -1 : 1))
    .map((judge) => {
      const settings = judgeSettingsSchema.safeParse(judge.settings);
      const known = settings.success ? settings.data : null;
      return {
        annotator: modelAnnotatorName(judge.name),
        name: judge.name,
        version: judge.version,
        baseUrl: known?.baseUrl ?? "",
        model: known?.model ?? "",
        ...(known?.apiKeyVariable ? { apiKeyVariable: known.apiKeyVariable } : {}),
        promptVersion: known?.promptVersion ?? "",
        temperature: known?.temperature ?? 0,
        maxTokens: known?.maxTokens ?? 1,
      };
    });
}
