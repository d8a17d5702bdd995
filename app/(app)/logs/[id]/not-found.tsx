import { NotFoundMessage } from "@/components/shell/not-found-message";

export default function QueryLogNotFound() {
  return (
    <NotFoundMessage
      title="Query log not found"
      description="There is no query log with this id. It may have been deleted, or the link may be mistyped."
      links={[
        { href: "/logs", label: "All query logs" },
        { href: "/", label: "Overview" },
      ]}
    />
  );
}
