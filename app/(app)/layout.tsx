import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { DemoAccountsBanner } from "@/components/shell/demo-accounts-banner";
import { can } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listPresentDemoAccounts } from "@/lib/demo/list-present-demo-accounts";
import { signOutAction } from "../sign-in/actions";

export const dynamic = "force-dynamic";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  const demoAccounts = await listPresentDemoAccounts(db());
  return (
    <AppShell
      user={user}
      signOutAction={signOutAction}
      banner={
        <DemoAccountsBanner
          emails={demoAccounts.map((account) => account.email)}
          manageHref={can(user.role, "admin") ? "/admin/users#demo-accounts" : undefined}
        />
      }
    >
      {children}
    </AppShell>
  );
}
