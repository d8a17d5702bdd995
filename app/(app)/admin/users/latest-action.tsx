"use client";

import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";

type LatestAction = { latest: string | null; markLatest: (key: string) => void };

const LatestActionContext = createContext<LatestAction>({ latest: null, markLatest: () => {} });

/**
 * The users page shows one confirmation or error at a time: the answer to the action taken last.
 * Each form marks itself the latest when it submits; every other form's earlier message then hides,
 * so "Added … as annotator" does not linger beside a role change it has nothing to do with.
 */
export function LatestActionProvider({ children }: { children: ReactNode }) {
  const [latest, setLatest] = useState<string | null>(null);
  const markLatest = useCallback((key: string) => setLatest(key), []);
  const value = useMemo(() => ({ latest, markLatest }), [latest, markLatest]);
  return <LatestActionContext.Provider value={value}>{children}</LatestActionContext.Provider>;
}

/**
 * For the form (or action within a row) named `key`: whether its message is the one to show, and
 * `wrap`, which marks it the latest before running a form action.
 */
export function useLatestAction(key: string) {
  const { latest, markLatest } = useContext(LatestActionContext);
  const wrap = useCallback(
    <State,>(action: (state: State, formData: FormData) => Promise<State>) =>
      (state: State, formData: FormData): Promise<State> => {
        markLatest(key);
        return action(state, formData);
      },
    [key, markLatest],
  );
  return { isLatest: latest === key, wrap };
}
