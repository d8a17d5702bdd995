import { randomUUID } from "node:crypto";
import type { ServicePolicy } from "@/lib/configs/check-config-services";
import type { Db, DbOrTransaction, Prisma } from "@/lib/db/client";
import { AppError, formatJsonPath } from "@/lib/errors";
import { diffJudgeSettings } from "@/lib/judging/diff-judge-settings";
import {
  checkJudgeServices,
  type JudgeSettings,
  type JudgeSettingsInput,
  judgeSettingsSchema,
} from "@/lib/judging/judge-settings-schema";
import { MODEL_ROLE, modelAnnotatorName } from "@/lib/judging/model-annotator";

// Judges (issue 23) are versioned configurations: a used judge is immutable, and an edit that can
// change its answers makes version + 1 under the same name (diff-judge-settings.ts). Each judge
// name has one annotator user, `model:<name>` with role "model" and no account, so it never signs
// in; the judge's supported judgments are that user's labels. Key values are never stored: the
// settings hold the variable's name only.

export type JudgeRow = {
  id: string;
  name: string;
  version: number;
  settings: JudgeSettings;
  annotatorId: string;
  createdAt: Date;
  archivedAt: Date | null;
  /** It has judged something (has a ModelJudgment): editing its answer settings makes a new version. */
  used: boolean;
};

const judgeSelect = {
  id: true,
  name: true,
  version: true,
  settings: true,
  annotatorId: true,
  createdAt: true,
  archivedAt: true,
  _count: { select: { judgments: true } },
} as const;

type SelectedJudge = Prisma.JudgeGetPayload<{ select: typeof judgeSelect }>;

function toJudgeRow(judge: SelectedJudge): JudgeRow {
  const { _count, settings, ...rest } = judge;
  return { ...rest, settings: judgeSettingsSchema.parse(settings), used: _count.judgments > 0 };
}

/** Validates settings as a form or the API sent them; a problem names its field. */
function parseJudgeSettings(input: JudgeSettingsInput, server: ServicePolicy): JudgeSettings {
  const parsed = judgeSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? formatJsonPath(issue.path) : "settings";
    throw new AppError("bad_request", `Judge ${field}: ${issue?.message ?? "is not valid"}.`, {
      path: issue?.path.filter((part): part is string | number => typeof part !== "symbol"),
    });
  }
  checkJudgeServices(parsed.data, server);
  return parsed.data;
}

export async function getJudge(prisma: DbOrTransaction, judgeId: string): Promise<JudgeRow> {
  const judge = await prisma.judge.findUnique({ where: { id: judgeId }, select: judgeSelect });
  if (!judge) throw new AppError("not_found", `No judge ${judgeId}.`);
  return toJudgeRow(judge);
}

/** Every judge: the latest version of each name first (by name), then the older versions. */
export async function listJudges(
  prisma: Db,
  options: { includeArchived?: boolean } = {},
): Promise<JudgeRow[]> {
  const judges = await prisma.judge.findMany({
    where: options.includeArchived ? {} : { archivedAt: null },
    orderBy: [{ name: "asc" }, { version: "desc" }],
    select: judgeSelect,
  });
  const rows = judges.map(toJudgeRow);
  const seen = new Set<string>();
  const latest: JudgeRow[] = [];
  const older: JudgeRow[] = [];
  for (const row of rows) {
    (seen.has(row.name) ? older : latest).push(row);
    seen.add(row.name);
  }
  return [...latest, ...older];
}

/**
 * Creates a judge (no `judgeId`), or edits one: an unused judge, or an edit of in-place settings
 * only (name, concurrency, timeout, budget), is updated; otherwise the edit is saved as the next
 * version of the same name. A rename renames the annotator user too, keeping its labels.
 */
