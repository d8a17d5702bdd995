import { z } from "zod";
import { defaultGradeScale, queryStatusSchema } from "@/lib/sets/set-schema";

const grades = defaultGradeScale.map((level) => level.grade);

/**
 * The hand-written authoring format of prisma/demo/golden-set.json: queries with their
 * information need, tags and quotes (no offsets; the seed anchors them), graded on the demo
 * set's scale (the default, 0–3).
 */
export const demoSetSchema = z.object({
  name: z.string(),
  description: z.string(),
  queries: z.array(
    z.object({
      text: z.string(),
      informationNeed: z.string().default(""),
      tags: z.array(z.string()).default([]),
      status: queryStatusSchema.optional(),
      labels: z.array(
        z.object({
          document: z.string(),
          exact: z.string().optional(),
          grade: z
            .number()
            .int()
            .min(Math.min(...grades))
            .max(Math.max(...grades)),
        }),
      ),
    }),
  ),
});
