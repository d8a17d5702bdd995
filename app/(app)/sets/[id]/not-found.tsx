import { RecordNotFound } from "@/components/shell/record-not-found";

/** An unknown golden set, on its page or on its evaluate page (sets/[id]/runs). */
export default function GoldenSetNotFound() {
  return <RecordNotFound noun="golden set" list={{ href: "/sets", label: "All golden sets" }} />;
}
