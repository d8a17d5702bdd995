import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from "react";
import { commandForKey, isWriteCommand, type KeyContext, type LabelingCommand } from "./labeling-shortcuts";

type Options = {
  /** Asked at key time: grades, and whether text or a label is selected right now. */
  context: () => KeyContext;
  /** A write is under way: writes pressed meanwhile wait their turn. */
  busy: boolean;
  execute: (command: LabelingCommand) => void;
};

/** Writes a fast typist may press ahead of the server (x x x, l then 0…); more are dropped. */
const QUEUE_LIMIT = 10;

/**
 * Listens for the workspace's shortcuts on the window and hands each command to `execute`.
 * Writes run one at a time in the order pressed: one pressed while another is under way waits
 * for it (and then sees the state it left), instead of being lost. `run` does the same for buttons.
 */
export function useLabelingKeys(options: Options) {
  const queue = useRef<LabelingCommand[]>([]);

  const run = useEffectEvent((command: LabelingCommand) => {
    const write = isWriteCommand(command, options.context());
    if (write && (options.busy || queue.current.length > 0)) {
      if (queue.current.length < QUEUE_LIMIT) queue.current.push(command);
      return;
    }
    options.execute(command);
  });

  // One queued write per render: the next looks again once this one's render is committed (busy
  // then, if it started a write; free, if it did nothing — such as an undo with nothing to undo).
  const [turn, setTurn] = useState(0);
  const drain = useEffectEvent(() => {
    if (options.busy) return;
    const next = queue.current.shift();
    if (!next) return;
    options.execute(next);
    setTurn((count) => count + 1);
  });

  const { busy } = options;
  useEffect(() => {
    if (!busy && turn >= 0) drain();
  }, [busy, turn]);

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
    run(command);
  });

  // A layout effect: the listener changes hands in the commit that shows the page. With a passive
  // effect, a key pressed just after Next showed the next query could still reach the previous
  // query's listener (d then acted on the query just left).
  useLayoutEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener("keydown", listener);
    // says the keys listen (before hydration a key press is lost): scripts and tests can wait for it
    document.documentElement.dataset.labelingKeys = "on";
    return () => {
      window.removeEventListener("keydown", listener);
      delete document.documentElement.dataset.labelingKeys;
    };
  }, []);

  return { run: (command: LabelingCommand) => run(command) };
}
