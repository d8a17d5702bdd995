import { type Command, helpOption } from "@/lib/cli/command-options";
import { db } from "@/lib/db/client";
import { drainJobs } from "@/lib/worker/worker";

/** `goldenset run-jobs`: runs the queued jobs until none is left, then exits. */
export const runJobsCommand = {
  options: helpOption,
  run: async () => {
    process.stdout.write(`${await drainJobs(db())} job(s) run.\n`);
    return 0;
  },
} satisfies Command;
