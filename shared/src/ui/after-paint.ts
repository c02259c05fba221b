import { useEffect, useState } from 'react';

/**
 * Runs `callback` once the browser has painted what is on screen now: in the task after the second
 * animation frame from now, when the first one has been drawn and shown. Code fetched from here, for
 * parts below the first screen, neither holds back the first screen's paint nor counts into its
 * Largest Contentful Paint (docs/performance.md). A hidden tab draws no frames, so there it waits until
 * the tab is shown. Returns a function that cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      frame = 0;
      timer = setTimeout(callback, 0);
    });
  });
  return () => {
    if (frame) cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** False until the screen has painted once `ready` is true (afterNextPaint), then true for good. */
export function usePainted(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (ready && !painted ? afterNextPaint(() => setPainted(true)) : undefined), [ready, painted]);
  return painted;
}
