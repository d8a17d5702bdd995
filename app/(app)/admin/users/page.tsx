import type { Metadata } from "next";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format-date";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { Role } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listUsers } from "@/lib/db/users";
import { listPresentDemoAccounts } from "@/lib/demo/list-present-demo-accounts";
import { formatCountOf } from "../../page-helpers";
import {
  addUserAction,
  changeUserRoleAction,
  removeDemoAccountsAction,
  resetUserPasswordAction,
  setUserActiveAction,
} from "./actions";
import { AddUserForm } from "./add-user-form";
import { LatestActionProvider } from "./latest-action";
import { RemoveDemoAccountsForm } from "./remove-demo-accounts-form";
import { UserActions } from "./user-actions";

export const metadata: Metadata = { title: "Users" };

const roleTones: Record<string, BadgeTone> = {
  admin: "violet",
  engineer: "blue",
  annotator: "amber",
} satisfies Record<Role, BadgeTone>;

export default async function UsersPage() {
  const user = await requirePageUser("admin");
  const [users, demoAccounts] = await Promise.all([listUsers(db()), listPresentDemoAccounts(db())]);
  const demoIds = new Set(demoAccounts.map((account) => account.userId));
  const admins = users.filter((row) => row.role === "admin" && !row.deactivatedAt).length;
  const deactivated = users.filter((row) => row.deactivatedAt).length;

  return (
    <>
      <PageHeader
        title="Users"
        description="Everyone who can sign in, and what their role lets them do. Only admins see this page."
      />
      <LatestActionProvider>
        <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
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
                      {row.id === user.id ? (
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
                    <Td className="whitespace-nowrap text-xs text-zinc-500">
                      {formatDateTime(row.createdAt)}
                    </Td>
                    <Td>
                      {row.id === user.id ? (
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

          <div className="space-y-5">
            <Card>
              <CardHeader
                title="Add user"
                description={
                  <>
                    The rules of <code className="font-mono">goldenset add-user</code>: a valid email, a
                    password of 12+ characters that is not a common one.
                  </>
                }
              />
              <CardBody>
                <AddUserForm action={addUserAction} />
              </CardBody>
            </Card>
            <Card id="demo-accounts" className="scroll-mt-6">
              <CardHeader
                title="Demo accounts"
                description={
                  demoAccounts.length > 0
                    ? `${formatCountOf(demoAccounts.length, "account")} whose password anyone can read in the README (Quick start). Remove them before sharing this server.`
                    : "The demo's admin, engineer and annotator, whose passwords are published."
                }
              />
              <CardBody>
                <RemoveDemoAccountsForm
                  action={removeDemoAccountsAction}
                  emails={demoAccounts.map((account) => account.email)}
                  actorIsDemo={demoIds.has(user.id)}
                />
              </CardBody>
            </Card>
          </div>
        </div>
      </LatestActionProvider>
    </>
  );
}
