import { RecordNotFound } from "@/components/shell/record-not-found";

export default function QueryLogNotFound() {
  return <RecordNotFound noun="query log" list={{ href: "/logs", label: "All query logs" }} />;
}
