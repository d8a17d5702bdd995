import { createPrismaClient } from "@/lib/db/client";
import { findNextQuery } from "@/lib/queue/find-next-query";
import { loadHoles } from "@/lib/queue/load-holes";

async function main() {
  const prisma = createPrismaClient(process.env.DATABASE_URL ?? "");
  const set = await prisma.goldenSet.findFirstOrThrow();
  const user = await prisma.user.findFirstOrThrow({ where: { role: "annotator" } });
  for (let i = 0; i < 5; i++) {
    let t = performance.now();
    const holes = await loadHoles(prisma, { setId: set.id, details: false });
    const a = performance.now() - t;
    t = performance.now();
    await findNextQuery(prisma, { setId: set.id, userId: user.id, currentId: null, now: new Date() });
    const b = performance.now() - t;
    console.log(
      "loadHoles",
      a.toFixed(0),
      "ms",
      holes.holes.length,
      "holes; findNextQuery",
      b.toFixed(0),
      "ms",
    );
  }
}
void main();
