import type { TextExcerpt } from "@/lib/pooling/candidate-pool";
import { cx } from "../ui/cx";

/** A passage's context with the query's terms marked; segments are text, rendered as text. */
export function ExcerptText({ excerpt, className }: { excerpt: TextExcerpt; className?: string }) {
  return (
    <span className={cx("text-xs text-zinc-600", className)}>
      {excerpt.clippedStart ? "…" : null}
      {excerpt.segments.map((segment, index) =>
        segment.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed for a render and have no id
          <mark key={index} className="rounded-sm bg-brand-100 px-px text-zinc-900" data-testid="term-match">
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={index}>{segment.text}</span>
        ),
      )}
      {excerpt.clippedEnd ? "…" : null}
    </span>
  );
}
