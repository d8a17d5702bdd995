import { readFile } from "node:fs/promises";
import { collectAgreementItems } from "@/lib/agreement/collect-agreement-items";
import { computeAgreement } from "@/lib/agreement/compute-agreement";
import { goldenSetJudgments } from "@/lib/agreement/golden-set-judgments";
import type { CommandArgs, CommandOptions } from "@/lib/cli/command-options";
import { formatAgreementTable, toAgreementJson } from "@/lib/cli/format-agreement";
import { writeStdout } from "@/lib/cli/write-stdout";
import { AppError } from "@/lib/errors";
import { parseGoldenSetFile } from "@/lib/exchange/parse-golden-set-file";

const usage = "usage: goldenset agreement SET.goldenset.json [--json]";

/**
 * `goldenset agreement SET.goldenset.json [--json]`: inter-annotator agreement of an exported
 * golden set, no database — the agreement page's numbers (lib/agreement): Cohen's kappa per pair
 * of annotators on relevance, Krippendorff's alpha (nominal, ordinal) over all of them, on the
 * (query, document) pairs two or more annotators judged. Annotators are named as the file names
 * them; labels without one, and adjudicated labels, are not annotators' judgments and are left out.
 * Exit 0 with the report; 2 on an unreadable or invalid file (the message names the JSON path).
 */
export const agreementCommand = {
  errorExitCode: 2,
  options: { json: { type: "boolean" } } as CommandOptions,

  run: async (args: CommandArgs): Promise<number> => {
    const [path, ...extra] = args.positionals;
    if (!path || extra.length > 0) throw new AppError("bad_request", usage);
    const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
      throw new AppError("bad_request", `cannot read ${path} (${error.code ?? error.message})`);
    });
    const file = parseGoldenSetFile(bytes);
    const report = computeAgreement({
      items: collectAgreementItems(goldenSetJudgments(file)),
      relevantThreshold: file.set.relevantThreshold,
    });
    await writeStdout(
      args.values.json === true
        ? `${JSON.stringify(toAgreementJson(report), null, 2)}\n`
        : formatAgreementTable(report, {
            setName: file.set.name,
            relevantThreshold: file.set.relevantThreshold,
          }),
    );
    return 0;
  },
};
