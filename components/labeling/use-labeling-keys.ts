import { useEffect, useEffectEvent } from "react";
import { commandForKey, type KeyContext, type LabelingCommand } from "./labeling-shortcuts";

type Options = {
  /** Asked at key time: grades, and whether text or a label is selected right now. */
  context: () => KeyContext;
  execute: (command: LabelingCommand) => void;
};

/** Listens for the workspace's shortcuts on the window and hands each command to `execute`. */
export function useLabelingKeys(options: Options) {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    const command = commandForKey(
      {
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        shiftKey: event.shiftKey,
        target: target && {
          tagName: target.tagName,
          isContentEditable: target.isContentEditable,
          inDialog: target.closest("dialog[open]") !== null,
        },
      },
      options.context(),
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
