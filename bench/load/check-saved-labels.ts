import type { Db } from "@/lib/db/client";

export type LabelCheck = {
  /** Labels the app answered "created" for. */
  saved: number;
  /** Label rows of the simulated annotators in the database afterwards. */
  inDatabase: number;
  /** Saved label ids with no row (must be 0). */
  missing: number;
  /** Label rows of the whole database before and after (the demo's own labels stay). */
  totalBefore: number;
  totalAfter: number;
};

/**
 * "Every label saved is in the database afterwards", checked both ways: each id the app answered
 * is a row, and the annotators own exactly as many rows as were saved (nothing lost, nothing
 * extra). Passes when `missing` is 0 and `saved`, `inDatabase` and `totalAfter − totalBefore`
 * are equal.
 */
export async function checkSavedLabels(
  prisma: Db,
  options: { savedIds: readonly string[]; annotatorIds: readonly string[]; totalBefore: number },
): Promise<LabelCheck> {
  const unique = [...new Set(options.savedIds)];
  let found = 0;
  for (let offset = 0; offset < unique.length; offset += 500) {
    found += await prisma.label.count({ where: { id: { in: unique.slice(offset, offset + 500) } } });
  }
  return {
    saved: options.savedIds.length,
    inDatabase: await prisma.label.count({ where: { annotatorId: { in: [...options.annotatorIds] } } }),
    missing: options.savedIds.length - found,
    totalBefore: options.totalBefore,
    totalAfter: await prisma.label.count(),
  };
}

export function labelCheckPassed(check: LabelCheck): boolean {
  return (
    check.missing === 0 &&
    check.saved === check.inDatabase &&
    check.totalAfter - check.totalBefore === check.saved
  );
}
