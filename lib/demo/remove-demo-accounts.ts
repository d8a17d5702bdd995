import type { Db } from "@/lib/db/client";
import { countAdmins, deleteUsersWithAuditEvent } from "@/lib/db/users";
import { listPresentDemoAccounts } from "@/lib/demo/list-present-demo-accounts";
import { AppError } from "@/lib/errors";

export const DEMO_ACCOUNTS_REMOVED = "demo-accounts-removed";

/**
 * Deletes every demo account (their passwords are public) at once and records an AuditEvent
 * naming them. Their sessions end with them; their labels stay, without an annotator. Refuses
 * while `actor` is a demo account or no admin but the demo's would remain, so that nobody is
 * locked out: the way forward is to create an own admin first. Nothing to remove is not an error.
 */
export async function removeDemoAccounts(
  prisma: Db,
  options: { actor: { id: string; email: string } },
): Promise<{ removed: string[]; unattributedLabels: number }> {
  const present = await listPresentDemoAccounts(prisma);
  if (present.length === 0) return { removed: [], unattributedLabels: 0 };
  const ids = present.map((account) => account.userId);
  if (ids.includes(options.actor.id)) {
    throw new AppError(
      "conflict",
      `You are signed in as the demo account ${options.actor.email}, which would be removed too. Create your own admin first (Add user, role admin), sign in as it, then remove the demo accounts.`,
    );
  }
  if ((await countAdmins(prisma, { excludingIds: ids })) === 0) {
    throw new AppError(
      "conflict",
      "No admin would remain: the only admins are demo accounts. Create your own admin first (Add user, role admin), then remove the demo accounts.",
    );
  }
  const removed = present.map((account) => account.email);
  const { unattributedLabels } = await deleteUsersWithAuditEvent(prisma, {
    userIds: ids,
    event: {
      kind: DEMO_ACCOUNTS_REMOVED,
      subject: removed.join(", "),
      actorId: options.actor.id,
      detail: { emails: removed, actorEmail: options.actor.email },
    },
  });
  return { removed, unattributedLabels };
}
