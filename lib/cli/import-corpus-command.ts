import { stat } from "node:fs/promises";
import {
  type Command,
  type CommandArgs,
  helpOption,
  requirePositional,
  requireString,
} from "@/lib/cli/command-options";
import { printJson } from "@/lib/cli/write-stdout";
import { db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { openBeirFolder, openBeirZip } from "@/lib/exchange/read-beir";
import { readCorpusJsonl } from "@/lib/exchange/read-corpus-jsonl";
import { openFileStream } from "@/lib/exchange/read-lines";

/** `goldenset import-corpus FILE --corpus NAME [--format jsonl|beir]`: documents from JSONL or a BEIR folder/zip. */
export const importCorpusCommand = {
  options: { ...helpOption, corpus: { type: "string" }, format: { type: "string" } },
  run: async ({ values, positionals }: CommandArgs) => {
    const file = requirePositional(positionals, "FILE");
    const corpusName = requireString(values.corpus, "corpus");
    const isDirectory = (await stat(file)).isDirectory();
    const format = values.format ?? (isDirectory || file.endsWith(".zip") ? "beir" : "jsonl");
    const source =
      format === "jsonl"
        ? { documents: () => readCorpusJsonl(openFileStream(file)) }
        : isDirectory
          ? await openBeirFolder(file)
          : await openBeirZip(file);
    printJson(await importDocuments(db(), { corpusName, documents: source.documents() }));
    return 0;
  },
} satisfies Command;
