import { NotFoundMessage } from "./not-found-message";

type WayBack = { href: string; label: string };

type RecordNotFoundProps = {
  /** What the id should name, in lower case: "query log". */
  noun: string;
  /** The list such records are in, the primary way back (the overview comes after it). */
  list: WayBack;
  /** What deleting it may have come with: "its golden set". */
  deletedWith?: string;
  /** A last sentence, e.g. where such records are listed. */
  hint?: string;
};

/** The 404 of a page for one record (a run, a corpus…) whose id names none. */
export function RecordNotFound({ noun, list, deletedWith, hint }: RecordNotFoundProps) {
  const deleted = deletedWith ? `deleted along with ${deletedWith}` : "deleted";
  return (
    <NotFoundMessage
      title={`${noun.charAt(0).toUpperCase()}${noun.slice(1)} not found`}
      description={`There is no ${noun} with this id. It may have been ${deleted}, or the link may be mistyped.${hint ? ` ${hint}` : ""}`}
      links={[list, { href: "/", label: "Overview" }]}
    />
  );
}
