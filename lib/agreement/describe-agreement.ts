/**
 * Landis & Koch's (1977) words for a kappa or alpha value, the usual reading aid: below 0 poor,
 * up to .20 slight, .40 fair, .60 moderate, .80 substantial, above almost perfect. Null
 * (undefined agreement) is "undefined". Krippendorff's own advice for alpha is stricter: rely on
 * data with α ≥ .800, draw tentative conclusions from .667 up.
 */
export function describeAgreement(value: number | null): string {
  if (value === null) return "undefined";
  if (value < 0) return "poor";
  if (value <= 0.2) return "slight";
  if (value <= 0.4) return "fair";
  if (value <= 0.6) return "moderate";
  if (value <= 0.8) return "substantial";
  return "almost perfect";
}
