import { NotFoundMessage } from "@/components/shell/not-found-message";

export default function SweepNotFound() {
  return (
    <NotFoundMessage
      title="Sweep not found"
      description="There is no sweep with this id. It may have been deleted along with its golden set, or the link may be mistyped. Sweeps are listed with the runs."
      links={[
        { href: "/runs", label: "Runs and sweeps" },
        { href: "/", label: "Overview" },
      ]}
    />
  );
}
