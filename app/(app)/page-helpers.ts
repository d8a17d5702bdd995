import { notFound } from "next/navigation";
import { z } from "zod";
import { AppError } from "@/lib/errors";

/** Awaits a lib/db lookup and turns its "not_found" AppError into the 404 page. */
export async function orNotFound<T>(lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}

const listParamsSchema = z.object({
  q: z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).catch(1).default(1),
});

/** `?q=` (trimmed, undefined when blank) and `?page=` (1-based, 1 when absent or invalid). */
export function parseListParams(searchParams: Record<string, string | string[] | undefined>): {
  search: string | undefined;
  page: number;
} {
  const { q, page } = listParamsSchema.parse({ q: searchParams.q, page: searchParams.page });
  return { search: q, page };
}

/** A link to the same list with other search params; empty values are dropped. */
export function listHref(pathname: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "" && !(key === "page" && value === 1))
      search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}
