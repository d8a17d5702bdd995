import { presentJudgeReport } from "@/lib/api/present-judging-v1";
import {
  type CommandArgs,
  type CommandOptions,
  helpOption,
  refusePositionals,
} from "@/lib/cli/command-options";
import { formatJudgeReport } from "@/lib/cli/format-judge-report";
import { writeStdout } from "@/lib/cli/write-stdout";
import { type Db, db } from "@/lib/db/client";
import { findGoldenSetIdByName } from "@/lib/db/golden-sets";
import { loadJudgeReport } from "@/lib/db/judge-report";
import { findJudgeId } from "@/lib/db/judge-report-data";
import { AppError } from "@/lib/errors";

const judgeReportUsage = `usage: goldenset judge-report --set NAME --judge NAME[@VERSION]|ID [--runs ID[,ID…]]
                              [--calibration SAMPLE_ID] [--json]

How far to trust a judge on a set: on the pairs a person and the judge both judged, Cohen's kappa
(binarized at the set's threshold) beside the kappa between people, Krippendorff's alpha, the
grade confusion matrix; the share of the judge's answers whose quote was not in the passage; and
Kendall's tau-b between the runs ordered by nDCG@10 under people's and under the judge's
judgments (--runs; default the set's 10 newest finished runs). --calibration adds agreement on a
calibration sample with its 95% interval. The judge is its latest version unless @VERSION is given.

Exit codes: 0 ok, 2 bad input (unknown set, judge, run or sample).`;

/** `goldenset judge-report`: loadJudgeReport printed for people, or as JSON exactly as the REST API answers it. */
export function createJudgeReportCommand(options: { prisma: () => Db }) {
  return {
    errorExitCode: 1,
    usage: judgeReportUsage,
    options: {
      ...helpOption,
      set: { type: "string" },
      judge: { type: "string" },
      runs: { type: "string" },
      calibration: { type: "string" },
      json: { type: "boolean" },
    } as CommandOptions,

    run: async (args: CommandArgs): Promise<number> => {
      const { values, positionals } = args;
      const usageLine = judgeReportUsage.split("\n\n")[0];
      refusePositionals(positionals, usageLine ?? judgeReportUsage);
      const text = (flag: string) => {
        const value = values[flag];
        return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
      };
      const setName = text("set");
      const judgeName = text("judge");
      if (!setName || !judgeName)
        throw new AppError("bad_request", `--set and --judge are required; ${usageLine}`);
      const prisma = options.prisma();
      const setId = await findGoldenSetIdByName(prisma, setName);
      const judgeId = await findJudgeId(prisma, judgeName);
      const runIds = text("runs")
        ?.split(",")
        .map((id) => id.trim())
        .filter(Boolean);
      const report = await loadJudgeReport(prisma, {
        setId,
        judgeId,
        ...(runIds ? { runIds } : {}),
        ...(text("calibration") ? { calibrationSampleId: text("calibration") } : {}),
      });
      await writeStdout(
        values.json ? `${JSON.stringify(presentJudgeReport(report), null, 2)}\n` : formatJudgeReport(report),
      );
      return 0;
    },
  };
}

export const judgeReportCommand = createJudgeReportCommand({ prisma: db });
