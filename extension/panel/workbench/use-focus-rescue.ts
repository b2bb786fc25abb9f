/**
 * Focus never falls to <body>: when the focused control disappears (a closed popover, a deleted
 * row, a Cancel button that goes once the call ends) or is disabled, focus moves to `fallback`
 * (the Path field) instead of being lost. A click on empty space is left alone.
 */
import { useEffect, useRef } from 'preact/hooks';

export function useFocusRescue(fallback: () => HTMLElement | null): void {
  const latest = useRef(fallback);
  latest.current = fallback;
  useEffect(() => {
    function onFocusOut(event: FocusEvent) {
      const left = event.target;
      if (!(left instanceof HTMLElement) || event.relatedTarget !== null) return;
      setTimeout(() => {
        const lost = !left.isConnected || (left as HTMLButtonElement).disabled === true;
        if (lost && (document.activeElement === document.body || document.activeElement === null))
          latest.current()?.focus();
      }, 0);
    }
    document.addEventListener('focusout', onFocusOut);
    return () => document.removeEventListener('focusout', onFocusOut);
  }, []);
}
