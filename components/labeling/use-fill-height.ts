import { type RefObject, useLayoutEffect } from "react";

/**
 * Sizes the element to the rest of its scrolling container (the app's <main>) below where it
 * starts, on screens at least `minWidth` wide, so that its panes scroll on their own and nothing
 * around them scrolls away. Smaller screens keep the natural height (one long page).
 */
export function useFillHeight(
  ref: RefObject<HTMLElement | null>,
  options: { minWidth: number; bottomGap: number; minHeight: number },
) {
  const { minWidth, bottomGap, minHeight } = options;
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const scroller = element.closest("main") ?? document.documentElement;
    const media = window.matchMedia(`(min-width: ${minWidth}px)`);
    const update = () => {
      if (!media.matches) {
        element.style.height = "";
        return;
      }
      const top =
        element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
      element.style.height = `${Math.max(minHeight, scroller.clientHeight - top - bottomGap)}px`;
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    media.addEventListener("change", update);
    return () => {
      observer.disconnect();
      media.removeEventListener("change", update);
    };
  }, [ref, minWidth, bottomGap, minHeight]);
}
