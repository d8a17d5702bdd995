import { NotFoundMessage } from "@/components/shell/not-found-message";

export default function RunNotFound() {
  return (
    <NotFoundMessage
      title="Run not found"
      description="There is no run with this id. It may have been deleted along with its golden set, or the link may be mistyped."
      links={[
        { href: "/runs", label: "All runs" },
        { href: "/", label: "Overview" },
      ]}
    />
  );
}
