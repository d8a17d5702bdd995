import type { NextReasonView } from "./types";

/** "1 hole", "1,405 holes". */
function holesText(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "hole" : "holes"}`;
}

/** Names in prose: "A", "A and B", "A, B and C". */
function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** What a reason says, as one sentence after "Why this query:". */
export function nextReasonText(reason: NextReasonView): string {
  switch (reason.tier) {
    case "assigned":
      return "it is assigned to you.";
    case "unlabeled":
      return "nobody has labeled it yet, and it is assigned to nobody.";
    case "holes": {
      if (reason.holes === 0) return "it had holes, and they are all judged now.";
      const whose = reason.runNames.length > 0 ? ` of ${listNames(reason.runNames)}` : "";
      return `it has ${holesText(reason.holes)}: results in the top ${reason.k}${whose} that nobody judged.`;
    }
  }
}

/** Under the query opened by "Next": why it was chosen (assigned to me, unlabeled, or its holes). */
export function NextReason({ reason }: { reason: NextReasonView }) {
  return (
    <p className="mt-1 text-xs text-zinc-500" data-testid="next-reason" data-tier={reason.tier}>
      <span className="font-medium text-zinc-600">Why this query: </span>
      {nextReasonText(reason)}
    </p>
  );
}
