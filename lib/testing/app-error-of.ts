import { expect } from "vitest";
import { AppError } from "@/lib/errors";

/** What `promise` rejects with, checked to be an AppError (a test fails if it resolves instead). */
export async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
