import type { Metadata } from "next";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { formatCountOf } from "@/components/ui/format-number";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listUsers } from "@/lib/db/users";
import { listPresentDemoAccounts } from "@/lib/demo/list-present-demo-accounts";
import { addUserAction, removeDemoAccountsAction } from "./actions";
import { AddUserForm } from "./add-user-form";
import { AllUsersCard } from "./all-users-card";
import { LatestActionProvider } from "./latest-action";
import { RemoveDemoAccountsForm } from "./remove-demo-accounts-form";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const user = await requirePageUser("admin");
  const [users, demoAccounts] = await Promise.all([listUsers(db()), listPresentDemoAccounts(db())]);
  const demoIds = new Set(demoAccounts.map((account) => account.userId));

  return (
    <>
      <PageHeader
        title="Users"
        description="Everyone who can sign in, and what their role lets them do. Only admins see this page."
      />
      <LatestActionProvider>
        <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <AllUsersCard users={users} currentUserId={user.id} demoIds={demoIds} />

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
