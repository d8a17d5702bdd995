import { RecordNotFound } from "@/components/shell/record-not-found";

export default function SweepNotFound() {
  return (
    <RecordNotFound
      noun="sweep"
      list={{ href: "/runs", label: "Runs and sweeps" }}
      deletedWith="its golden set"
      hint="Sweeps are listed with the runs."
    />
  );
}
