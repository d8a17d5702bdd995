import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { archiveJudge, findOrCreateJudge, getJudge, listJudges, saveJudge } from "@/lib/db/judges";
import { setUpDatabasePerTest } from "@/lib/db/testing/database-hooks";

let prisma: Db;
setUpDatabasePerTest((client) => {
  prisma = client;
});

const server = { allowList: ["api.openai.com", "127.0.0.1:11434"], keyVariables: ["OPENAI_API_KEY"] };
const settings = {
  name: "gpt-4o-mini judge",
  baseUrl: "https://api.openai.com/v1",
  model: "gpt-4o-mini",
  apiKeyVariable: "OPENAI_API_KEY",
};

/** Marks a judge used, as a judgment of it would. */
async function use(judgeId: string): Promise<void> {
  const { randomUUID } = await import("node:crypto");
  const corpus = await prisma.corpus.create({ data: { name: `c-${randomUUID()}` } });
  const set = await prisma.goldenSet.create({
    data: { name: `s-${randomUUID()}`, corpusId: corpus.id, gradeScale: [] },
  });
  const query = await prisma.query.create({ data: { goldenSetId: set.id, key: "q-1", text: "q", tags: [] } });
  await prisma.modelJudgment.create({
    data: {
      judgeId,
      goldenSetId: set.id,
      queryId: query.id,
      documentId: "d",
      documentVersion: 1,
      start: 0,
      end: 1,
      cacheKey: randomUUID(),
      status: "not_needed",
      grade: 0,
    },
  });
}

describe("judges", () => {
  it("creates a judge with its model:<name> annotator, which has no account", async () => {
    const { judge, newVersion } = await saveJudge(prisma, { settings, createdById: null, server });
    expect(newVersion).toBe(false);
    expect(judge).toMatchObject({ name: "gpt-4o-mini judge", version: 1, used: false, archivedAt: null });
    expect(judge.settings).toMatchObject({
      temperature: 0,
      maxTokens: 300,
      concurrency: 4,
      promptVersion: "umbrela-quote-1",
    });
    const user = await prisma.user.findUniqueOrThrow({
      where: { id: judge.annotatorId },
      include: { accounts: true },
    });
    expect(user).toMatchObject({
      email: "model:gpt-4o-mini judge",
      name: "model:gpt-4o-mini judge",
      role: "model",
    });
    expect(user.accounts).toEqual([]);
    // the key's variable is stored, never a value
    expect(JSON.stringify(judge.settings)).not.toMatch(/sk-/);
  });

  it("refuses invalid settings naming the field, a host outside the allow-list and a taken name", async () => {
    await expect(
      saveJudge(prisma, { settings: { ...settings, model: " " }, createdById: null, server }),
    ).rejects.toThrow(/^Judge model: name the model/);
    await expect(
      saveJudge(prisma, { settings: { ...settings, concurrency: 99 }, createdById: null, server }),
    ).rejects.toThrow(/^Judge concurrency:/);
    await expect(
      saveJudge(prisma, {
        settings: { ...settings, baseUrl: "https://evil.example/v1" },
        createdById: null,
        server,
      }),
    ).rejects.toThrow(/allow-list/);
    await expect(
      saveJudge(prisma, {
        settings: { ...settings, apiKeyVariable: "DATABASE_URL" },
        createdById: null,
        server,
      }),
    ).rejects.toThrow(/DATABASE_URL/);
    await saveJudge(prisma, { settings, createdById: null, server });
    await expect(saveJudge(prisma, { settings, createdById: null, server })).rejects.toThrow(
      /exists already/,
    );
  });

  it("edits an unused judge in place, and a used one: in-place fields in place, answers as a new version", async () => {
    const { judge } = await saveJudge(prisma, { settings, createdById: null, server });
    const edited = await saveJudge(prisma, {
      judgeId: judge.id,
      settings: { ...settings, model: "gpt-4o" },
      createdById: null,
      server,
    });
    expect(edited).toMatchObject({ newVersion: false, judge: { id: judge.id, version: 1 } });
    await use(judge.id);
    const budget = await saveJudge(prisma, {
      judgeId: judge.id,
      settings: { ...settings, model: "gpt-4o", maxCalls: 200 },
      createdById: null,
      server,
    });
    expect(budget).toMatchObject({ newVersion: false, judge: { id: judge.id, version: 1, used: true } });
    expect(budget.judge.settings.maxCalls).toBe(200);
    const next = await saveJudge(prisma, {
      judgeId: judge.id,
      settings: { ...settings, model: "gpt-4.1-mini", maxCalls: 200 },
      createdById: null,
      server,
    });
    expect(next.newVersion).toBe(true);
    expect(next.judge).toMatchObject({
      name: settings.name,
      version: 2,
      used: false,
      annotatorId: judge.annotatorId,
    });
    expect((await getJudge(prisma, judge.id)).settings.model).toBe("gpt-4o");
    const listed = await listJudges(prisma);
    expect(listed.map((row) => [row.name, row.version])).toEqual([
      [settings.name, 2],
      [settings.name, 1],
    ]);
  });

  it("renames every version and the annotator user in place, keeping its labels", async () => {
    const { judge } = await saveJudge(prisma, { settings, createdById: null, server });
    await use(judge.id);
    const renamed = await saveJudge(prisma, {
      judgeId: judge.id,
      settings: { ...settings, name: "house judge" },
      createdById: null,
      server,
    });
    expect(renamed).toMatchObject({ newVersion: false, judge: { id: judge.id, name: "house judge" } });
    const user = await prisma.user.findUniqueOrThrow({ where: { id: judge.annotatorId } });
    expect(user.email).toBe("model:house judge");
  });

  it("finds the same judge again for the CLI, or makes a new version when its answers would change", async () => {
    const first = await findOrCreateJudge(prisma, { settings, createdById: null, server });
    await use(first.id);
    const again = await findOrCreateJudge(prisma, {
      settings: { ...settings, concurrency: 2 },
      createdById: null,
      server,
    });
    expect(again).toMatchObject({ id: first.id, version: 1 });
    expect(again.settings.concurrency).toBe(2);
    const other = await findOrCreateJudge(prisma, {
      settings: { ...settings, maxTokens: 500 },
      createdById: null,
      server,
    });
    expect(other).toMatchObject({ version: 2 });
  });

  it("archives: hidden from the list unless asked", async () => {
    const { judge } = await saveJudge(prisma, { settings, createdById: null, server });
    await archiveJudge(prisma, judge.id);
    expect(await listJudges(prisma)).toEqual([]);
    expect((await listJudges(prisma, { includeArchived: true }))[0]?.archivedAt).toBeInstanceOf(Date);
    await expect(getJudge(prisma, "nope")).rejects.toThrow(/No judge nope/);
  });
});
