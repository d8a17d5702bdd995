import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";

export type RunFilterValues = {
  search?: string | undefined;
  setId?: string | undefined;
  retrieverKind?: string | undefined;
  setVersion?: number | undefined;
  status?: string | undefined;
  tag?: string | undefined;
  showArchived: boolean;
};

type RunFiltersProps = {
  pathname: string;
  values: RunFilterValues;
  /** Sets to choose from; omitted on a set's own page. */
  sets?: { id: string; name: string }[];
  setVersions: number[];
  tags: string[];
  kinds: Readonly<Record<string, string>>;
  statuses: readonly string[];
  /** Other URL params the page keeps (a chart's selection), as hidden fields. */
  keep?: Record<string, string | undefined>;
  /** Whether any filter is set (to offer "Clear"). */
  filtered: boolean;
};

const labelClass = "sr-only";

/** A runs list's filters as a GET form: the URL holds them, so a filtered list can be shared. */
export function RunFilters(props: RunFiltersProps) {
  const { values } = props;
  return (
    <form
      method="get"
      action={props.pathname}
      className="flex flex-wrap items-center gap-2 border-zinc-100 border-b px-4 py-2.5"
      data-testid="run-filters"
    >
      {Object.entries(props.keep ?? {}).map(([name, value]) =>
        value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      <label htmlFor="run-filter-q" className={labelClass}>
        Name
      </label>
      <div className="w-52">
        <Input
          id="run-filter-q"
          name="q"
          type="search"
          defaultValue={values.search ?? ""}
          placeholder="Filter by name"
          data-testid="run-filter-name"
        />
      </div>
      {props.sets ? (
        <>
          <label htmlFor="run-filter-set" className={labelClass}>
            Golden set
          </label>
          <div className="w-auto max-w-56">
            <Select
              id="run-filter-set"
              name="set"
              defaultValue={values.setId ?? ""}
              data-testid="run-filter-set"
            >
              <option value="">All sets</option>
              {props.sets.map((set) => (
                <option key={set.id} value={set.id}>
                  {set.name}
                </option>
              ))}
            </Select>
          </div>
        </>
      ) : null}
      <label htmlFor="run-filter-kind" className={labelClass}>
        Retriever
      </label>
      <div className="w-auto max-w-56">
        <Select
          id="run-filter-kind"
          name="kind"
          defaultValue={values.retrieverKind ?? ""}
          data-testid="run-filter-kind"
        >
          <option value="">Any retriever</option>
          {Object.entries(props.kinds).map(([kind, name]) => (
            <option key={kind} value={kind}>
              {name}
            </option>
          ))}
        </Select>
      </div>
      {props.setVersions.length ? (
        <>
          <label htmlFor="run-filter-version" className={labelClass}>
            Set version
          </label>
          <div className="w-auto max-w-56">
            <Select
              id="run-filter-version"
              name="version"
              defaultValue={values.setVersion === undefined ? "" : String(values.setVersion)}
              data-testid="run-filter-version"
            >
              <option value="">Any set version</option>
              {props.setVersions.map((version) => (
                <option key={version} value={version}>
                  Set version {version}
                </option>
              ))}
            </Select>
          </div>
        </>
      ) : null}
      <label htmlFor="run-filter-status" className={labelClass}>
        Status
      </label>
      <div className="w-auto max-w-56">
        <Select
          id="run-filter-status"
          name="status"
          defaultValue={values.status ?? ""}
          data-testid="run-filter-status"
        >
          <option value="">Any status</option>
          {props.statuses.map((status) => (
            <option key={status} value={status}>
              {status[0]?.toUpperCase()}
              {status.slice(1)}
            </option>
          ))}
        </Select>
      </div>
      {props.tags.length ? (
        <>
          <label htmlFor="run-filter-tag" className={labelClass}>
            Tag
          </label>
          <div className="w-auto max-w-56">
            <Select
              id="run-filter-tag"
              name="tag"
              defaultValue={values.tag ?? ""}
              data-testid="run-filter-tag"
            >
              <option value="">Any tag</option>
              {props.tags.map((tag) => (
                <option key={tag} value={tag}>
                  {tag}
                </option>
              ))}
            </Select>
          </div>
        </>
      ) : null}
      <label className="inline-flex items-center gap-1.5 text-xs text-zinc-600">
        <input
          type="checkbox"
          name="archived"
          value="1"
          defaultChecked={values.showArchived}
          className="size-3.5 rounded border-zinc-300 accent-brand-600"
          data-testid="run-filter-archived"
        />
        Show archived
      </label>
      <Button type="submit" size="sm" data-testid="run-filter-submit">
        Filter
      </Button>
      {props.filtered ? (
        <Link
          href={{
            pathname: props.pathname,
            query: Object.fromEntries(
              Object.entries(props.keep ?? {}).filter(([, value]) => value !== undefined),
            ),
          }}
          className="text-xs text-zinc-500 hover:text-zinc-900 hover:underline"
          data-testid="run-filter-clear"
        >
          Clear
        </Link>
      ) : null}
    </form>
  );
}
