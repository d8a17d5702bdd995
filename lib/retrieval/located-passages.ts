import { type LocatableHit, locateHit } from "@/lib/retrieval/locate-hit";

/** A document of the corpus a run retrieves from: its database id, external id and current text. */
/** `title` is indexed with each chunk when the chunking says `prependTitle`. */
export type RunDocument = { id: string; externalId: string; text: string; title?: string | null };

/** A passage of a document (offsets into its current text, end exclusive) with its final score. */
export type RankedPassage = { documentIndex: number; start: number; end: number; score: number };

/** What locating a system's hits dropped, for the run report. */
type LocationCounts = { unknownDocuments: number; unlocated: number };

/**
 * Hits from elsewhere (the user's system, a run file) → passages of the corpus: the document by
 * its external id, the passage by span, located text, or the whole document (lib/retrieval/locate-hit.ts).
 * Hits naming a document the corpus lacks, or whose text is not in it, are dropped and counted.
 */
export function createPassageLocator(documents: readonly RunDocument[]) {
  const byExternalId = new Map(documents.map((document, index) => [document.externalId, index]));
  const counts: LocationCounts = { unknownDocuments: 0, unlocated: 0 };
  return {
    counts,
    locate(hits: readonly (LocatableHit & { docId: string; score: number })[]): RankedPassage[] {
      return hits.flatMap((hit) => {
        const documentIndex = byExternalId.get(hit.docId);
        if (documentIndex === undefined) {
          counts.unknownDocuments += 1;
          return [];
        }
        const location = locateHit({ documentText: documents[documentIndex]!.text, hit });
        if (location.kind === "unlocated") {
          counts.unlocated += 1;
          return [];
        }
        return [{ documentIndex, start: location.start, end: location.end, score: hit.score }];
      });
    },
  };
}
