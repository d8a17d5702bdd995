import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { createApiTokenForEmail } from "@/lib/api-tokens/create-api-token";
import { addUser } from "@/lib/auth/add-user";
import { roleSchema } from "@/lib/auth/roles";
import { agreementCommand } from "@/lib/cli/agreement-command";
import { type CommandArgs, type CommandOptions, requireString } from "@/lib/cli/command-options";
import { compareCommand } from "@/lib/cli/compare-command";
import { evalTrecCommand } from "@/lib/cli/eval-trec-command";
import { evaluateCommand } from "@/lib/cli/evaluate-command";
import { gateCommand } from "@/lib/cli/gate-command";
import { importLogCommand } from "@/lib/cli/import-log-command";
import { judgeCommand } from "@/lib/cli/judge-command";
import { judgeReportCommand } from "@/lib/cli/judge-report-command";
import { exportQrelsCommand, exportRunCommand, importQrelsCommand } from "@/lib/cli/judgment-commands";
import { migrateCommand } from "@/lib/cli/migrate-command";
import { migrateDataCommand } from "@/lib/cli/migrate-data-command";
import { retrieveCommand } from "@/lib/cli/retrieve-command";
import { workerCommand } from "@/lib/cli/worker-command";
import { importGoldenSetFile } from "@/lib/curation/golden-set-import";
import { backupSqliteDatabase } from "@/lib/db/backup-database";
import { db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { buildGoldenSetFile } from "@/lib/db/golden-set-exchange";
import { countUsers } from "@/lib/db/users";
import { listPresentDemoAccounts } from "@/lib/demo/list-present-demo-accounts";
import { seedDemo } from "@/lib/demo/seed-demo";
import { databaseFilePath, demoEnabled } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { parseGoldenSetFile } from "@/lib/exchange/parse-golden-set-file";
import { openBeirFolder, openBeirZip } from "@/lib/exchange/read-beir";
import { readCorpusJsonl } from "@/lib/exchange/read-corpus-jsonl";
import { openFileStream } from "@/lib/exchange/read-lines";
import { serializeGoldenSetFile } from "@/lib/exchange/serialize-golden-set-file";
import { drainJobs } from "@/lib/worker/worker";

/**
 * A CLI command. Register one entry per command in `commands` below; `goldenset NAME --help`
 * prints `usage` (the command's full help: synopsis, options, exit codes), or, when a command has
 * none, its entry in the overview of lib/cli/main.ts.
 */
export type Command = {
  /** Full help text of `goldenset NAME --help`, starting "usage: goldenset NAME …". */
  usage?: string;
  options: CommandOptions;
  /** The exit code of a failure (unreadable input, bad arguments); 1 when not set. */
  errorExitCode?: number;
  run: (args: CommandArgs) => Promise<number>;
};

const help = { help: { type: "boolean", short: "h" } } as const;

/** What start-up prints on a database without users (GOLDENSET_DEMO=0 on a new server). */
const firstAdminHint =
  'No users yet. Create the first admin: bin/goldenset add-user --role admin --email you@example.com --name "Your Name" --password "<12+ characters, not a common one>"';

function requireFile(positionals: string[]): string {
  const file = positionals[0];
  if (!file) throw new AppError("bad_request", "a FILE argument is required");
  return file;
}

function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export const commands: Record<string, Command> = {
  "eval-trec": evalTrecCommand,
  compare: compareCommand,
  agreement: agreementCommand,
  gate: gateCommand,
  retrieve: retrieveCommand,
  evaluate: evaluateCommand,
  judge: judgeCommand,
  "judge-report": judgeReportCommand,
  migrate: migrateCommand,
  "migrate-data": migrateDataCommand,
  worker: workerCommand,
  seed: {
    options: help,
    run: async () => {
      if (!demoEnabled()) process.stdout.write("GOLDENSET_DEMO=0: the demo is not loaded.\n");
      else if (await seedDemo(db())) process.stdout.write("Demo loaded into the empty database.\n");
      else process.stdout.write("Database not empty; demo not loaded.\n");
      if ((await countUsers(db())) === 0) process.stdout.write(`${firstAdminHint}\n`);
      const accounts = await listPresentDemoAccounts(db());
      if (accounts.length) {
        process.stdout.write("Demo accounts (sign in with any):\n");
        for (const account of accounts) {
          process.stdout.write(
            `  ${account.role.padEnd(10)} ${account.email.padEnd(28)} ${account.password}\n`,
          );
        }
        process.stdout.write(
          "Their passwords are public: remove them (Users page, as your own admin) before sharing this server.\n",
        );
      }
      return 0;
    },
  },
  "add-user": {
    options: {
      ...help,
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      password: { type: "string" },
    },
    run: async ({ values }) => {
      const requestedRole = requireString(values.role, "role");
      const role = roleSchema.safeParse(requestedRole);
      if (!role.success)
        throw new AppError(
          "bad_request",
          `--role must be one of ${roleSchema.options.join(", ")} (got "${requestedRole}")`,
        );
      const email = requireString(values.email, "email");
      const password = requireString(values.password, "password");
      const name = typeof values.name === "string" ? values.name : email;
      // the password and email rules of the admin users page (a ZodError names the field)
      printJson(await addUser(db(), { email, name, role: role.data, password }));
      return 0;
    },
  },
  "create-token": {
    options: { ...help, email: { type: "string" }, name: { type: "string" } },
    errorExitCode: 2,
    run: async ({ values }) => {
      const email = requireString(values.email, "email");
      const name = requireString(values.name, "name");
      printJson(await createApiTokenForEmail(db(), { email, name }));
      return 0;
    },
  },
  "import-corpus": {
    options: { ...help, corpus: { type: "string" }, format: { type: "string" } },
    run: async ({ values, positionals }) => {
      const file = requireFile(positionals);
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
  },
  "import-log": importLogCommand,
  "import-qrels": importQrelsCommand,
  "export-qrels": exportQrelsCommand,
  "export-run": exportRunCommand,
  "export-set": {
    options: { ...help, out: { type: "string" } },
    run: async ({ values, positionals }) => {
      const name = requireFile(positionals);
      const set = await db().goldenSet.findFirst({ where: { OR: [{ name }, { id: name }] } });
      if (!set) throw new AppError("not_found", `No golden set named "${name}".`);
      const text = serializeGoldenSetFile(await buildGoldenSetFile(db(), set.id));
      if (typeof values.out === "string") await writeFile(values.out, text);
      else process.stdout.write(text);
      return 0;
    },
  },
  "import-set": {
    options: { ...help, name: { type: "string" } },
    run: async ({ values, positionals }) => {
      const filePath = requireFile(positionals);
      const file = parseGoldenSetFile(await readFile(filePath));
      const name = typeof values.name === "string" ? values.name : undefined;
      const fileName = path.basename(filePath);
      printJson(await importGoldenSetFile(db(), { file, fileName, ...(name ? { name } : {}) }));
      return 0;
    },
  },
  backup: {
    options: { ...help, out: { type: "string" }, wait: { type: "string" } },
    run: async ({ values }) => {
      const out = path.resolve(requireString(values.out, "out"));
      const waitSeconds = values.wait === undefined ? undefined : Number(values.wait);
      if (waitSeconds !== undefined && !(Number.isFinite(waitSeconds) && waitSeconds >= 0))
        throw new AppError("bad_request", `--wait takes a number of seconds, not "${String(values.wait)}".`);
      const sourceFile = databaseFilePath();
      if (!sourceFile) {
        throw new AppError(
          "bad_request",
          'goldenset backup copies a SQLite file; on PostgreSQL use pg_dump (e.g. pg_dump --format=custom --file=goldenset.dump "$DATABASE_URL").',
        );
      }
      const copied = await backupSqliteDatabase({
        sourceFile,
        targetFile: out,
        ...(waitSeconds === undefined ? {} : { maxWaitMs: waitSeconds * 1000 }),
        onWait: (message) => process.stderr.write(`goldenset: ${message}\n`),
      });
      printJson({ out, ...copied });
      return 0;
    },
  },
  "run-jobs": {
    options: help,
    run: async () => {
      process.stdout.write(`${await drainJobs(db())} job(s) run.\n`);
      return 0;
    },
  },
};
