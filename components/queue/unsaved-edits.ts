import { useLayoutEffect } from "react";

// Typed text that is not saved yet — the information need and notes of the open query — is
// never dropped without a word: while an editor is dirty, every way out of the query asks
// first. A closed tab or a reload gets the browser's own question (beforeunload); a link of the
// app (the sidebar, Next, Previous, the hole bar) and the workspace's own moves (n, p, Done,
// Skip) get a confirm, which keeps the annotator on the query when they cancel.

/** What the confirm asks; the e2e tests read it. */
const LEAVE_QUESTION =
  "The information need or notes you typed are not saved. Leave this query and lose them?";

/** Editors with unsaved text, by name (one page may hold several). */
const dirtyEditors = new Set<string>();

/**
 * True when nothing typed would be lost, or the annotator agrees to lose it (the editors are then
 * treated as clean, so the page that follows does not ask again); false keeps them where they are.
 */
export function confirmLeave(): boolean {
  if (dirtyEditors.size === 0) return true;
  if (!window.confirm(LEAVE_QUESTION)) return false;
  dirtyEditors.clear();
  return true;
}

/** A click on a link that would take the page elsewhere (not a new tab, not an anchor on the page). */
function leavingLink(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self")) return false;
  if (link.hasAttribute("download")) return false;
  const url = new URL(link.href, window.location.href);
  return !(url.pathname === window.location.pathname && url.search === window.location.search && url.hash);
}

/**
 * Marks the editor `name` dirty while `dirty` holds, and guards every way out meanwhile. A layout
 * effect: the mark comes and goes in the same commit as the page that shows it, so a key pressed
 * the moment a save shows as saved is not asked about (a passive effect ran later, and n pressed
 * in between asked to lose text that was already saved).
 */
export function useUnsavedEdits(name: string, dirty: boolean) {
  useLayoutEffect(() => {
    if (!dirty) return;
    dirtyEditors.add(name);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirtyEditors.size === 0) return;
      event.preventDefault();
      event.returnValue = ""; // older browsers show the question only when this is set
    };
    // capture on window runs before React's handlers, so a cancelled click never reaches Next's Link
    const onClick = (event: MouseEvent) => {
      if (!leavingLink(event) || confirmLeave()) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("click", onClick, true);
    return () => {
      dirtyEditors.delete(name);
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("click", onClick, true);
    };
  }, [name, dirty]);
}
