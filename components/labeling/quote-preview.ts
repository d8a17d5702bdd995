/** How many times `quote` occurs in `text` (overlapping occurrences count). */
export function countOccurrences(text: string, quote: string): number {
  if (quote === "") return 0;
  let count = 0;
  for (let index = text.indexOf(quote); index !== -1; index = text.indexOf(quote, index + 1)) count++;
  return count;
}

/**
 * Shortens a quote for display by cutting its middle: "the first words … the last words".
 * Collapses runs of whitespace so a quote across lines reads as one line.
 */
export function truncateMiddle(quote: string, maxLength: number): string {
  const flat = quote.replace(/\s+/g, " ").trim();
  if (flat.length <= maxLength) return flat;
  const head = Math.ceil((maxLength - 1) * 0.6);
  const tail = maxLength - 1 - head;
  return `${flat.slice(0, head).trimEnd()}…${flat.slice(flat.length - tail).trimStart()}`;
}
