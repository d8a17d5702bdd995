"use client";

import { useEffect, useRef } from "react";
import { Kbd } from "@/components/ui/kbd";
import { shortcutGroups } from "./shortcut-groups";
import type { GradeLevel } from "./types";

type ShortcutDialogProps = {
  open: boolean;
  gradeScale: GradeLevel[];
  onClose: () => void;
  /** A judge can be asked: list its keys. */
  judge?: boolean;
};

/** The cheat sheet (`?`): every key of the workspace with its meaning. Escape or a click outside closes it. */
export function ShortcutDialog({ open, gradeScale, onClose, judge = false }: ShortcutDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.focus(); // the sheet itself, not its Close button: Escape closes, nothing looks pressed
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(event) => event.target === ref.current && onClose()}
      onKeyDown={(event) => event.key === "?" && onClose()}
      aria-labelledby="shortcut-dialog-title"
      tabIndex={-1}
      data-testid="shortcut-dialog"
      className="m-auto w-[min(44rem,calc(100vw-2rem))] rounded-xl outline-none border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-900/30"
    >
      <div className="flex items-center justify-between border-zinc-100 border-b px-5 py-3">
        <h2 id="shortcut-dialog-title" className="font-semibold text-sm">
          Keyboard shortcuts
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="rounded px-1.5 text-xs text-zinc-500 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          Close <Kbd>Esc</Kbd>
        </button>
      </div>
      <div className="grid gap-x-8 gap-y-4 px-5 py-4 sm:grid-cols-2">
        {shortcutGroups(gradeScale, { judge }).map((group) => (
          <section key={group.title}>
            <h3 className="mb-1.5 font-medium text-[11px] text-zinc-500 uppercase tracking-wide">
              {group.title}
            </h3>
            {group.note ? <p className="mb-2 text-[11px] text-zinc-500">{group.note}</p> : null}
            <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-3 gap-y-1.5 text-xs">
              {group.rows.map((row) => (
                <div key={row.keys.join(" ")} className="contents">
                  <dt className="flex gap-0.5 whitespace-nowrap">
                    {row.keys.map((key) => (
                      <Kbd key={key}>{key}</Kbd>
                    ))}
                  </dt>
                  <dd className="text-zinc-700">{row.description}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <p className="border-zinc-100 border-t px-5 py-2 text-[11px] text-zinc-500">
        Keys do nothing while you type in a field. Labels are saved as you make them.
      </p>
    </dialog>
  );
}

/** One line under the labels: the keys used most, and where the rest are. */
export function ShortcutHint({ onOpen }: { onOpen: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1 text-[11px] text-zinc-500">
      <span className="inline-flex items-center gap-1">
        <Kbd>J</Kbd>
        <Kbd>K</Kbd> documents
      </span>
      <span className="inline-flex items-center gap-1">
        <Kbd>)</Kbd>
        <Kbd>]</Kbd> sentence
      </span>
      <span className="inline-flex items-center gap-1">
        <Kbd>U</Kbd> undo
      </span>
      <button
        type="button"
        onClick={onOpen}
        className="ml-auto inline-flex items-center gap-1 rounded hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        data-testid="open-shortcuts"
      >
        All keys <Kbd>?</Kbd>
      </button>
    </div>
  );
}
