"use client";

import { useEffect, useState } from "react";
import { Input } from "@/components/ui/field";
import { ClassFilterChips, type ClassOption } from "./class-filter-chips";
import { describeTotal, type LogQueryFilter } from "./log-query-grid";

/** Search box, class chips and the count of matching queries; typing waits 250 ms before it filters. */
export function LogQueryFilterBar(props: {
  filter: LogQueryFilter;
  onFilterChange: (filter: LogQueryFilter) => void;
  classes: ClassOption[];
  total: number | null;
}) {
  const { filter, onFilterChange } = props;
  const [searchInput, setSearchInput] = useState(filter.search);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (searchInput.trim() !== filter.search) onFilterChange({ ...filter, search: searchInput.trim() });
    }, 250);
    return () => clearTimeout(timer);
  }, [searchInput, filter, onFilterChange]);

  return (
    <search className="flex flex-wrap items-center gap-2 border-zinc-100 border-b px-4 py-2.5">
      <label htmlFor="log-query-search" className="sr-only">
        Search queries
      </label>
      <Input
        id="log-query-search"
        type="search"
        value={searchInput}
        onChange={(event) => setSearchInput(event.target.value)}
        placeholder="Search queries…"
        className="max-w-xs"
        data-testid="log-query-search"
      />
      <ClassFilterChips
        options={props.classes}
        value={filter.queryClass}
        onChange={(queryClass) => onFilterChange({ ...filter, queryClass })}
      />
      <span className="ml-auto text-xs text-zinc-500 tabular-nums" data-testid="log-query-total">
        {describeTotal(props.total)}
        {" · most frequent in this log first"}
      </span>
    </search>
  );
}
