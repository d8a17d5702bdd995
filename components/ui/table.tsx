import type { ComponentProps } from "react";
import { cx } from "./cx";

/** A dense table in a horizontally scrolling wrapper. Put it inside a Card or on its own. */
export function Table({ className, ...rest }: ComponentProps<"table">) {
  return (
    <div className="overflow-x-auto">
      <table className={cx("w-full border-collapse text-left text-sm text-zinc-800", className)} {...rest} />
    </div>
  );
}

export function THead({ className, ...rest }: ComponentProps<"thead">) {
  return <thead className={cx("border-b border-zinc-200 bg-zinc-50/60", className)} {...rest} />;
}

export function TBody({ className, ...rest }: ComponentProps<"tbody">) {
  return <tbody className={cx("divide-y divide-zinc-100", className)} {...rest} />;
}

export function Tr({ className, ...rest }: ComponentProps<"tr">) {
  return <tr className={cx("hover:bg-zinc-50/70", className)} {...rest} />;
}

type CellAlign = { align?: "left" | "right" | "center"; numeric?: boolean };

function alignClass({ align, numeric }: CellAlign) {
  if (align === "center") return "text-center";
  if (align === "right" || numeric) return "text-right";
  return "text-left";
}

export function Th({ className, align, numeric, scope = "col", ...rest }: ComponentProps<"th"> & CellAlign) {
  return (
    <th
      scope={scope}
      className={cx(
        "whitespace-nowrap px-3 py-2 font-medium text-xs text-zinc-500",
        alignClass({ align, numeric }),
        className,
      )}
      {...rest}
    />
  );
}

/** `numeric` right-aligns and uses tabular figures, for metrics and counts. */
export function Td({ className, align, numeric, ...rest }: ComponentProps<"td"> & CellAlign) {
  return (
    <td
      className={cx(
        "px-3 py-1.5 align-middle",
        numeric && "tabular-nums",
        alignClass({ align, numeric }),
        className,
      )}
      {...rest}
    />
  );
}
