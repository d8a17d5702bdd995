import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { findGoldenSetByNameOrId, findGoldenSetIdByName } from "@/lib/db/golden-sets";
import { setUpDatabasePerTest } from "@/lib/db/testing/database-hooks";

let prisma: Db;
setUpDatabasePerTest((client) => {
  prisma = client;
});

async function twoSets() {
  const corpus = await prisma.corpus.create({ data: { name: "lookup corpus" } });
  const first = await prisma.goldenSet.create({
    data: { name: "support questions", corpusId: corpus.id, gradeScale: [] },
  });
  const second = await prisma.goldenSet.create({
    data: { name: "billing questions", corpusId: corpus.id, gradeScale: [] },
  });
  return { first, second };
}

describe("finding a golden set as the command line names it", () => {
  it("finds a set by its name, or by its id where the command takes either", async () => {
    const { first, second } = await twoSets();
    expect(await findGoldenSetIdByName(prisma, "support questions")).toBe(first.id);
    expect((await findGoldenSetByNameOrId(prisma, "billing questions")).id).toBe(second.id);
    expect((await findGoldenSetByNameOrId(prisma, first.id)).name).toBe("support questions");
  });

  it("answers an unknown name with not_found, listing the names there are", async () => {
    await twoSets();
    const listed = 'no golden set named "nope" (there are "billing questions", "support questions")';
    await expect(findGoldenSetIdByName(prisma, "nope")).rejects.toMatchObject({
      code: "not_found",
      message: listed,
    });
    await expect(findGoldenSetByNameOrId(prisma, "nope")).rejects.toMatchObject({
      code: "not_found",
      message: listed,
    });
  });

  it("says there are none in an empty database", async () => {
    await expect(findGoldenSetByNameOrId(prisma, "nope")).rejects.toThrow(
      'no golden set named "nope" (there are none)',
    );
  });
});
