import type { LabelingNavigation } from "./types";

/** The link that opens a document in the workspace (see `LabelingNavigation`). */
export function documentHrefFor(navigation: LabelingNavigation): (documentId: string) => string {
  if (navigation.documentHref) return navigation.documentHref;
  const prefix = navigation.documentHrefPrefix;
  return (documentId) => `${prefix}${encodeURIComponent(documentId)}`;
}
