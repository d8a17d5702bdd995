"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { type ActionState, fieldErrorsOf, initialActionState } from "@/lib/http/action-state";
import { safeRedirectPath } from "@/lib/http/safe-redirect-path";

type DemoAccount = { role: string; email: string; password: string };

type SignInFormProps = {
  /** Starts the session (sets its cookie) or answers why not. */
  onSignIn: (input: { email: string; password: string }) => Promise<ActionState>;
  /** Where to go after signing in; defaults to the overview. */
  redirectTo?: string;
  /** Shown below the form with their passwords (only those that still work); clicking one fills the fields. */
  demoAccounts?: DemoAccount[];
};

const failure = (error: string): ActionState => ({ ok: false, error, fieldErrors: {} });

export function SignInForm({ onSignIn, redirectTo, demoAccounts }: SignInFormProps) {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [state, setState] = useState<ActionState>(initialActionState);
  const [pending, startTransition] = useTransition();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (email.trim() === "" || password === "") {
      setState(failure("Enter your email and password."));
      return;
    }
    setState(initialActionState);
    startTransition(async () => {
      try {
        const result = await onSignIn({ email: email.trim(), password });
        if (!result.ok) {
          setState(result);
          return;
        }
        router.push(safeRedirectPath(redirectTo)); // judged again: the prop may come from a URL
        router.refresh();
      } catch {
        setState(failure("Could not reach the server. Try again."));
      }
    });
  }

  return (
    <div className="space-y-5">
      <form onSubmit={submit} className="space-y-3" noValidate>
        {state.ok ? null : (
          <Alert tone="error" data-testid="sign-in-error">
            {state.error}
          </Alert>
        )}
        <Field label="Email" htmlFor="sign-in-email" error={fieldErrorsOf(state, "email")}>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            autoFocus
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            data-testid="sign-in-email"
          />
        </Field>
        <Field label="Password" htmlFor="sign-in-password" error={fieldErrorsOf(state, "password")}>
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            data-testid="sign-in-password"
          />
        </Field>
        <Button
          type="submit"
          variant="primary"
          className="w-full"
          disabled={pending}
          data-testid="sign-in-submit"
        >
          {pending ? "Signing in…" : "Sign in"}
        </Button>
      </form>

      {demoAccounts && demoAccounts.length > 0 ? (
        <div data-testid="demo-accounts">
          <p className="font-medium text-[11px] text-zinc-500 uppercase tracking-wide">Demo accounts</p>
          <p className="mt-0.5 mb-1.5 text-xs text-zinc-500">Click an account to fill the form.</p>
          <ul className="divide-y divide-zinc-100 overflow-hidden rounded-md border border-zinc-200 bg-white">
            {demoAccounts.map((account) => (
              <li key={account.email}>
                <button
                  type="button"
                  onClick={() => {
                    setEmail(account.email);
                    setPassword(account.password);
                    setState(initialActionState);
                  }}
                  className="grid w-full grid-cols-[5.5rem_minmax(0,1fr)] gap-x-3 px-3 py-1.5 text-left text-xs hover:bg-zinc-50 focus-visible:bg-zinc-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset"
                  aria-label={`Fill in the ${account.role} demo account (${account.email}, password ${account.password})`}
                  data-testid={`demo-account-${account.role}`}
                >
                  <span className="row-span-2 self-center font-medium text-zinc-800 capitalize">
                    {account.role}
                  </span>
                  <span className="truncate font-mono text-zinc-600" data-testid="demo-account-email">
                    {account.email}
                  </span>
                  <span className="truncate font-mono text-zinc-600" data-testid="demo-account-password">
                    <span className="font-sans text-zinc-400">password </span>
                    {account.password}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
