const countFormat = new Intl.NumberFormat("en");

/** "1,204": a count with thousands separators. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** "1 set", "1,204 sets": a count with its noun in the right number. */
export function formatCountOf(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}
