import { NotFoundMessage } from "@/components/shell/not-found-message";

/** notFound() anywhere in the app shell without a closer not-found.tsx. */
export default function AppNotFound() {
  return (
    <NotFoundMessage
      title="Page not found"
      description="There is nothing at this address. It may have been deleted, or the link may be mistyped."
      links={[{ href: "/", label: "Go to the overview" }]}
    />
  );
}
