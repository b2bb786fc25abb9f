/**
 * Focus never falls to <body>: when the focused control disappears (a closed popover, a deleted
 * row, a Cancel button that goes once the call ends) or is disabled, focus moves to the Path
 * field instead of being lost. A click on empty space is left alone.
 */
import { useEffect } from 'preact/hooks';
import { focusPath } from '../state/workbench-intents';

export function useFocusRescue(): void {
  useEffect(() => {
    function onFocusOut(event: FocusEvent) {
      const left = event.target;
      if (!(left instanceof HTMLElement) || event.relatedTarget !== null) return;
      setTimeout(() => {
        const lost = !left.isConnected || (left as HTMLButtonElement).disabled === true;
        if (lost && (document.activeElement === document.body || document.activeElement === null))
          focusPath();
      }, 0);
    }
    document.addEventListener('focusout', onFocusOut);
    return () => document.removeEventListener('focusout', onFocusOut);
  }, []);
}
