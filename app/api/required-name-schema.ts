import { z } from "zod";

/** The name an import form requires, trimmed, at most 200 characters: "Give the corpus a name". */
export function requiredNameSchema(noun: string) {
  return z
    .string({ error: `Give the ${noun} a name` })
    .trim()
    .min(1, `Give the ${noun} a name`)
    .max(200, `The ${noun} name is too long (200 characters at most)`);
}
