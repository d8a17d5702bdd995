/** The downloads a set offers, each named after the set (the JSON export's convention). */
export type SetExportKind = "goldenset-json" | "trec-qrels" | "beir-qrels" | "beir-queries";

const suffixes: Record<SetExportKind, string> = {
  "goldenset-json": ".goldenset.json",
  "trec-qrels": ".qrels",
  "beir-qrels": "-qrels.tsv",
  "beir-queries": "-queries.jsonl",
};

/** "Support FAQ (v2)" → "support-faq-v2"; ASCII only, so a Content-Disposition header needs no encoding. */
export function slugifySetName(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "golden-set";
}

/** A set export's file name: `support-faq.qrels`, `support-faq-qrels.tsv`, … */
export function nameExportFile(options: { setName: string; kind: SetExportKind }): string {
  return `${slugifySetName(options.setName)}${suffixes[options.kind]}`;
}
