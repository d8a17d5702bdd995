export type CsvCell = string | number | boolean | null | undefined;

/**
 * RFC 4180 CSV with a header row: fields holding a comma, quote or line break are quoted (quotes
 * doubled), lines end in CRLF. Numbers keep six decimals at most (no 0.30000000000000004), empty
 * cells for null/undefined. A text cell starting with = + − @ or a tab is prefixed with ' so a
 * spreadsheet shows it instead of running it as a formula (queries come from users' logs).
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}

function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "number") return Number.isFinite(cell) ? String(Number(cell.toFixed(6))) : "";
  if (typeof cell === "boolean") return cell ? "true" : "false";
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
