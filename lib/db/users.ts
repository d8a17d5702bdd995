import { randomUUID } from "node:crypto";
import type { Db, Prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { MODEL_ROLE } from "@/lib/judging/model-annotator";

/** Inserts a user and its email/password credential (better-auth's tables) in one transaction. */
export async function insertUserWithCredential(
  prisma: Db,
  options: { name: string; email: string; role: string; passwordHash: string },
): Promise<string> {
  if (await prisma.user.findUnique({ where: { email: options.email } })) {
    throw new AppError("conflict", `A user with email ${options.email} already exists.`, { path: ["email"] });
  }
  const id = randomUUID();
  await prisma.$transaction([
    prisma.user.create({
      data: { id, name: options.name, email: options.email, role: options.role, emailVerified: true },
    }),
    prisma.account.create({
      data: {
        id: randomUUID(),
        accountId: id,
        providerId: "credential",
        userId: id,
        password: options.passwordHash,
      },
    }),
  ]);
  return id;
}

export function countUsers(prisma: Db): Promise<number> {
  return prisma.user.count();
}

/** The users with these emails who can sign in with a password (a credential account). */
export function findPasswordUsersByEmail(prisma: Db, emails: string[]) {
  return prisma.user.findMany({
    where: { email: { in: emails }, accounts: { some: { providerId: "credential" } } },
    select: { id: true, email: true, name: true, role: true },
  });
}

/** Every person, oldest first, for the admin users page (judges' "model" users are no accounts). */
export function listUsers(prisma: Db) {
  return prisma.user.findMany({
    where: { role: { not: MODEL_ROLE } },
    orderBy: [{ createdAt: "asc" }, { email: "asc" }],
    select: { id: true, name: true, email: true, role: true, createdAt: true, deactivatedAt: true },
  });
}

/** Active (not deactivated) admins other than the users in `excludingIds`. */
export function countAdmins(prisma: Db, options: { excludingIds: string[] }): Promise<number> {
  return prisma.user.count({
    where: { role: "admin", deactivatedAt: null, id: { notIn: options.excludingIds } },
  });
}

/** One user as the admin actions need it; null when there is none. */
export function findUserAccount(prisma: Db, userId: string) {
  return prisma.user.findUnique({
    where: { id: userId },
    select: { id: true, name: true, email: true, role: true, deactivatedAt: true },
  });
}

/** Whether the user with this email (lowercased) is deactivated, and their password hash. */
export function findSignInAccount(prisma: Db, email: string) {
  return prisma.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: {
      deactivatedAt: true,
      accounts: { where: { providerId: "credential" }, select: { password: true } },
    },
  });
}

/**
 * Changes a user's role, active state or password and records an AuditEvent, in one transaction;
 * `endSessions` signs them out everywhere.
 */
export async function updateUserWithAuditEvent(
  prisma: Db,
  options: {
    userId: string;
    data: { role?: string; deactivatedAt?: Date | null };
    passwordHash?: string;
    endSessions: boolean;
    event: { kind: string; subject: string; actorId: string; detail: Prisma.InputJsonObject };
  },
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: options.userId }, data: options.data });
    if (options.passwordHash !== undefined) {
      await tx.account.updateMany({
        where: { userId: options.userId, providerId: "credential" },
        data: { password: options.passwordHash },
      });
    }
    if (options.endSessions) await tx.session.deleteMany({ where: { userId: options.userId } });
    await tx.auditEvent.create({ data: options.event });
  });
}

/**
 * Deletes users and records why in one AuditEvent, in one transaction. Their sessions and
 * credentials go with them (cascade); what they made stays with the author cleared (SetNull):
 * labels, configurations, jobs, sweeps, label history (which keeps the actor's email).
 * Answers how many labels lost their annotator.
 */
export async function deleteUsersWithAuditEvent(
  prisma: Db,
  options: {
    userIds: string[];
    event: { kind: string; subject: string; actorId: string | null; detail: Prisma.InputJsonObject };
  },
): Promise<{ unattributedLabels: number }> {
  return prisma.$transaction(async (tx) => {
    const unattributedLabels = await tx.label.count({ where: { annotatorId: { in: options.userIds } } });
    await tx.user.deleteMany({ where: { id: { in: options.userIds } } });
    await tx.auditEvent.create({
      data: { ...options.event, detail: { ...options.event.detail, unattributedLabels } },
    });
    return { unattributedLabels };
  });
}

export function findUserNames(prisma: Db, ids: string[]): Promise<{ id: string; name: string }[]> {
  return prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
}

/** Whether a user is deactivated (no new sessions for them). */
export async function isUserDeactivated(prisma: Db, userId: string): Promise<boolean> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { deactivatedAt: true } });
  return user?.deactivatedAt != null;
}
