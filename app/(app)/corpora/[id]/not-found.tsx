import { NotFoundMessage } from "@/components/shell/not-found-message";

export default function CorpusNotFound() {
  return (
    <NotFoundMessage
      title="Corpus not found"
      description="There is no corpus with this id. It may have been deleted, or the link may be mistyped."
      links={[
        { href: "/corpora", label: "All corpora" },
        { href: "/", label: "Overview" },
      ]}
    />
  );
}
