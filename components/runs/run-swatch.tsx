/**
 * A run's line sample — its colour and dash pattern (`runColor`, `runStrokeDash`) — beside its
 * name in lists and pickers, so a run reads the same there as on every chart.
 */
export function RunSwatch({ color, dash }: { color: string; dash?: string | undefined }) {
  return (
    <svg aria-hidden="true" width="16" height="6" className="shrink-0" data-color={color}>
      <line x1="0" y1="3" x2="16" y2="3" stroke={color} strokeWidth="2.5" strokeDasharray={dash} />
    </svg>
  );
}
