import type { DbOrTransaction } from "@/lib/db/client";
import { buildGoldenSetFile } from "@/lib/db/golden-set-exchange";
import { COPIED_TABLES } from "@/lib/db/migrations/copied-tables";

export type DatabaseComparison = {
  /** rows per table on the source */
  tables: Record<string, number>;
  /** golden sets compared */
  sets: number;
  /** what differs, one sentence each naming the table or set; empty when the copy matches */
  mismatches: string[];
};

/**
 * Compares a copy with its source (migrate-data's verification): the row count of every table,
 * and every golden set's export (`JSON.stringify(buildGoldenSetFile(…))`: queries, labels with
 * annotators and timestamps, document versions and hashes) byte for byte.
 */
export async function compareDatabases(options: {
  source: DbOrTransaction;
  target: DbOrTransaction;
}): Promise<DatabaseComparison> {
  const { source, target } = options;
  const tables: Record<string, number> = {};
  const mismatches: string[] = [];
  for (const table of COPIED_TABLES) {
    const [sourceRows, targetRows] = await Promise.all([
      countRows(source, table.model),
      countRows(target, table.model),
    ]);
    tables[table.table] = sourceRows;
    if (sourceRows !== targetRows) {
      mismatches.push(
        `table "${table.table}" has ${sourceRows} row(s) in the source, ${targetRows} in the target`,
      );
    }
  }
  const sets = await source.goldenSet.findMany({ select: { id: true, name: true }, orderBy: { id: "asc" } });
  for (const set of sets) {
    const sourceExport = JSON.stringify(await buildGoldenSetFile(source, set.id));
    const targetSet = await target.goldenSet.findUnique({ where: { id: set.id }, select: { id: true } });
    if (!targetSet) {
      mismatches.push(`golden set "${set.name}" (${set.id}) is missing from the target`);
      continue;
    }
    const targetExport = JSON.stringify(await buildGoldenSetFile(target, set.id));
    if (sourceExport !== targetExport) {
      mismatches.push(
        `golden set "${set.name}" (${set.id}) exports differently: ${firstDifference(sourceExport, targetExport)}`,
      );
    }
  }
  return { tables, sets: sets.length, mismatches };
}

async function countRows(prisma: DbOrTransaction, model: string): Promise<number> {
  const delegate = (prisma as unknown as Record<string, { count(): Promise<number> }>)[model];
  if (!delegate) throw new Error(`No Prisma model "${model}".`);
  return await delegate.count();
}

/** Where two texts part, with a little context: enough to see which field differs. */
function firstDifference(a: string, b: string): string {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, index - 40), index + 40));
  return `at character ${index}, source ${around(a)}, target ${around(b)}`;
}
