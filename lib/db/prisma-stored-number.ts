/**
 * The number Prisma stores for a JavaScript number it is given — a Float parameter or a number
 * inside a Json value: its exact decimal value rounded to 16 significant digits, ties to even,
 * read back as a double (so 0.1 + 0.2 is stored as 0.3). Writes that bypass Prisma's parameters
 * (bulk INSERT … SELECT over bound batches) round the same way, so a run's stored rows stay what
 * they were when every row went through Prisma.
 */
export function prismaStoredNumber(value: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return value;
  // a tie needs an exact decimal expansion of 17 significant digits ending in 5; toPrecision
  // rounds ties away from zero, so only then is the slow check needed
  const seventeen = value.toPrecision(17);
  if (seventeen.replace(/e.*$/, "").endsWith("5")) {
    const match = /^(-?)(\d)\.(\d+)e([+-]\d+)$/.exec(value.toExponential(99));
    if (match) {
      const digits = `${match[2]}${match[3]}`;
      const exactTie = /^50*$/.test(digits.slice(16));
      if (exactTie && Number(digits[15]) % 2 === 0)
        return Number(`${match[1]}${digits[0]}.${digits.slice(1, 16)}e${match[4]}`);
    }
  }
  return Number(value.toPrecision(16));
}

/** JSON text of `value` with every number as prismaStoredNumber stores it. */
export function prismaStoredJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === "number" ? prismaStoredNumber(item) : item,
  );
}
