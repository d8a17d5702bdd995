import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format-date";
import { formatCountOf } from "@/components/ui/format-number";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { Role } from "@/lib/auth/roles";
import type { listUsers } from "@/lib/db/users";
import { changeUserRoleAction, resetUserPasswordAction, setUserActiveAction } from "./actions";
import { UserActions } from "./user-actions";

type UserRow = Awaited<ReturnType<typeof listUsers>>[number];

const roleTones: Record<string, BadgeTone> = {
  admin: "violet",
  engineer: "blue",
  annotator: "amber",
} satisfies Record<Role, BadgeTone>;

type AllUsersCardProps = {
  users: UserRow[];
  /** The signed-in admin: marked "you", and not managed from here. */
  currentUserId: string;
  /** The users who are demo accounts (published passwords). */
  demoIds: ReadonlySet<string>;
};

/** Every user with their role, state and creation date, and the admin's controls for the others. */
export function AllUsersCard({ users, currentUserId, demoIds }: AllUsersCardProps) {
  const admins = users.filter((row) => row.role === "admin" && !row.deactivatedAt).length;
  const deactivated = users.filter((row) => row.deactivatedAt).length;
  return (
    <Card>
      <CardHeader
        title="All users"
        description={`${formatCountOf(users.length, "user")}, ${formatCountOf(admins, "active admin")}${deactivated ? `, ${deactivated} deactivated` : ""}. You cannot change your own role or deactivate yourself.`}
      />
      <Table data-testid="users-table">
        <THead>
          <tr>
            <Th>Name</Th>
            <Th>Email</Th>
            <Th>Role</Th>
            <Th>Created</Th>
            <Th>Manage</Th>
          </tr>
        </THead>
        <TBody>
          {users.map((row) => (
            <Tr
              key={row.id}
              data-testid="user-row"
              data-email={row.email}
              data-active={row.deactivatedAt ? "false" : "true"}
            >
              <Td>
                <span className="font-medium text-zinc-900">{row.name}</span>
                {row.id === currentUserId ? (
                  <Badge className="ml-2" tone="neutral">
                    you
                  </Badge>
                ) : null}
                {demoIds.has(row.id) ? (
                  <Badge
                    className="ml-2"
                    tone="red"
                    title="Its password is published"
                    data-testid="demo-badge"
                  >
                    demo
                  </Badge>
                ) : null}
              </Td>
              <Td className="font-mono text-xs text-zinc-600">{row.email}</Td>
              <Td>
                <Badge tone={roleTones[row.role] ?? "neutral"} data-testid="user-role">
                  {row.role}
                </Badge>
                {row.deactivatedAt ? (
                  <Badge
                    className="ml-2"
                    tone="neutral"
                    title={`Deactivated ${formatDateTime(row.deactivatedAt)}`}
                    data-testid="deactivated-badge"
                  >
                    deactivated
                  </Badge>
                ) : null}
              </Td>
              <Td className="whitespace-nowrap text-xs text-zinc-500">{formatDateTime(row.createdAt)}</Td>
              <Td>
                {row.id === currentUserId ? (
                  <span className="text-xs text-zinc-400">—</span>
                ) : (
                  <UserActions
                    user={{
                      id: row.id,
                      name: row.name,
                      email: row.email,
                      role: (roleTones[row.role] ? row.role : "annotator") as Role,
                      active: !row.deactivatedAt,
                    }}
                    changeRole={changeUserRoleAction}
                    setActive={setUserActiveAction}
                    resetPassword={resetUserPasswordAction}
                  />
                )}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </Card>
  );
}
