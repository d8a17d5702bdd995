import { RecordNotFound } from "@/components/shell/record-not-found";

export default function RunNotFound() {
  return (
    <RecordNotFound noun="run" list={{ href: "/runs", label: "All runs" }} deletedWith="its golden set" />
  );
}
