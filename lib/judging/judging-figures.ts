import { z } from "zod";

/**
 * A judging job's figures, kept in Job.result while it runs. `pairs`: distinct (query, document)
 * pairs of the pool; `judged`: pairs whose every passage has a non-failed judgment of this judge;
 * `cached`: pairs that needed no request in this job; `unsupported` / `failed`: passages with
 * that status; `calls`: HTTP requests this job made (retries included); tokens as the endpoint
 * reported them; `cost` in dollars when prices were given, else null.
 */
export const judgingFiguresSchema = z.object({
  pairs: z.number(),
  judged: z.number(),
  cached: z.number(),
  unsupported: z.number(),
  failed: z.number(),
  calls: z.number(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  cost: z.number().nullable(),
});
export type JudgingFigures = z.infer<typeof judgingFiguresSchema>;

/** Dollars per million tokens, as providers print their prices. */
export type JudgingPrices = {
  promptPerMillion?: number | undefined;
  completionPerMillion?: number | undefined;
};

export const judgingPricesSchema = z.object({
  promptPerMillion: z.number().min(0, { error: "prices.promptPerMillion must be 0 or more" }).optional(),
  completionPerMillion: z
    .number()
    .min(0, { error: "prices.completionPerMillion must be 0 or more" })
    .optional(),
});

export function emptyJudgingFigures(): JudgingFigures {
  return {
    pairs: 0,
    judged: 0,
    cached: 0,
    unsupported: 0,
    failed: 0,
    calls: 0,
    promptTokens: 0,
    completionTokens: 0,
    cost: null,
  };
}

/** Figures stored by an earlier version or not at all read as empty. */
export function readJudgingFigures(value: unknown): JudgingFigures {
  const parsed = judgingFiguresSchema.safeParse(value);
  return parsed.success ? parsed.data : emptyJudgingFigures();
}

/** (prompt · p + completion · c) / 1e6 dollars; null when no price was given. */
export function judgingCost(options: {
  promptTokens: number;
  completionTokens: number;
  prices?: JudgingPrices | undefined;
}): number | null {
  const { prices } = options;
  if (!prices || (prices.promptPerMillion === undefined && prices.completionPerMillion === undefined))
    return null;
  const prompt = options.promptTokens * (prices.promptPerMillion ?? 0);
  const completion = options.completionTokens * (prices.completionPerMillion ?? 0);
  return (prompt + completion) / 1e6;
}

const count = (value: number) => value.toLocaleString("en");

/** 210 → "210", 210_400 → "210k", 3_400_000 → "3.4M": a token count at a glance. */
export function formatTokens(tokens: number): string {
  if (tokens < 1_000) return String(tokens);
  if (tokens < 1_000_000) return `${Math.round(tokens / 1_000)}k`;
  return `${Number((tokens / 1_000_000).toFixed(1))}M`;
}

/** "$0.42", "$0.0031": enough digits to see a small cost. */
function formatCost(dollars: number): string {
  if (dollars === 0) return "$0";
  if (dollars >= 1) return `$${dollars.toFixed(2)}`;
  return `$${Number(dollars.toPrecision(2))}`;
}

/** "412 of 1,020 pairs · 430 calls · 210k tokens · $0.42" */
export function formatJudgingProgress(figures: JudgingFigures): string {
  const parts = [
    `${count(figures.judged)} of ${count(figures.pairs)} ${figures.pairs === 1 ? "pair" : "pairs"}`,
    `${count(figures.calls)} ${figures.calls === 1 ? "call" : "calls"}`,
    `${formatTokens(figures.promptTokens + figures.completionTokens)} tokens`,
  ];
  if (figures.cost !== null) parts.push(formatCost(figures.cost));
  return parts.join(" · ");
}
