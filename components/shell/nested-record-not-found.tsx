"use client";

import { useParams } from "next/navigation";
import { NotFoundMessage } from "./not-found-message";

type WayBack = { href: string; label: string };

type NestedRecordNotFoundProps = {
  title: string;
  description: string;
  /** The record the unknown one was looked for in: `{path}/{id}`, `id` from the URL. */
  parent: { path: string; label: string };
  /** The list of such parents. */
  list: WayBack;
};

/**
 * The 404 of a record inside another (a set's query, a corpus's document): back to that parent
 * first. A client component only to read the parent's id from the URL: not-found files get no props.
 */
export function NestedRecordNotFound({ title, description, parent, list }: NestedRecordNotFoundProps) {
  const { id } = useParams<{ id: string }>();
  return (
    <NotFoundMessage
      title={title}
      description={description}
      links={[
        { href: `${parent.path}/${encodeURIComponent(id)}`, label: parent.label },
        list,
        { href: "/", label: "Overview" },
      ]}
    />
  );
}
