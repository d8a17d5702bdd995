/**
 * Where /evaluate takes an engineer: straight to the evaluate page of the only set there is;
 * with none, to the sets page to make one; with several, a list to choose from (the sets in the
 * order given, the most recently updated first).
 */
export function evaluateLanding(
  sets: readonly { id: string }[],
): { kind: "redirect"; href: string } | { kind: "choose" } {
  const [only, ...rest] = sets;
  if (!only) return { kind: "redirect", href: "/sets" };
  if (rest.length === 0) return { kind: "redirect", href: `/sets/${only.id}/runs` };
  return { kind: "choose" };
}
