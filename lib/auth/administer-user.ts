import { newUserSchema } from "@/lib/auth/new-user-schema";
import { hashPassword } from "@/lib/auth/password";
import type { Role } from "@/lib/auth/roles";
import type { Db } from "@/lib/db/client";
import { countAdmins, findUserAccount, updateUserWithAuditEvent } from "@/lib/db/users";
import { AppError } from "@/lib/errors";

// What an admin does to another account on the users page. Each writes an AuditEvent; none lets
// the server end up without an active admin, and an admin cannot demote or deactivate themselves.

const USER_ROLE_CHANGED = "user-role-changed";
const USER_DEACTIVATED = "user-deactivated";
const USER_REACTIVATED = "user-reactivated";
const USER_PASSWORD_RESET = "user-password-reset";

type Actor = { id: string; email: string };

async function findTarget(prisma: Db, userId: string) {
  const user = await findUserAccount(prisma, userId);
  if (!user) throw new AppError("not_found", "No such user (removed meanwhile?). Reload the page.");
  return user;
}

async function refuseLosingTheLastAdmin(prisma: Db, target: { id: string; role: string }, what: string) {
  if (target.role === "admin" && (await countAdmins(prisma, { excludingIds: [target.id] })) === 0) {
    throw new AppError(
      "conflict",
      `No active admin would remain: make another user admin before you ${what}.`,
    );
  }
}

/** Gives a user another role (they keep their sessions; the next request sees the new role). */
export async function changeUserRole(
  prisma: Db,
  options: { actor: Actor; userId: string; role: Role },
): Promise<void> {
  const target = await findTarget(prisma, options.userId);
  if (target.id === options.actor.id) {
    throw new AppError("conflict", "You cannot change your own role; another admin can.");
  }
  if (target.role === options.role) return;
  if (options.role !== "admin") await refuseLosingTheLastAdmin(prisma, target, "demote this admin");
  await updateUserWithAuditEvent(prisma, {
    userId: target.id,
    data: { role: options.role },
    endSessions: false,
    event: {
      kind: USER_ROLE_CHANGED,
      subject: target.email,
      actorId: options.actor.id,
      detail: { from: target.role, to: options.role, actorEmail: options.actor.email },
    },
  });
}

/**
 * Deactivates a user (they cannot sign in; their sessions end; their labels stay theirs) or
 * reactivates one.
 */
export async function setUserActive(
  prisma: Db,
  options: { actor: Actor; userId: string; active: boolean },
): Promise<void> {
  const target = await findTarget(prisma, options.userId);
  if (target.id === options.actor.id) {
    throw new AppError("conflict", "You cannot deactivate yourself; another admin can.");
  }
  if (options.active === (target.deactivatedAt === null)) return;
  if (!options.active) await refuseLosingTheLastAdmin(prisma, target, "deactivate this admin");
  await updateUserWithAuditEvent(prisma, {
    userId: target.id,
    data: { deactivatedAt: options.active ? null : new Date() },
    endSessions: !options.active,
    event: {
      kind: options.active ? USER_REACTIVATED : USER_DEACTIVATED,
      subject: target.email,
      actorId: options.actor.id,
      detail: { actorEmail: options.actor.email },
    },
  });
}

/**
 * Sets a new password under the password policy (12+ characters after trimming, not a common one, not the email;
 * a ZodError on `password` says which) and ends the user's sessions.
 */
export async function resetUserPassword(
  prisma: Db,
  options: { actor: Actor; userId: string; password: string },
): Promise<void> {
  const target = await findTarget(prisma, options.userId);
  const { password } = newUserSchema.parse({
    name: target.name,
    email: target.email,
    role: target.role,
    password: options.password,
  });
  await updateUserWithAuditEvent(prisma, {
    userId: target.id,
    data: {},
    passwordHash: await hashPassword(password),
    endSessions: true,
    event: {
      kind: USER_PASSWORD_RESET,
      subject: target.email,
      actorId: options.actor.id,
      detail: { actorEmail: options.actor.email },
    },
  });
}
