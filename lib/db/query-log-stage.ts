import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import {
  capVariants,
  type LogEntry,
  type LogPart,
  mergeLogParts,
  toLogEntry,
} from "@/lib/logs/accumulate-log-rows";
import type { ClassifyLogQuery } from "@/lib/logs/classifier-for-entries";
import { MAX_STORED_VARIANTS } from "@/lib/logs/merge-log-query";
import { sqliteDateTime } from "./query-log-statements";

/**
 * SQLite's page cache for the stage, in KiB. It bounds what the stage keeps in memory (the
 * sort of the save order spills to temp files beyond it), whatever the size of the log.
 */
const CACHE_KIB = 8 * 1024;

/** Rows of `final` written per transaction. */
const FINAL_BATCH = 10_000;

type StagedRow = {
  firstLine: number;
  normalized: string;
  count: number;
  variants: string;
  firstSeen: number | null;
  lastSeen: number | null;
};

/**
 * Where a streamed import (importQueryLog) keeps the distinct queries of ONE log while it is
 * read: a scratch SQLite file in the temp directory, private to the import, deleted by
 * dispose(). Batches are merged into it as they come (mergeLogParts: counts summed, first line
 * and first/last seen kept, the first MAX_VARIANTS spellings), so memory is bounded by a batch
 * and the page cache, not by the log. It is not the app's database on purpose: nothing there
 * changes until the whole log is read and checked, then it is saved in one transaction — a
 * failed import leaves no trace without any clean-up, on SQLite and PostgreSQL alike, and the
 * app's database is not locked while a long file is read.
 */
export class QueryLogStage {
  private readonly insert: Database.Statement;
  private readonly lookup: Database.Statement;
  private readonly update: Database.Statement;
  private rows = 0;
  /** Open reads: SQLite cannot close while one is running, so dispose() ends them first. */
  private readonly reads = new Set<IterableIterator<unknown>>();

  private constructor(
    private readonly database: Database.Database,
    private readonly directory: string,
  ) {
    database.pragma("journal_mode = OFF");
    database.pragma("synchronous = OFF");
    database.pragma("locking_mode = EXCLUSIVE");
    database.pragma(`cache_size = -${CACHE_KIB}`);
    // The rowid only grows (each row is appended); the unique index on the normal form is what
    // a merge looks up, and what entries() reads in order.
    database.exec(`CREATE TABLE part (
      normalized TEXT NOT NULL UNIQUE, firstLine INTEGER NOT NULL, count INTEGER NOT NULL,
      variants TEXT NOT NULL, display TEXT NOT NULL, firstSeen INTEGER, lastSeen INTEGER)`);
    this.insert = database.prepare(`INSERT INTO part VALUES
      (@normalized, @firstLine, @count, @variants, @display, @firstSeen, @lastSeen)
      ON CONFLICT (normalized) DO NOTHING`);
    this.lookup = database.prepare("SELECT rowid, * FROM part WHERE normalized = ?");
    this.update = database.prepare(`UPDATE part SET firstLine = @firstLine, count = @count,
      variants = @variants, display = @display, firstSeen = @firstSeen, lastSeen = @lastSeen
      WHERE rowid = @rowid`);
  }

  /** A new stage in a folder of its own inside `parent` (the OS's temp folder by default). */
  static open(parent: string = tmpdir()): QueryLogStage {
    const directory = mkdtempSync(path.join(parent, "goldenset-log-stage-"));
    return new QueryLogStage(new Database(path.join(directory, "stage.db")), directory);
  }

  /**
   * Merges a batch (distinct queries, later in the log than every earlier batch) in one
   * transaction. In order of their normal forms: the unique index is updated page after page
   * rather than at random places (on 1M lines, random order made the stage's index the
   * import's largest cost: its pages did not fit the cache).
   */
  merge(parts: LogPart[]): void {
    const ordered = [...parts].sort(byNormalized);
    this.database.transaction(() => {
      for (const part of ordered) {
        if (this.insert.run(toRow(part)).changes === 1) {
          this.rows += 1;
          continue;
        }
        const stored = this.lookup.get(part.normalized) as StagedRow & { rowid: number };
        this.update.run({ ...toRow(mergeLogParts(fromRow(stored), part)), rowid: stored.rowid });
      }
    })();
  }

  /** Distinct queries staged so far. */
  get size(): number {
    return this.rows;
  }

