import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { commands } from "@/lib/cli/commands";
import { AppError } from "@/lib/errors";

const usage = `goldenset — build, label and use golden sets for retrieval evaluation

Usage: goldenset <command> [options]

Commands:
  seed                          load the demo into an empty database (users, corpus, log, set, runs);
                                nothing with GOLDENSET_DEMO=0
  add-user --email E --role admin|engineer|annotator --password P [--name N]
                                create a user who can sign in (password: 12+ characters, not a
                                common one)
  create-token --email E --name N
                                make a personal API token for the user (REST API v1, acts with the
                                user's role); prints {"token", "id"} once — only its hash is stored
  import-corpus FILE --corpus NAME [--format jsonl|beir]
                                import documents from JSONL or a BEIR folder/zip (new versions for changed texts)
  import-log FILE [--name NAME] [--format text|csv|tsv|jsonl] [--column C] [--count-column C]
             [--timestamp-column C] [--header] [--id-prefix] [--field PATH] [--count-field PATH]
             [--timestamp-field PATH] [--dry-run]
                                import a query log (format from the file name; gzip, Latin-1 ok),
                                deduplicated and classified; prints a JSON summary. --dry-run reads
                                and classifies without a database; the same file twice is a no-op
  export-set NAME --out FILE    export a golden set as goldenset JSON v1
  import-set FILE [--name NAME] import a goldenset JSON file (its corpus must exist)
  import-qrels QRELS --format trec|beir --queries FILE --set NAME [--corpus NAME]
  import-qrels RATINGS.csv --format quepid|csv --set NAME [--corpus NAME]
                                import judgments into a set (created over --corpus if absent), all
                                or nothing: document labels with the file's grades; every unknown
                                document or query and grade off the set's scale reported with its line
  export-qrels NAME --format trec|beir [--out PATH] [--judgments human|human+model|model]
                                a set's document-level qrels (grades as the set's judgment policy
                                counts them) as TREC qrels, or a BEIR folder (corpus, queries, qrels/test.tsv);
                                --judgments: people's labels only (human, the default), plus an LLM
                                judge's where no person judged the passage (human+model), or the judges' only
  export-run RUN_ID [--passages] [--out FILE]
                                a finished run as a document-level TREC run (each document at its
                                first rank, as document mode scores it); --passages: every result
                                as docid#start-end at its rank (UTF-16 offsets, end exclusive), the
                                form imported runs accept
  eval-trec QRELS RUN [-q] [-c] [-l N] [-m MEASURE ...]
                                trec_eval 9.0.7's numbers and output format (map, recip_rank, P_k,
                                recall_k, ndcg_cut_k, success_k, Rprec, num_*), streaming
  compare QRELS BASELINE_RUN RUN... [-m MEASURE]... [--test randomization|t-test]
          [--permutations N] [--seed S] [--split dev|holdout --set-file SET.json] [--json]
                                each run against the baseline on every qrels query (eval-trec -q -c's
                                values): means, delta with 95% bootstrap CI, paired p, Holm-adjusted p,
                                wins/losses/ties. Default measures ndcg_cut.10 recip_rank recall.100 map;
                                runs are named by file name. --split: only the queries on that side
                                of the split the set's export records. No database. Exit 2 on bad input
  gate QRELS BASELINE_RUN CANDIDATE_RUN -m MEASURE --max-drop D [--alpha 0.05]
                                for CI: exit 1 when the candidate is worse by at least D (baseline −
                                candidate ≥ D) and the drop is significant at alpha (randomization
                                test), 0 otherwise, 2 on unreadable input or bad arguments;
                                [--split dev|holdout --set-file SET.json] as compare
  agreement SET.goldenset.json [--json]
                                inter-annotator agreement of an exported set: Cohen's kappa per pair
                                of annotators (relevant or not) and Krippendorff's alpha (nominal,
                                ordinal) on the (query, document) pairs two or more annotators
                                judged. No database. Exit 2 on an unreadable or invalid file
  retrieve --beir DIR --config FILE.json|PRESET --out RUN.txt [--split test] [--hits 1000] [--qrels-out Q]
           [--ignore-identical-ids]
                                run a retriever over a BEIR folder (whole documents) and write a
                                document-level TREC run (and the split's qrels in TREC form for
                                eval-trec); no database needed. PRESET: bm25, lsa, hybrid-rrf;
                                FILE.json: { "name"?: TAG, "retriever": <the app's bm25, dense or
                                hybrid retriever JSON>, "ignoreIdenticalIds"?: bool } or a saved
                                configuration. --ignore-identical-ids (or the config's
                                ignoreIdenticalIds) drops a document whose id is the query's
                                (BEIR's ignore_identical_ids); off by default, as in the app.
                                Embedding providers' hosts must be in GOLDENSET_OUTBOUND_ALLOWLIST;
                                API keys come from the environment
  evaluate --set NAME --config FILE.json|PRESET [--mode label|document] [--budget-chars B] [--json]
                                create and execute a run of a golden set as the app does (it then
                                appears in the app) and print its metrics (--json: { "runId",
                                "metrics" }; metrics.context: { "budgetChars", "recall", "precision",
                                "iou" } at B characters of context, 100 to 1,000,000, the set's
                                budget when absent). FILE.json: a saved configuration { "name",
                                "chunking", "retriever", "topK", "scoreThreshold"?, "reranker"?,
                                "ignoreIdenticalIds"? }; PRESET: bm25, lsa, hybrid-rrf over whole
                                documents with titles, top 1000. Exit 1 when the run fails, 2 on
                                bad input
  judge --set NAME --endpoint URL --model M [--key-variable VAR] [--name NAME]
        (--runs ID[,ID…] | --holes RUN_ID) [--depth 10] [--concurrency 4] [--max-calls N] [--json]
                                judge a pool (or a run's holes) with an LLM judge at an
                                OpenAI-compatible endpoint (host in GOLDENSET_OUTBOUND_ALLOWLIST)
                                as the app does, wait, and print pairs, judged, cached,
                                unsupported, failed, calls, tokens, agreement with people and
                                Kendall's tau over the runs by nDCG@10; a pair judged before is not
                                sent again. Exit 1 when pairs failed, 2 on bad input
  judge-report --set NAME --judge NAME[@VERSION]|ID [--runs ID[,ID…]] [--calibration SAMPLE_ID] [--json]
                                how far to trust a judge on a set: kappa with people beside people's,
                                alpha, confusion, unsupported rate, tau, verdict
  backup --out FILE [--wait SECONDS]
                                copy the SQLite database consistently while the server runs (a
                                snapshot, VACUUM INTO); while another process is writing it waits
                                (saying so on stderr) up to --wait seconds (default 600), then exits 1
                                writing nothing; restore by stopping the server and putting the copy
                                in place of the database file
  run-jobs                      run queued background jobs until none is left
  worker [--grace SECONDS]      run background jobs until SIGTERM/SIGINT, alongside any number of
                                other workers on the same database (one line per job on stdout)
  migrate                       apply pending migrations to DATABASE_URL (creates a new database file)
  migrate-data --from file:PATH.db --to postgresql://…
                                copy a whole SQLite installation into an empty PostgreSQL database
                                in one transaction, then verify row counts and every set's export;
                                exit 1 when the copy or its check fails (nothing kept), 2 when the
                                target has data

Options:
  -h, --help                    show this help; goldenset <command> --help shows the command's

Exit codes: 0 ok; 1 a check failed (gate, a failed run or migration) or an unexpected error;
2 bad input (unknown command or option, missing or invalid argument, unreadable or invalid file).

The database is DATABASE_URL. Default: data/goldenset.db in the checkout; ./goldenset.db in the
working directory when goldenset is installed as a package (npm install). Start a new database
with: goldenset migrate
`;

