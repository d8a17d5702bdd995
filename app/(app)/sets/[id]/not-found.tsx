import { NotFoundMessage } from "@/components/shell/not-found-message";

/** An unknown golden set, on its page or on its evaluate page (sets/[id]/runs). */
export default function GoldenSetNotFound() {
  return (
    <NotFoundMessage
      title="Golden set not found"
      description="There is no golden set with this id. It may have been deleted, or the link may be mistyped."
      links={[
        { href: "/sets", label: "All golden sets" },
        { href: "/", label: "Overview" },
      ]}
    />
  );
}
