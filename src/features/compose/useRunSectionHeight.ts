import { useEffect, useRef } from 'react';

/**
 * Keeps `--run-section-height` on the workbench at the run section's height, so what the keyboard
 * focuses below it scrolls into view clear of it (the section is sticky; its height changes with
 * the width and the sender line). Written to the element's style, not to state: nothing renders
 * again when it changes.
 */
export function useRunSectionHeight() {
  const workbenchRef = useRef<HTMLDivElement>(null);
  const runRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const workbench = workbenchRef.current;
    const run = runRef.current;
    if (workbench === null || run === null || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      workbench.style.setProperty('--run-section-height', `${run.offsetHeight}px`);
    });
    observer.observe(run);
    return () => observer.disconnect();
  }, []);
  return { workbenchRef, runRef };
}
