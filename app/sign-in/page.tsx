import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { DemoAccountsBanner } from "@/components/shell/demo-accounts-banner";
import { currentUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listPresentDemoAccounts } from "@/lib/demo/list-present-demo-accounts";
import { listSignInDemoAccounts } from "@/lib/demo/list-sign-in-demo-accounts";
import { safeRedirectPath } from "@/lib/http/safe-redirect-path";
import { signInAction } from "./actions";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[] }>;
}) {
  if (await currentUser()) redirect("/");
  const { next } = await searchParams;
  // The banner warns about every demo account; the form offers only those whose published
  // password still works (not one an admin reset or deactivated).
  const [accounts, signInAccounts] = await Promise.all([
    listPresentDemoAccounts(db()),
    listSignInDemoAccounts(db()),
  ]);
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50">
      <DemoAccountsBanner emails={accounts.map((account) => account.email)} />
      <main className="grid flex-1 place-items-center px-4 py-10">
        <div className="w-full max-w-sm">
          <div className="mb-6 flex items-center gap-2">
            <span aria-hidden="true" className="grid size-7 place-items-center rounded-md bg-brand-500">
              <span className="size-2.5 rounded-full bg-white" />
            </span>
            <div>
              <h1 className="font-semibold text-lg tracking-tight">Goldenset</h1>
              <p className="text-xs text-zinc-500">The gauge for your retrieval pipeline</p>
            </div>
          </div>
          <SignInForm
            onSignIn={signInAction}
            redirectTo={safeRedirectPath(next)}
            demoAccounts={signInAccounts}
          />
        </div>
      </main>
    </div>
  );
}
