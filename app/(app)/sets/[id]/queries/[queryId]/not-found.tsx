import { NestedRecordNotFound } from "@/components/shell/nested-record-not-found";

export default function QueryNotFound() {
  return (
    <NestedRecordNotFound
      title="Query not found"
      description="This golden set has no query with this id, or the document the link opens is not in the set's corpus. The query may have been removed from the set."
      parent={{ path: "/sets", label: "Back to the golden set" }}
      list={{ href: "/sets", label: "All golden sets" }}
    />
  );
}
