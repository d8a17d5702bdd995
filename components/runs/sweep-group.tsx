"use client";

import { type ReactNode, useState } from "react";

type SweepGroupProps = {
  sweepId: string;
  /** The sweep row's cells after the toggle. */
  cells: ReactNode;
  /** The point rows, shown when the group is open. */
  children: ReactNode;
  pointCount: number;
};

/** A sweep's row in a runs list, its points folded under it until opened. */
export function SweepGroup({ sweepId, cells, children, pointCount }: SweepGroupProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <tr className="bg-zinc-50/70 hover:bg-zinc-100/70" data-testid="sweep-row" data-sweep-id={sweepId}>
        <td className="w-8 pl-3">
          <button
            type="button"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-label={`${open ? "Hide" : "Show"} the sweep's ${pointCount === 1 ? "point" : `${pointCount} points`}`}
            className="inline-flex size-6 items-center justify-center rounded text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            data-testid="sweep-toggle"
          >
            <span aria-hidden="true">{open ? "▾" : "▸"}</span>
          </button>
        </td>
        {cells}
      </tr>
      {open ? children : null}
    </>
  );
}
