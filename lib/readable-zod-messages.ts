import { z } from "zod";

/**
 * Plain-English messages for the number and text bounds of every schema that states none of
 * its own ("must be at least 20" instead of zod's "Too small: expected number to be >=20").
 * Installed once, on import, in every process and in the browser: lib/errors.ts imports it, and
 * every message we show a person passes through an AppError, so an import refused right after a
 * server starts says the same words as one refused later (the evaluate form, through
 * config-schema, too).
 */
z.config({
  customError: (issue) => {
    if (issue.code === "too_small" && issue.origin === "number")
      return issue.inclusive === false
        ? `must be greater than ${formatBound(issue.minimum)}`
        : `must be at least ${formatBound(issue.minimum)}`;
    if (issue.code === "too_big" && issue.origin === "number")
      return issue.inclusive === false
        ? `must be less than ${formatBound(issue.maximum)}`
        : `must be at most ${formatBound(issue.maximum)}`;
    if (issue.code === "invalid_type" && issue.expected === "int") return "must be a whole number";
    if (issue.code === "invalid_type" && issue.expected === "number") return "must be a number";
    if (issue.code === "too_small" && issue.origin === "string" && issue.minimum === 1)
      return "must not be empty";
    return undefined;
  },
});

function formatBound(value: number | bigint): string {
  return typeof value === "number" ? value.toLocaleString("en") : String(value);
}
