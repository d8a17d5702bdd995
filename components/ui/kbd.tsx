import type { ComponentProps } from "react";
import { cx } from "./cx";

type KbdProps = ComponentProps<"kbd"> & {
  /** "dark" for chips inside dark (primary) buttons. */
  tone?: "light" | "dark";
};

export function Kbd({ tone = "light", className, ...rest }: KbdProps) {
  return (
    <kbd
      className={cx(
        "inline-flex h-[18px] min-w-[18px] items-center justify-center rounded border border-b-2 px-1 font-mono font-medium text-[10px] leading-none",
        tone === "dark"
          ? "border-zinc-600 bg-zinc-800 text-zinc-200"
          : "border-zinc-300 bg-white text-zinc-600",
        className,
      )}
      {...rest}
    />
  );
}
