// A second server process saving a label, for the race test in save-label.test.ts:
// `tsx save-label-process.ts <database url> <JSON options> <start time in ms>`. It opens its own
// connection, waits until the start time (so every process saves at once) and prints the result.
import { saveDocumentLabel } from "@/lib/curation/save-label";
import { createPrismaClient } from "@/lib/db/client";

async function main() {
  const [url, json, startAt] = process.argv.slice(2);
  if (!url || !json || !startAt) throw new Error("usage: save-label-process URL OPTIONS START_AT");
  const prisma = createPrismaClient(url);
  await prisma.$queryRaw`SELECT 1`; // connect before the start line, not after
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
  try {
    const result = await saveDocumentLabel(prisma, JSON.parse(json));
    process.stdout.write(JSON.stringify(result));
  } finally {
    await prisma.$disconnect();
  }
}

void main();
