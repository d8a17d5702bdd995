import { RecordNotFound } from "@/components/shell/record-not-found";

export default function CorpusNotFound() {
  return <RecordNotFound noun="corpus" list={{ href: "/corpora", label: "All corpora" }} />;
}
