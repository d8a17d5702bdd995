import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/shell/not-found-message";

export const metadata: Metadata = { title: "Page not found" };

/** URLs no route matches, outside the app shell (the shell needs a signed-in user). */
export default function NotFound() {
  return (
    <main className="min-h-dvh bg-zinc-50 px-4 py-10">
      <NotFoundMessage
        title="Page not found"
        description="There is nothing at this address. The link may be mistyped, or what it pointed to was deleted."
        links={[{ href: "/", label: "Go to the overview" }]}
      />
    </main>
  );
}
