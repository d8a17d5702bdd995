import { formatDay } from "@/components/ui/format-date";
import { formatCount } from "@/components/ui/format-number";
import { Stat } from "@/components/ui/stat";
import type { getLogClassMix, getLogSeenRange } from "@/lib/db/log-insights";

type Props = {
  log: { lineCount: number; importedCount: number; skippedCount: number; fallbackDecoded: number };
  mix: Awaited<ReturnType<typeof getLogClassMix>>;
  seen: Awaited<ReturnType<typeof getLogSeenRange>>;
};

export function LogStats({ log, mix, seen }: Props) {
  return (
    <div className="mb-5 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      <Stat label="Lines" value={formatCount(log.lineCount)} data-testid="log-lines" />
      <Stat label="Imported" value={formatCount(log.importedCount)} data-testid="log-imported" />
      <Stat
        label="Skipped"
        value={formatCount(log.skippedCount)}
        hint="empty, too long or binary"
        data-testid="log-skipped"
      />
      <Stat
        label="Fallback-decoded"
        value={formatCount(log.fallbackDecoded)}
        hint="not UTF-8; read as Latin-1"
        data-testid="log-fallback-decoded"
      />
      <Stat label="Distinct queries" value={formatCount(mix.totalDistinct)} data-testid="log-distinct" />
      <Stat
        label="Seen"
        value={
          seen.firstSeen || seen.lastSeen ? (
            <span className="text-sm">
              {seen.firstSeen ? formatDay(seen.firstSeen) : "?"} –{" "}
              {seen.lastSeen ? formatDay(seen.lastSeen) : "?"}
            </span>
          ) : (
            <span className="text-zinc-400">–</span>
          )
        }
        hint={seen.firstSeen || seen.lastSeen ? "first – last timestamp (UTC)" : "no timestamps in this log"}
        data-testid="log-seen"
      />
    </div>
  );
}
