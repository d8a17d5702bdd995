/** The candidates' header line: "Top 10 of BM25, Dense LSA and Hybrid RRF, pooled". */
export function poolDescription(pool: { depth: number; sourceNames: string[] } | undefined): string {
  if (!pool) return "Best first";
  const names = pool.sourceNames;
  const listed =
    names.length <= 1 ? (names[0] ?? "BM25") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `Top ${pool.depth} of ${listed}, pooled`;
}
