"use client";

import { useParams } from "next/navigation";
import { NotFoundMessage } from "@/components/shell/not-found-message";

// A client component only to read the set id from the URL: not-found files get no props.
export default function QueryNotFound() {
  const { id } = useParams<{ id: string }>();
  return (
    <NotFoundMessage
      title="Query not found"
      description="This golden set has no query with this id, or the document the link opens is not in the set's corpus. The query may have been removed from the set."
      links={[
        { href: `/sets/${encodeURIComponent(id)}`, label: "Back to the golden set" },
        { href: "/sets", label: "All golden sets" },
        { href: "/", label: "Overview" },
      ]}
    />
  );
}
