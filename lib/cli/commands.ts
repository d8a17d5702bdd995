import type { Command } from "@/lib/cli/command-options";

/**
 * Every CLI command by name, each loaded only when it runs: a process loads the modules of the one
 * command it was asked for (`goldenset compare` never loads Prisma's client, `export-set` never the
 * password checks), which takes about half of the start-up CPU a process paid for loading them all
 * (docs/test-suite-time.md). Register a new command here, and in the overview of lib/cli/main.ts.
 */
export const commands: Record<string, () => Promise<Command>> = {
  "eval-trec": async () => (await import("@/lib/cli/eval-trec-command")).evalTrecCommand,
  compare: async () => (await import("@/lib/cli/compare-command")).compareCommand,
  agreement: async () => (await import("@/lib/cli/agreement-command")).agreementCommand,
  gate: async () => (await import("@/lib/cli/gate-command")).gateCommand,
  retrieve: async () => (await import("@/lib/cli/retrieve-command")).retrieveCommand,
  evaluate: async () => (await import("@/lib/cli/evaluate-command")).evaluateCommand,
  judge: async () => (await import("@/lib/cli/judge-command")).judgeCommand,
  "judge-report": async () => (await import("@/lib/cli/judge-report-command")).judgeReportCommand,
  migrate: async () => (await import("@/lib/cli/migrate-command")).migrateCommand,
  "migrate-data": async () => (await import("@/lib/cli/migrate-data-command")).migrateDataCommand,
  worker: async () => (await import("@/lib/cli/worker-command")).workerCommand,
  seed: async () => (await import("@/lib/cli/seed-command")).seedCommand,
  "add-user": async () => (await import("@/lib/cli/user-commands")).addUserCommand,
  "create-token": async () => (await import("@/lib/cli/user-commands")).createTokenCommand,
  "import-corpus": async () => (await import("@/lib/cli/import-corpus-command")).importCorpusCommand,
  "import-log": async () => (await import("@/lib/cli/import-log-command")).importLogCommand,
  "import-qrels": async () => (await import("@/lib/cli/judgment-commands")).importQrelsCommand,
  "export-qrels": async () => (await import("@/lib/cli/judgment-commands")).exportQrelsCommand,
  "export-run": async () => (await import("@/lib/cli/judgment-commands")).exportRunCommand,
  "export-set": async () => (await import("@/lib/cli/set-file-commands")).exportSetCommand,
  "import-set": async () => (await import("@/lib/cli/set-file-commands")).importSetCommand,
  backup: async () => (await import("@/lib/cli/backup-command")).backupCommand,
  "run-jobs": async () => (await import("@/lib/cli/run-jobs-command")).runJobsCommand,
};
