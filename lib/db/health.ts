import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

export async function checkDatabase(): Promise<void> {
  try {
    await db().$queryRaw`SELECT 1`;
  } catch (error) {
    throw new AppError("unavailable", `The database is not reachable: ${(error as Error).message}`);
  }
}
