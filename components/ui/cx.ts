/** Joins class names, skipping falsy ones: `cx("a", cond && "b")`. */
export function cx(...classNames: (string | false | null | undefined)[]): string {
  return classNames.filter(Boolean).join(" ");
}
