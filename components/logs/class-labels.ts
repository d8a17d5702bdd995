import { QUERY_CLASS_DESCRIPTIONS, QUERY_CLASS_LABELS, type QueryClass } from "@/lib/logs/classify-query";
import { UNCLASSIFIED } from "@/lib/logs/sample-queries";

/** The human label and tooltip of a class id (UNCLASSIFIED and unknown ids included). */
export function classLabel(queryClass: string): { label: string; description: string } {
  if (queryClass in QUERY_CLASS_LABELS) {
    const known = queryClass as QueryClass;
    return { label: QUERY_CLASS_LABELS[known], description: QUERY_CLASS_DESCRIPTIONS[known] };
  }
  if (queryClass === UNCLASSIFIED)
    return { label: "Unclassified", description: "No recognizer matched: ordinary phrasing." };
  return { label: queryClass, description: queryClass };
}
