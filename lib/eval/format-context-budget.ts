/** Characters per token the approximate token count assumes (English text, GPT-style tokenizers). */
const CHARACTERS_PER_TOKEN = 4;

/**
 * A context budget as every page, the CLI and the API docs show it: "2,000 characters (≈ 500
 * tokens)". The token count is approximate (characters / 4, rounded); the budget itself is in
 * characters, which the metrics count exactly.
 */
export function formatContextBudget(budgetChars: number): string {
  const tokens = Math.round(budgetChars / CHARACTERS_PER_TOKEN);
  return `${budgetChars.toLocaleString("en")} characters (≈ ${tokens.toLocaleString("en")} tokens)`;
}
