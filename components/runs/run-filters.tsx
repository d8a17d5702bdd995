import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import { Link } from "@/components/ui/link";

type RunFilterValues = {
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
        <FilterDropDown
          name="set"
          label="Golden set"
          anyLabel="All sets"
          value={values.setId}
          options={props.sets.map((set) => ({ value: set.id, label: set.name }))}
        />
      ) : null}
      <FilterDropDown
        name="kind"
        label="Retriever"
        anyLabel="Any retriever"
        value={values.retrieverKind}
        options={Object.entries(props.kinds).map(([kind, name]) => ({ value: kind, label: name }))}
      />
      {props.setVersions.length ? (
        <FilterDropDown
          name="version"
          label="Set version"
          anyLabel="Any set version"
          value={values.setVersion === undefined ? undefined : String(values.setVersion)}
          options={props.setVersions.map((version) => ({
            value: String(version),
            label: `Set version ${version}`,
          }))}
        />
      ) : null}
      <FilterDropDown
        name="status"
        label="Status"
        anyLabel="Any status"
        value={values.status}
        options={props.statuses.map((status) => ({
          value: status,
          label: `${status[0]?.toUpperCase() ?? ""}${status.slice(1)}`,
        }))}
      />
      {props.tags.length ? (
        <FilterDropDown
          name="tag"
          label="Tag"
          anyLabel="Any tag"
          value={values.tag}
          options={props.tags.map((tag) => ({ value: tag, label: tag }))}
        />
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

/**
 * One drop-down of the filter form (uncontrolled: the GET form submits it): a label for screen
 * readers, "any" first, then the options; `name` is its URL parameter.
 */
function FilterDropDown(props: {
  name: string;
  label: string;
  anyLabel: string;
  value: string | undefined;
  options: { value: string; label: string }[];
}) {
  const id = `run-filter-${props.name}`;
  return (
    <>
      <label htmlFor={id} className={labelClass}>
        {props.label}
      </label>
      <div className="w-auto max-w-56">
        <Select id={id} name={props.name} defaultValue={props.value ?? ""} data-testid={id}>
          <option value="">{props.anyLabel}</option>
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
    </>
  );
}
