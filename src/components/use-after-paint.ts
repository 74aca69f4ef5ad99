import { useEffect, useState } from 'react';

/** How long a hidden tab (no animation frames) waits before drawing what was held back. */
const HIDDEN_TAB_MS = 100;

/**
 * False until the browser has painted a render made with `ready` true (the page's content, not its loading state),
 * then true: what a page shows below the fold can wait for this, so the content on screen is drawn and laid out
 * first, in one commit of fewer components. Below the fold only, so nothing on screen moves when it arrives.
 */
export function useAfterPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted || !ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      setPainted(true);
    };
    // A task queued from the next frame runs after that frame's paint.
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => setTimeout(done, 0)) : 0;
    timer = setTimeout(done, HIDDEN_TAB_MS);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted, ready]);
  return painted;
}
