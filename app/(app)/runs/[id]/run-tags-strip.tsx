import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format-date";
import { RunTagsForm, type SaveRunTags } from "./run-tags-form";

/** When the run was made and its tags; engineers can edit the tags (`saveTags` null: read only). */
export function RunTagsStrip({
  createdAt,
  tags,
  saveTags,
}: {
  createdAt: Date;
  tags: string[];
  saveTags: SaveRunTags | null;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-500" data-testid="run-tags">
      <span>Created {formatDateTime(createdAt)}</span>
      <span aria-hidden="true">·</span>
      {tags.length ? (
        tags.map((tag) => (
          <Badge key={tag} tone="blue" data-testid="run-tag">
            {tag}
          </Badge>
        ))
      ) : (
        <span>No tags</span>
      )}
      {saveTags ? (
        <details className="group basis-full">
          <summary
            className="cursor-pointer text-xs font-medium text-brand-700 hover:underline"
            data-testid="edit-tags"
          >
            Edit tags
          </summary>
          <div className="mt-2">
            <RunTagsForm action={saveTags} tags={tags} />
          </div>
        </details>
      ) : null}
    </div>
  );
}
