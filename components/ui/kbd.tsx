import type { ComponentProps } from "react";
import { cx } from "./cx";

export function Kbd({ className, ...rest }: ComponentProps<"kbd">) {
  return (
    <kbd
      className={cx(
        "inline-flex h-[18px] min-w-[18px] items-center justify-center rounded border border-zinc-300 border-b-2 bg-white px-1 font-mono font-medium text-[10px] text-zinc-600 leading-none",
        className,
      )}
      {...rest}
    />
  );
}
