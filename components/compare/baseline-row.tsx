import type { ReactNode } from "react";
import { Td, Tr } from "@/components/ui/table";
import { RunName } from "./run-swatch";

/**
 * The baseline's row of a comparison table: tinted, the run named as the baseline in the first
 * cell (`nameClassName` bounds its width), then the table's own cells.
 */
export function BaselineRow({
  run,
  nameClassName,
  children,
}: {
  run: { id: string; name: string; ordinal: number };
  nameClassName: string;
  children: ReactNode;
}) {
  return (
    <Tr className="bg-zinc-50/60">
      <Td className={nameClassName}>
        <RunName id={run.id} name={run.name} ordinal={run.ordinal} baseline />
      </Td>
      {children}
    </Tr>
  );
}
