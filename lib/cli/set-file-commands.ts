import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { type Command, type CommandArgs, helpOption, requirePositional } from "@/lib/cli/command-options";
import { printJson } from "@/lib/cli/write-stdout";
import { importGoldenSetFile } from "@/lib/curation/golden-set-import";
import { db } from "@/lib/db/client";
import { buildGoldenSetFile } from "@/lib/db/golden-set-exchange";
import { findGoldenSetByNameOrId } from "@/lib/db/golden-sets";
import { parseGoldenSetFile } from "@/lib/exchange/parse-golden-set-file";
import { serializeGoldenSetFile } from "@/lib/exchange/serialize-golden-set-file";

/** `goldenset export-set NAME [--out FILE]`: a golden set as goldenset JSON v1. */
export const exportSetCommand = {
  options: { ...helpOption, out: { type: "string" } },
  run: async ({ values, positionals }: CommandArgs) => {
    const name = requirePositional(positionals, "NAME");
    const set = await findGoldenSetByNameOrId(db(), name);
    const text = serializeGoldenSetFile(await buildGoldenSetFile(db(), set.id));
    if (typeof values.out === "string") await writeFile(values.out, text);
    else process.stdout.write(text);
    return 0;
  },
} satisfies Command;

/** `goldenset import-set FILE [--name NAME]`: a goldenset JSON file into the database (its corpus must exist). */
export const importSetCommand = {
  options: { ...helpOption, name: { type: "string" } },
  run: async ({ values, positionals }: CommandArgs) => {
    const filePath = requirePositional(positionals, "FILE");
    const file = parseGoldenSetFile(await readFile(filePath));
    const name = typeof values.name === "string" ? values.name : undefined;
    const fileName = path.basename(filePath);
    printJson(await importGoldenSetFile(db(), { file, fileName, ...(name ? { name } : {}) }));
    return 0;
  },
} satisfies Command;
