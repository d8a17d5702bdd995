"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useEffect, useEffectEvent, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import type { RepairItem } from "@/lib/curation/load-repair-queue";
import type { ActionState } from "@/lib/http/action-state";
import { RepairItemCard } from "./repair-item-card";
import { repairCommandForKey } from "./repair-keys";

type RepairQueueProps = {
  items: RepairItem[];
  /** `/sets/{id}/queries/`: re-selecting opens `<prefix><queryId>?doc=<documentId>`. */
  workspaceHrefPrefix: string;
  accept: (input: {
    labelId: string;
    documentVersion: number;
    start: number;
    end: number;
  }) => Promise<ActionState<{ documentVersion: number }>>;
  drop: (input: { labelId: string; queryId: string }) => Promise<ActionState>;
  /** Shown when no label needs repair — under the notice of the last one repaired. */
  empty: ReactNode;
};

type Notice = { tone: "success" | "error"; message: string };

/** The repair queue, from the keyboard: j/k move, 1–3 choose, a accepts, e re-selects, x drops. */
export function RepairQueue({ items, workspaceHrefPrefix, accept, drop, empty }: RepairQueueProps) {
  const router = useRouter();
  const [activeIndex, setActiveIndex] = useState(0);
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, startTransition] = useTransition();
  const active = items[Math.min(activeIndex, items.length - 1)];
  const hrefOf = (item: RepairItem) =>
    `${workspaceHrefPrefix}${encodeURIComponent(item.query.id)}?doc=${encodeURIComponent(item.document.id)}`;

  function run(action: () => Promise<ActionState<unknown>>, success: string) {
    if (pending) return;
    setNotice(null);
    startTransition(async () => {
      try {
        const result = await action();
        if (!result.ok) setNotice({ tone: "error", message: result.error });
        else {
          setNotice({ tone: "success", message: success });
          router.refresh();
        }
      } catch {
        setNotice({ tone: "error", message: "Could not save. Check your connection and try again." });
      }
    });
  }

  function acceptItem(item: RepairItem) {
    const candidate = item.candidates[chosen[item.labelId] ?? 0];
    if (!item.mayChange || !candidate) return;
    const input = {
      labelId: item.labelId,
      documentVersion: item.document.version,
      start: candidate.start,
      end: candidate.end,
    };
    run(
      () => accept(input),
      `Label on “${item.query.text}” re-anchored on version ${item.document.version}.`,
    );
  }

  function dropItem(item: RepairItem) {
    if (!item.mayChange) return;
    run(
      () => drop({ labelId: item.labelId, queryId: item.query.id }),
      `Label on “${item.query.text}” dropped; it stays in the label history.`,
    );
  }

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const target = event.target instanceof HTMLElement ? event.target : null;
    const command = repairCommandForKey({
      key: event.key,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      target: target && { tagName: target.tagName, isContentEditable: target.isContentEditable },
    });
    if (!command || !active) return;
    event.preventDefault();
    if (command.kind === "move") {
      const next = Math.min(Math.max(activeIndex + command.step, 0), items.length - 1);
      setActiveIndex(next);
      document.querySelectorAll("[data-testid='repair-item']")[next]?.scrollIntoView({ block: "nearest" });
    } else if (command.kind === "choose") {
      if (command.candidate < active.candidates.length)
        setChosen((current) => ({ ...current, [active.labelId]: command.candidate }));
    } else if (command.kind === "accept") acceptItem(active);
    else if (command.kind === "reselect") router.push(hrefOf(active));
    else if (command.kind === "drop") dropItem(active);
  });

  // `data-keys="on"` once the keys listen: before hydration a key press would be lost silently
  const [keysOn, setKeysOn] = useState(false);
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener("keydown", listener);
    setKeysOn(true);
    return () => window.removeEventListener("keydown", listener);
  }, []);

  return (
    <div className="space-y-3" data-testid="repair-queue" data-keys={keysOn ? "on" : "off"}>
      {notice ? (
        <Alert tone={notice.tone} data-testid="repair-notice">
          {notice.message}
        </Alert>
      ) : null}
      {items.length === 0 ? empty : null}
      {items.map((item, index) => (
        <RepairItemCard
          key={item.labelId}
          item={item}
          active={item === active}
          chosen={chosen[item.labelId] ?? 0}
          pending={pending}
          reselectHref={hrefOf(item)}
          onActivate={() => setActiveIndex(index)}
          onChoose={(candidate) => {
            setActiveIndex(index);
            setChosen((current) => ({ ...current, [item.labelId]: candidate }));
          }}
          onAccept={() => acceptItem(item)}
          onDrop={() => dropItem(item)}
        />
      ))}
    </div>
  );
}
