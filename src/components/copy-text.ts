import { useEffect, useRef, useState } from 'react';

/**
 * The console's one way to the clipboard. The async Clipboard API exists only in secure contexts (https,
 * localhost); served over plain http on a LAN address `navigator.clipboard` is undefined, so the text is put in a
 * selected, unseen textarea and copied with the copy command, which browsers still allow on a click.
 */
export async function copyText(text: string): Promise<void> {
  if (window.isSecureContext && typeof navigator.clipboard?.writeText === 'function') {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.readOnly = true;
  // Set through the style object, not a style attribute: allowed under the console's CSP.
  Object.assign(area.style, { position: 'fixed', top: '0', left: '0', opacity: '0', pointerEvents: 'none' });
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.append(area);
  area.select();
  try {
    // Deprecated but the only copy where the Clipboard API is missing; it says false when refused.
    if (!document.execCommand('copy')) throw new Error('The browser refused to copy.');
  } finally {
    area.remove();
    focused?.focus();
  }
}

/** copyText with a moment of "copied" for the button that did it. */
export function useCopy(timeoutMs = 1500): { copied: boolean; copy: (text: string) => void } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    copied,
    copy: (text) => {
      void copyText(text).then(
        () => {
          setCopied(true);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setCopied(false), timeoutMs);
        },
        () => setCopied(false),
      );
    },
  };
}
