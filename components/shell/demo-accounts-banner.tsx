import { Link } from "@/components/ui/link";

type DemoAccountsBannerProps = {
  /** The demo accounts that still exist (their passwords are printed at start-up and on sign-in). */
  emails: string[];
  /** Where an admin removes them; absent for everyone else. */
  manageHref?: string;
};

/**
 * A full-width strip above every page while demo accounts exist: anybody who has read the README
 * can sign in as them, so the server must not be shared until they are gone.
 */
export function DemoAccountsBanner({ emails, manageHref }: DemoAccountsBannerProps) {
  if (emails.length === 0) return null;
  return (
    <div
      role="status"
      className="flex shrink-0 items-center gap-2.5 border-brand-200 border-b bg-brand-50 px-4 py-1.5 text-brand-700 text-xs"
      data-testid="demo-accounts-banner"
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 shrink-0 fill-current">
        <path d="M8 1.5a1 1 0 0 1 .87.5l6.5 11.25A1 1 0 0 1 14.5 14.75h-13a1 1 0 0 1-.87-1.5L7.13 2A1 1 0 0 1 8 1.5Zm0 4a.75.75 0 0 0-.75.75v3.5a.75.75 0 0 0 1.5 0v-3.5A.75.75 0 0 0 8 5.5Zm0 7.25a.9.9 0 1 0 0-1.8.9.9 0 0 0 0 1.8Z" />
      </svg>
      <p className="min-w-0 flex-1">
        <span className="font-semibold">
          Demo {emails.length === 1 ? "account" : "accounts"} with published passwords{" "}
          {emails.length === 1 ? "exists" : "exist"} on this server
        </span>{" "}
        <span className="text-brand-700/80">({emails.join(", ")})</span>. Remove{" "}
        {emails.length === 1 ? "it" : "them"} before sharing it
        {manageHref ? "." : " — an admin can, on the Users page."}
      </p>
      {manageHref ? (
        <Link
          href={manageHref}
          className="shrink-0 rounded font-semibold underline underline-offset-2 hover:text-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          data-testid="demo-accounts-banner-link"
        >
          Remove demo accounts
        </Link>
      ) : null}
    </div>
  );
}
