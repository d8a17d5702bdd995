/** What a failed Prisma write means, by its error code (one place for the codes the app acts on). */

/**
 * True when a write lost a race and may simply be tried again: Prisma's unique-constraint
 * violation (P2002: another session inserted the same key first), or SQLite's "database is busy"
 * (P1008: another connection holds the write lock, and waiting for it could deadlock).
 */
export function isLostWriteRace(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("code" in error)) return false;
  const { code } = error as { code: unknown };
  return code === "P2002" || code === "P1008";
}

/** True for Prisma's unique-constraint violation (P2002). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "P2002";
}