export async function saveJudge(
  prisma: Db,
  options: {
    judgeId?: string;
    settings: JudgeSettingsInput;
    createdById: string | null;
    server: ServicePolicy;
  },
): Promise<{ judge: JudgeRow; newVersion: boolean }> {
  const settings = parseJudgeSettings(options.settings, options.server);
  return prisma.$transaction(async (tx) => {
    if (options.judgeId === undefined) {
      await assertNameFree(tx, settings.name, null);
      const judge = await createJudgeVersion(tx, { settings, version: 1, createdById: options.createdById });
      return { judge, newVersion: false };
    }
    const before = await getJudge(tx, options.judgeId);
    const diff = diffJudgeSettings({ before: before.settings, after: settings });
    if (diff.changed.length === 0) return { judge: before, newVersion: false };
    if (before.used && diff.makesNewVersion) {
      if (settings.name !== before.name)
        throw new AppError(
          "bad_request",
          "Judge name: rename the judge and change its answer settings in two separate edits.",
          { path: ["name"] },
        );
      const latest = await tx.judge.aggregate({ where: { name: before.name }, _max: { version: true } });
      const version = (latest._max.version ?? before.version) + 1;
      const judge = await createJudgeVersion(tx, { settings, version, createdById: options.createdById });
      return { judge, newVersion: true };
    }
    if (settings.name !== before.name) await renameJudge(tx, before, settings.name);
    await tx.judge.update({ where: { id: before.id }, data: { settings } });
    return { judge: await getJudge(tx, before.id), newVersion: false };
  });
}

/**
 * For the CLI: the latest version of the judge named in `settings` when its answer settings are
 * the same (its in-place settings are brought up to date), else a new judge or a new version.
 */
export async function findOrCreateJudge(
  prisma: Db,
  options: { settings: JudgeSettingsInput; createdById: string | null; server: ServicePolicy },
): Promise<JudgeRow> {
  const settings = parseJudgeSettings(options.settings, options.server);
  const latest = await prisma.judge.findFirst({
    where: { name: settings.name },
    orderBy: { version: "desc" },
    select: { id: true },
  });
  const { judge } = await saveJudge(prisma, { ...options, judgeId: latest?.id });
  return judge;
}

/** Hides a judge version from lists and pickers; its judgments and labels stay. */
export async function archiveJudge(prisma: Db, judgeId: string): Promise<void> {
  await getJudge(prisma, judgeId);
  await prisma.judge.update({ where: { id: judgeId }, data: { archivedAt: new Date() } });
}

async function assertNameFree(tx: DbOrTransaction, name: string, exceptName: string | null): Promise<void> {
  if (name === exceptName) return;
  const taken = await tx.judge.findFirst({ where: { name }, select: { id: true } });
  if (taken)
    throw new AppError("conflict", `Judge name: a judge named "${name}" exists already; edit it instead.`, {
      path: ["name"],
    });
}

async function createJudgeVersion(
  tx: DbOrTransaction,
  options: { settings: JudgeSettings; version: number; createdById: string | null },
): Promise<JudgeRow> {
  const annotatorId = await ensureAnnotator(tx, options.settings.name);
  const created = await tx.judge.create({
    data: {
      name: options.settings.name,
      version: options.version,
      settings: options.settings,
      annotatorId,
      createdById: options.createdById,
    },
    select: { id: true },
  });
  return getJudge(tx, created.id);
}

/** The `model:<name>` user of a judge name: found, or made (role "model", no account: no sign-in). */
async function ensureAnnotator(tx: DbOrTransaction, judgeName: string): Promise<string> {
  const email = modelAnnotatorName(judgeName);
  const known = await tx.user.findUnique({ where: { email }, select: { id: true, role: true } });
  if (known) {
    if (known.role !== MODEL_ROLE)
      throw new AppError("conflict", `Judge name: the user ${email} exists and is not a judge's annotator.`, {
        path: ["name"],
      });
    return known.id;
  }
  const user = await tx.user.create({
    data: { id: randomUUID(), email, name: email, role: MODEL_ROLE, emailVerified: false },
    select: { id: true },
  });
  return user.id;
}

/** Renames every version of the judge and its annotator user, which keeps its labels. */
async function renameJudge(tx: DbOrTransaction, before: JudgeRow, name: string): Promise<void> {
  await assertNameFree(tx, name, before.name);
  const email = modelAnnotatorName(name);
  const clash = await tx.user.findUnique({ where: { email }, select: { id: true } });
  if (clash && clash.id !== before.annotatorId)
    throw new AppError("conflict", `Judge name: the user ${email} exists already.`, { path: ["name"] });
  const versions = await tx.judge.findMany({
    where: { name: before.name },
    select: { id: true, settings: true },
  });
  for (const version of versions) {
    const settings = { ...judgeSettingsSchema.parse(version.settings), name };
    await tx.judge.update({ where: { id: version.id }, data: { name, settings } });
  }
  await tx.user.update({ where: { id: before.annotatorId }, data: { email, name: email } });
}
