import type { QueryFlowProps } from "@/components/queue/types";
import { buttonClassName } from "@/components/ui/button";
import { Kbd } from "@/components/ui/kbd";
import { Link } from "@/components/ui/link";

function QueryLink({
  href,
  label,
  hint,
  testId = `query-${label.toLowerCase()}`,
}: {
  href: string | null;
  label: string;
  /** The key, as aria-keyshortcuts spells it ("n", "Shift+N"). */
  hint: string;
  testId?: string;
}) {
  if (!href) {
    return (
      <span
        aria-disabled="true"
        className={buttonClassName({ size: "sm", className: "pointer-events-none opacity-40" })}
      >
        {label}
      </span>
    );
  }
  return (
    <Link
      href={href}
      className={buttonClassName({ size: "sm" })}
      aria-keyshortcuts={hint}
      data-testid={testId}
    >
      {label} <Kbd>{hint.replace("Shift+", "⇧").toUpperCase()}</Kbd>
    </Link>
  );
}

/** Previous and Next query links of the labeling header; Next leaves the hole walk in fill-holes mode. */
export function QueryNav({
  flow,
}: {
  flow: Pick<QueryFlowProps, "previousHref" | "nextHref" | "leaveHolesHref">;
}) {
  return (
    <nav aria-label="Queries" className="flex items-center gap-1.5">
      <QueryLink href={flow.previousHref} label="Previous" hint="p" />
      {flow.leaveHolesHref ? (
        // in fill-holes mode N is the next hole (the hole bar); ⇧N leaves the walk
        <QueryLink href={flow.leaveHolesHref} label="Next query" hint="Shift+N" testId="query-next" />
      ) : (
        <QueryLink href={flow.nextHref} label="Next" hint="n" />
      )}
    </nav>
  );
}
