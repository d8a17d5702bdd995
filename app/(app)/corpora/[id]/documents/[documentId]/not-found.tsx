"use client";

import { useParams } from "next/navigation";
import { NotFoundMessage } from "@/components/shell/not-found-message";

// A client component only to read the corpus id from the URL: not-found files get no props.
export default function DocumentNotFound() {
  const { id } = useParams<{ id: string }>();
  return (
    <NotFoundMessage
      title="Document not found"
      description="This corpus has no document with this id. The link may be mistyped, or point to a document of another corpus."
      links={[
        { href: `/corpora/${encodeURIComponent(id)}`, label: "Back to the corpus" },
        { href: "/corpora", label: "All corpora" },
        { href: "/", label: "Overview" },
      ]}
    />
  );
}
