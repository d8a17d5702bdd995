import { useEffect, useEffectEvent } from "react";
import { commandForKey, type LabelingCommand } from "./labeling-shortcuts";

type Options = {
  /** Grades selectable with digit keys. */
  grades: number[];
  /** Whether a document selection exists right now (asked at key time). */
  hasSelection: () => boolean;
  execute: (command: LabelingCommand) => void;
};

/** Listens for the workspace's shortcuts on the window and hands each command to `execute`. */
export function useLabelingKeys(options: Options) {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    const command = commandForKey(
      {
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        target: target && { tagName: target.tagName, isContentEditable: target.isContentEditable },
      },
      { grades: options.grades, hasSelection: options.hasSelection() },
    );
    if (!command) return;
    event.preventDefault();
    options.execute(command);
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);
}