  /** The display (most frequent variant) of every staged query, in no particular order. */
  displays(): IterableIterator<string> {
    return this.read(
      this.database.prepare("SELECT display FROM part").pluck().iterate(),
    ) as IterableIterator<string>;
  }

  /**
   * The staged queries as entries, in order of their normal forms (SQLite's binary order, which
   * the app's unique index on LogQuery.normalized shares): read along the stage's index without
   * sorting, and saved in that order the app's indexes grow at their ends, not at random pages.
   */
  *entries(): Generator<LogEntry> {
    const rows = this.read(this.database.prepare("SELECT * FROM part ORDER BY normalized").iterate());
    for (const row of rows) yield toLogEntry(fromRow(row as StagedRow));
  }

  private read(iterator: IterableIterator<unknown>): IterableIterator<unknown> {
    this.reads.add(iterator);
    return iterator;
  }

  /**
   * Writes the rows a save copies (table `final`, see StagedFinalRow), in order of the normal
   * forms, and closes the stage's connection so that the app's SQLite connection can attach the
   * file (copyStagedQueryLog). Classes are computed here, once per distinct query; an id is
   * drawn for every row in order (a row merged into an existing query leaves its id unused).
   */
  writeFinalRows(options: { classify: ClassifyLogQuery; nextId: () => string }): string {
    this.database.exec(`CREATE TABLE final (
      id TEXT NOT NULL, normalized TEXT NOT NULL, display TEXT NOT NULL, variants TEXT NOT NULL,
      frequency INTEGER NOT NULL, classes TEXT NOT NULL, firstSeen TEXT, lastSeen TEXT,
      firstLine INTEGER NOT NULL)`);
    const insert = this.database.prepare("INSERT INTO final VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    const write = this.database.transaction((entries: LogEntry[]) => {
      for (const entry of entries) {
        const { normalized, display } = entry;
        insert.run(
          options.nextId(),
          normalized,
          display,
          JSON.stringify(entry.variants.slice(0, MAX_STORED_VARIANTS)),
          entry.count,
          options.classify({ normalized, display }).join(","),
          sqliteDateTime(entry.firstSeen ?? null),
          sqliteDateTime(entry.lastSeen ?? null),
          entry.firstLine,
        );
      }
    });
    // Read a page at a time (by the unique index, after the last normal form read): a
    // connection cannot write while one of its reads is open.
    const page = this.database.prepare("SELECT * FROM part WHERE normalized > ? ORDER BY normalized LIMIT ?");
    let after = "";
    for (;;) {
      const rows = page.all(after, FINAL_BATCH) as StagedRow[];
      if (rows.length === 0) break;
      write(rows.map((row) => toLogEntry(fromRow(row))));
      after = rows[rows.length - 1]!.normalized;
    }
    this.database.close();
    return path.join(this.directory, "stage.db");
  }

  /** Closes and deletes the stage, also in the middle of a read (a save that failed). */
  dispose(): void {
    for (const read of this.reads) read.return?.();
    if (this.database.open) this.database.close();
    rmSync(this.directory, { recursive: true, force: true });
  }
}

function byNormalized(a: LogPart, b: LogPart): number {
  return a.normalized < b.normalized ? -1 : a.normalized > b.normalized ? 1 : 0;
}

function toRow(part: LogPart): StagedRow & { display: string } {
  const variants = capVariants(part.variants);
  return {
    firstLine: part.firstLine,
    normalized: part.normalized,
    count: part.count,
    variants: JSON.stringify(variants),
    display: mostFrequent(variants),
    firstSeen: part.firstSeen?.getTime() ?? null,
    lastSeen: part.lastSeen?.getTime() ?? null,
  };
}

/** The display: the most frequent variant, the first seen of equal ones (as toLogEntry picks it). */
function mostFrequent(variants: [string, number][]): string {
  let best = variants[0]!;
  for (const variant of variants) if (variant[1] > best[1]) best = variant;
  return best[0];
}

function fromRow(row: StagedRow): LogPart {
  const part: LogPart = {
    normalized: row.normalized,
    count: row.count,
    firstLine: row.firstLine,
    variants: JSON.parse(row.variants) as [string, number][],
  };
  if (row.firstSeen !== null && row.lastSeen !== null)
    Object.assign(part, { firstSeen: new Date(row.firstSeen), lastSeen: new Date(row.lastSeen) });
  return part;
}
