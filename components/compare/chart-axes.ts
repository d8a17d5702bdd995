/** The comparison charts' tick text. */
export const axisTick = { fontSize: 11, fill: "#71717a" };

/**
 * The y axis every comparison chart draws: a share from 0 to 1 in quarters, two decimals, its
 * name written up the side — spread onto recharts' `<YAxis>`.
 */
export function shareAxisProps(name: string) {
  return {
    domain: [0, 1] as [number, number],
    ticks: [0, 0.25, 0.5, 0.75, 1],
    tickFormatter: (value: number) => value.toFixed(2),
    tick: axisTick,
    tickLine: false,
    axisLine: false,
    width: 58,
    label: {
      value: name,
      angle: -90,
      position: "insideLeft" as const,
      offset: 4,
      fontSize: 11,
      fill: "#71717a",
    },
  };
}
