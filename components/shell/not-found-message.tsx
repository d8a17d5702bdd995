import { ButtonLink } from "@/components/ui/button";

type WayBack = { href: string; label: string };

type NotFoundMessageProps = {
  /** What was not found, in plain words: "Run not found". */
  title: string;
  /** Why that may be and what to do instead. */
  description: string;
  /** The parent list first, then the overview; the first is the primary way back. */
  links: WayBack[];
};

/** The body of every 404 page: what was not found and where to go instead. */
export function NotFoundMessage({ title, description, links }: NotFoundMessageProps) {
  return (
    <section
      className="mx-auto mt-10 flex max-w-lg flex-col items-center rounded-lg border border-zinc-300 border-dashed bg-white px-6 py-10 text-center"
      data-testid="not-found"
    >
      <p className="font-medium text-xs text-zinc-400 uppercase tracking-wide">404</p>
      <h1 className="mt-1 font-semibold text-lg text-zinc-900 tracking-tight">{title}</h1>
      <p className="mt-1 text-sm text-zinc-500">{description}</p>
      <nav aria-label="Ways back" className="mt-5 flex flex-wrap justify-center gap-2">
        {links.map((link, index) => (
          <ButtonLink
            key={link.href}
            href={link.href}
            variant={index === 0 ? "primary" : "secondary"}
            size="sm"
            data-testid="not-found-link"
          >
            {link.label}
          </ButtonLink>
        ))}
      </nav>
    </section>
  );
}
