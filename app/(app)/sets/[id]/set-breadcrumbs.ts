type Breadcrumb = { href: string; label: string };

/** The breadcrumbs of a page inside a golden set: the list of sets, the set, then `inner` ones. */
export function setBreadcrumbs(set: { id: string; name: string }, ...inner: Breadcrumb[]): Breadcrumb[] {
  return [{ href: "/sets", label: "Golden sets" }, { href: `/sets/${set.id}`, label: set.name }, ...inner];
}
