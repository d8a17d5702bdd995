import { NestedRecordNotFound } from "@/components/shell/nested-record-not-found";

export default function DocumentNotFound() {
  return (
    <NestedRecordNotFound
      title="Document not found"
      description="This corpus has no document with this id. The link may be mistyped, or point to a document of another corpus."
      parent={{ path: "/corpora", label: "Back to the corpus" }}
      list={{ href: "/corpora", label: "All corpora" }}
    />
  );
}
