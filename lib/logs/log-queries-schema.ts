import { z } from "zod";

/** Rows per request of the log's query table; the client asks for pages of this size. */
export const LOG_QUERY_PAGE_SIZE = 200;
const MAX_LOG_QUERY_PAGE_SIZE = 1000;

const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** GET /api/logs/[id]/queries?offset=&limit=&search=&class= */
export const logQueryPageParamsSchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_LOG_QUERY_PAGE_SIZE).default(LOG_QUERY_PAGE_SIZE),
  search: z.preprocess(blankToUndefined, z.string().trim().max(500).optional()),
  class: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[a-z-]{1,40}$/, "Unknown class")
      .optional(),
  ),
});

/** One row of a log's query table; dates are ISO strings so the row crosses JSON unchanged. */
const logQueryRowSchema = z.object({
  id: z.string(),
  display: z.string(),
  normalized: z.string(),
  /** lines with this query in this log */
  countInLog: z.number().int(),
  /** lines with this query in every imported log */
  frequency: z.number().int(),
  classes: z.array(z.string()),
  firstSeen: z.string().nullable(),
  lastSeen: z.string().nullable(),
  /** raw spellings seen (capped at import), including the displayed one */
  variantCount: z.number().int(),
});

export type LogQueryRow = z.infer<typeof logQueryRowSchema>;

export const logQueryPageSchema = z.object({
  offset: z.number().int(),
  total: z.number().int(),
  rows: z.array(logQueryRowSchema),
});

export type LogQueryPage = z.infer<typeof logQueryPageSchema>;