/** A command's help: its own `usage` when it has one, else its entry in the overview above. */
function commandHelp(name: string, command: { usage?: string }): string {
  if (command.usage) return `${command.usage.trimEnd()}\n`;
  const lines = usage.split("\n");
  const start = lines.findIndex((line) => line.startsWith(`  ${name} `) || line === `  ${name}`);
  if (start < 0) return usage;
  const entry = [lines[start]?.slice(2) ?? name];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith("   ")) break;
    entry.push(line.slice(2));
  }
  return `usage: goldenset ${entry.join("\n")}\n\nExit codes: 0 ok, 1 a check failed, 2 bad input.\n`;
}

const isHelpFlag = (arg: string) => arg === "-h" || arg === "--help";

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "-h" || name === "--help" || name === "help") {
    process.stdout.write(usage);
    return 0;
  }
  const load = commands[name];
  if (!load) {
    process.stderr.write(`goldenset: unknown command "${name}"\n\n${usage}`);
    return 2;
  }
  const command = await load();
  if (rest.some(isHelpFlag)) {
    process.stdout.write(commandHelp(name, command));
    return 0;
  }
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: command.options,
      allowPositionals: true,
      strict: true,
    });
    return await command.run({
      values: values as Record<string, string | boolean | string[] | undefined>,
      positionals,
    });
  } catch (error) {
    reportError(error);
    return isBadInput(error) ? 2 : (command.errorExitCode ?? 1);
  }
}

/** Errors of the input (exit 2): arguments, files, invalid content — not bugs or failed checks. */
function isBadInput(error: unknown): boolean {
  if (error instanceof AppError) return error.code === "bad_request" || error.code === "not_found";
  if (error instanceof ZodError) return true;
  const code = String((error as { code?: unknown } | null)?.code ?? "");
  return code.startsWith("ERR_PARSE_ARGS") || ["ENOENT", "EISDIR", "ENOTDIR", "EACCES"].includes(code);
}

/** One line on stderr for errors the user can fix; the stack only for a bug. */
function reportError(error: unknown): void {
  if (error instanceof AppError) {
    const line = error.location?.line;
    const where = line && !error.message.includes(`line ${line}`) ? ` (line ${line})` : "";
    process.stderr.write(`goldenset: ${error.message}${where}\n`);
  } else if (error instanceof ZodError) {
    const problems = error.issues.map((issue) => issue.message).join("; ");
    process.stderr.write(`goldenset: ${problems}\n`);
  } else if (isBadInput(error)) {
    process.stderr.write(`goldenset: ${(error as Error).message}\n`);
  } else {
    process.stderr.write(`goldenset: ${(error as Error).stack ?? String(error)}\n`);
  }
}

/**
 * Exits once stdout and stderr have taken everything written to them: on a pipe
 * (`goldenset export-run ID | …`) writes are asynchronous, and exiting at once would cut the
 * output short. An empty write's callback runs after every earlier write of that stream.
 */
async function exitAfterFlush(code: number): Promise<never> {
  const flushed = (stream: NodeJS.WriteStream) =>
    new Promise<void>((resolve) => stream.write("", () => resolve()));
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}

// A reader that stops early (`goldenset export-run ID | head`) closes the pipe: stop quietly, as
// Unix tools do, instead of crashing on EPIPE.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

main(process.argv.slice(2)).then(exitAfterFlush, (error: unknown) => {
  reportError(error);
  return exitAfterFlush(1);
});
